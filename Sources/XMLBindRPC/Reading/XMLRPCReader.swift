import Foundation
import XMLBind

/// A message as read: its method name (a call's) and its values (the parameters, or a
/// fault's one value) as a node over the document they came from, for origins.
struct XMLRPCMessage: Sendable {
    var methodName: String?
    var values: XMLRPCNode
    var isFault: Bool
}

/// The one reader of XML-RPC documents: the core binder with the grammar's declarations,
/// then one fold of the bound elements into ``XMLRPCValue``.
enum XMLRPCReader {
    /// The Apache XML-RPC extensions namespace, where `ex:i8` and `ex:nil` live.
    static let extensionsNamespace = "http://ws.apache.org/xmlrpc/namespaces/extensions"

    /// The root element a document must have.
    enum Root: String, Sendable {
        case methodCall, methodResponse
    }

    /// The binder that reads methodCall and methodResponse documents into the value tree.
    static let binder: XMLBinder = grammar(
        StructElement.self,
        on: XMLBinder().registeredAtSetup(
            mapping(FaultElement.self, element: "fault").child(\.value, xml: "value").required(),
            mapping(StructElement.self, element: "struct").children(\.members),
            mapping(MemberElement.self, element: "member")
                .element(\.name).required()
                .child(\.value, xml: "value").required(),
            mapping(NilElement.self, element: "nil")
        )
        .registeredAtSetup(mapping(NilElement.self, element: "{\(extensionsNamespace)}nil")))

    /// `binder` with the grammar's classes for `<value>`s holding `Object` as structs,
    /// registered last, so that they take a document's root. Their children are declared
    /// by element name: several types are `<struct>` (and `<value>`, `<array>`…), and a
    /// child is bound with the mapping of its property's type.
    ///
    /// No `.validate` on the elements every value repeats (value, param): a check costs the
    /// engine a `ValidationContext` per element. The required children are declared
    /// (`.required()`) and the one typed element per `<value>` is a `.choice`, both checked
    /// from the engine's bit set.
    static func grammar<Object: Bindable>(_: Object.Type, on binder: XMLBinder) -> XMLBinder {
        binder.registeredAtSetup(
            mapping(MethodCallElement<Object>.self, element: "methodCall")
                .element(\.methodName).required()
                .child(\.params, xml: "params"),
            mapping(MethodResponseElement<Object>.self, element: "methodResponse")
                .child(\.params, xml: "params")
                .child(\.fault, xml: "fault")
                .validate { response, context in
                    if response.params == nil && response.fault == nil {
                        context.error("a <methodResponse> holds <params> or <fault>, and this one holds neither")
                    } else if response.params != nil && response.fault != nil {
                        context.error("a <methodResponse> holds <params> or <fault>, not both")
                    }
                },
            mapping(ParamsElement<Object>.self, element: "params").children(\.params, xml: "param"),
            mapping(ParamElement<Object>.self, element: "param").child(\.value, xml: "value").required(),
            mapping(ValueElement<Object>.self, element: "value")
                .text(\.text)
                .element(\.int, xml: "int")
                .element(\.i4, xml: "i4")
                .element(\.i8, xml: "i8")
                .element(\.extensionI8, xml: "{\(extensionsNamespace)}i8")
                .element(\.boolean, xml: "boolean")
                .element(\.string, xml: "string")
                .element(\.double, xml: "double")
                .element(\.dateTime, xml: "dateTime.iso8601", conversion: XMLRPCDateTime.conversion)
                .element(\.base64, xml: "base64")
                .child(\.object, xml: "struct")
                .child(\.array, xml: "array")
                .child(\.nilValue)
                .choice(
                    \.int, \.i4, \.i8, \.extensionI8, \.boolean, \.string, \.double, \.dateTime, \.base64,
                    \.object, \.array, \.nilValue,
                    message: "a <value> holds one typed element, and this one holds several"),
            mapping(ArrayElement<Object>.self, element: "array").child(\.data, xml: "data"),
            mapping(DataElement<Object>.self, element: "data").children(\.values, xml: "value"))
    }

