import Foundation
import XMLBind

/// A message as read: its method name (a call's), its values (the parameters, or a fault's
/// one value) and the document they came from, for origins.
struct XMLRPCMessage: Sendable {
    var methodName: String?
    var values: [XMLRPCValue]
    var isFault: Bool
    var document: XMLRPCDocument
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
        do {
            parsed = try binder.parse(data, as: Any?.self, file: file)
        } catch let error as XMLBindError {
            throw .malformed(error, what: "XML-RPC document")
        } catch {
            // The binder throws only XMLBindError; anything else is still a refused document.
            throw .malformed(XMLBindError(code: .malformedXML, message: "\(error)"), what: "XML-RPC document")
        }
        var fold = Fold()
        let message: (methodName: String?, values: [XMLRPCValue], isFault: Bool)
        switch (root, parsed) {
        case (.methodResponse, let response as MethodResponseElement<StructElement>):
            if let fault = response.fault?.value {
                message = (nil, [fold.value(fault)], true)
            } else {
                message = (nil, fold.values(response.params), false)
            }
        case (.methodCall, let call as MethodCallElement<StructElement>):
            message = (call.methodName, fold.values(call.params), false)
        default:
            // The root is checked here rather than by a typed parse, whose message would
            // name the element classes.
            let found = parsed.map { "<\(Self.elementName(of: $0))>" } ?? "nothing"
            let message = "the document is \(found), expected <\(root.rawValue)>"
            guard let offset = (parsed as? any ByteOffsetAware)?.byteOffset else {
                throw .malformed(XMLBindError(code: .unexpectedRoot, message: message), what: "XML-RPC document")
            }
            let located = binder.diagnostic(message, code: .unexpectedRoot, atByteOffset: offset, in: data, file: file)
            throw .malformed(XMLBindError(diagnostics: [located]), what: "XML-RPC document")
        }
        let document = XMLRPCDocument(data: data, file: file, roots: message.values, offsets: fold.offsets)
        return XMLRPCMessage(
            methodName: message.methodName, values: message.values, isFault: message.isFault, document: document)
    }

    /// The element a bound object stands for, for messages.
    private static func elementName(of object: Any) -> String {
        switch object {
        case is MethodCallElement<StructElement>: "methodCall"
        case is MethodResponseElement<StructElement>: "methodResponse"
        case is ValueElement<StructElement>: "value"
        case is StructElement: "struct"
        case is ArrayElement<StructElement>: "array"
        default: "an XML-RPC fragment"
        }
    }

    /// Turns bound `<value>`s into ``XMLRPCValue``s, keeping each one's start-tag offset in
    /// document order (a value before its members and elements), as ``XMLRPCDocument``
    /// finds them again.
    struct Fold {
        private(set) var offsets: [Int] = []

        mutating func values(_ params: ParamsElement<StructElement>?) -> [XMLRPCValue] {
            guard let params else { return [] }
            var values: [XMLRPCValue] = []
            values.reserveCapacity(params.params.count)
            for param in params.params {
                if let element = param.value { values.append(value(element)) }
            }
            return values
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
                let elements = arrayValue.data?.values ?? []
                var values: [XMLRPCValue] = []
                values.reserveCapacity(elements.count)
                for item in elements { values.append(value(item)) }
                return .array(values)
            }
            if let number = element.i8 ?? element.extensionI8 { return .i8(number) }
            if let date = element.dateTime { return .dateTime(date) }
            if let data = element.base64 { return .base64(data) }
            if element.nilValue != nil { return .nil }
            return .string(element.text ?? "")
        }
    }
}