    /// Reads a document whose root must be `root`.
    ///
    /// - Throws: ``XMLRPCError/Code/malformedResponse`` with the binder's diagnostics.
    static func read(_ data: Data, file: String, root: Root) throws(XMLRPCError) -> XMLRPCMessage {
        let parsed: Any?
        do throws(XMLBindError) {
            parsed = try parse(data, with: binder, file: file)
        } catch {
            throw .malformed(error, what: "XML-RPC document")
        }
        var fold = Fold()
        switch (root, parsed) {
        case (.methodResponse, let response as MethodResponseElement<StructElement>):
            let fault = response.fault?.value.map { fold.value($0) }
            let values = fault.map { [$0] } ?? fold.values(response.params)
            return XMLRPCMessage(methodName: nil, values: fold.node(values, data, file), isFault: fault != nil)
        case (.methodCall, let call as MethodCallElement<StructElement>):
            let values = fold.values(call.params)
            return XMLRPCMessage(methodName: call.methodName, values: fold.node(values, data, file), isFault: false)
        default:
            // The root is checked here rather than by a typed parse, whose message would
            // name the element classes.
            let found = parsed.map { "<\(binder.declaredElement(for: type(of: $0))?.local ?? "?")>" } ?? "nothing"
            let message = "the document is \(found), expected <\(root.rawValue)>"
            guard let offset = (parsed as? any ByteOffsetAware)?.byteOffset else {
                throw .malformed(XMLBindError(code: .unexpectedRoot, message: message), what: "XML-RPC document")
            }
            let located = binder.diagnostic(message, code: .unexpectedRoot, atByteOffset: offset, in: data, file: file)
            throw .malformed(XMLBindError(diagnostics: [located]), what: "XML-RPC document")
        }
    }

    /// The root `binder` reads from `data`.
    static func parse(_ data: Data, with binder: XMLBinder, file: String?) throws(XMLBindError) -> Any? {
        do {
            return try binder.parse(data, as: Any?.self, file: file)
        } catch let error as XMLBindError {
            throw error
        } catch {
            // The binder throws only XMLBindError; anything else is still a refused document.
            throw XMLBindError(code: .malformedXML, message: "\(error)")
        }
    }

    /// Turns bound `<value>`s into ``XMLRPCValue``s, keeping each one's start-tag offset in
    /// document order (a value before its members and elements), as ``XMLRPCDocument``
    /// finds them again.
    struct Fold {
        private(set) var offsets: [Int] = []

        /// The values of the `<param>`s (each holds one: the binder refuses one without).
        mutating func values(_ params: ParamsElement<StructElement>?) -> [XMLRPCValue] {
            params?.params.compactMap { $0.value.map { value($0) } } ?? []
        }

        /// A node holding `roots` (folded by this fold), over the document they came from.
        func node(_ roots: [XMLRPCValue], _ data: Data, _ file: String?) -> XMLRPCNode {
            let document = XMLRPCDocument(data: data, file: file, roots: roots, offsets: offsets)
            return XMLRPCNode(value: .array(roots), document: document)
        }

        /// The value a bound `<value>` holds. The binder lets it hold one typed element at
        /// most (a `.choice`), so the order of the tests only serves speed: the types
        /// documents use most come first. Text without a typed element is a string.
        mutating func value(_ element: ValueElement<StructElement>) -> XMLRPCValue {
            offsets.append(element.byteOffset)
            if let text = element.string { return .string(text) }
            if let number = element.int ?? element.i4 { return .int(number) }
            if let number = element.double { return .double(number) }
            if let flag = element.boolean { return .boolean(flag) }
            if let structValue = element.object {
                var members: [XMLRPCStruct.Member] = []
                members.reserveCapacity(structValue.members.count)
                for member in structValue.members {
                    // A member without its value is refused by the binder (`.required()`).
                    guard let memberValue = member.value else { continue }
                    members.append(XMLRPCStruct.Member(name: member.name ?? "", value: value(memberValue)))
                }
                return .struct(XMLRPCStruct(members))
            }
            if let arrayValue = element.array {
                return .array((arrayValue.data?.values ?? []).map { value($0) })
            }
            if let number = element.i8 ?? element.extensionI8 { return .i8(number) }
            if let date = element.dateTime { return .dateTime(date) }
            if let data = element.base64 { return .base64(data) }
            if element.nilValue != nil { return .nil }
            return .string(element.text ?? "")
        }
    }
}
