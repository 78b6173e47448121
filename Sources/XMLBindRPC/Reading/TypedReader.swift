import Foundation
import Synchronization
import XMLBind

/// Reading into a requested type that holds structs of your own (`Person`, `[Person]`,
/// `[[Person]]?`): one parse by the core engine straight into the type, with the value
/// tree's grammar (for faults), the grammar's classes for values that hold the struct type,
/// registered last, and the struct type's mappings. Other types are read from the value tree.
enum TypedReader {
    /// The binders made so far, one per struct type.
    private static let binders = Mutex<[ObjectIdentifier: XMLBinder]>([:])

    /// The struct type a requested type holds when it is that type, or arrays or
    /// optionals of it at any depth; nil for any other type.
    static func structType(of type: Any.Type) -> (any XMLRPCStructConvertible.Type)? {
        if let found = type as? any XMLRPCStructConvertible.Type { return found }
        return (type as? any TypedWrapper.Type).flatMap { structType(of: $0.wrappedType) }
    }

    /// The binder for `type`, made the first time and kept.
    ///
    /// - Throws: ``XMLRPCError`` with `code` when the type's mapping (or a nested type's)
    ///   cannot be registered.
    static func binder(for type: any XMLRPCStructConvertible.Type, code: XMLRPCError.Code) throws(XMLRPCError)
        -> XMLBinder
    {
        let key = ObjectIdentifier(type)
        if let found = binders.withLock({ $0[key] }) { return found }
        func grammar<Object: XMLRPCStructConvertible>(_: Object.Type) -> XMLBinder {
            XMLRPCReader.grammar(Object.self, on: WrittenArray<Object>.mappings(on: XMLRPCReader.binder))
        }
        var registered = Set<ObjectIdentifier>()
        let made = try registering(type, into: grammar(type), registered: &registered, code: code)
        binders.withLock { $0[key] = made }
        return made
    }

    /// `binder` with the mapping of `type` and of the struct types it holds.
    private static func registering(
        _ type: any XMLRPCStructConvertible.Type, into binder: XMLBinder, registered: inout Set<ObjectIdentifier>,
        code: XMLRPCError.Code
    ) throws(XMLRPCError) -> XMLBinder {
        guard registered.insert(ObjectIdentifier(type)).inserted else { return binder }
        func register<Object: XMLRPCStructConvertible>(_: Object.Type) throws(XMLRPCError) -> (XMLBinder, [Any.Type]) {
            do {
                return (try binder.register(Object.xmlrpcMapping), Object.xmlrpcMapping.childElementTypes)
            } catch {
                throw XMLRPCError(code: code, message: "the XML-RPC mapping of \(Object.self) is refused: \(error)")
            }
        }
        var (result, children) = try register(type)
        for child in children {
            guard let nested = child as? any XMLRPCStructConvertible.Type else {
                throw XMLRPCError(
                    code: code,
                    message: "the XML-RPC mapping of \(type) holds \(child), which is not XMLRPCStructConvertible")
            }
            result = try registering(nested, into: result, registered: &registered, code: code)
        }
        return result
    }

    /// Reads a `methodResponse` straight into `type`, or nil when `type` holds no struct of
    /// your own. A document the typed reading refuses is read again untyped, only to tell
    /// a malformed document or a fault (that reading's errors) from a value that does not
    /// fit `type` (the typed reading's diagnostics, as an unexpected response).
    static func decodeResponse<T>(_ data: Data, as type: T.Type, file: String) throws(XMLRPCError) -> T? {
        guard let structType = structType(of: T.self) else { return nil }
        let binder = try binder(for: structType, code: .unexpectedResponse)
        let parsed: Any?
        do throws(XMLBindError) {
            parsed = try parse(data, with: binder, file: file)
        } catch {
            _ = try XMLRPCCodec.decodeResponse(data, file: file)
            throw unexpected(error, at: "[0]")
        }
        guard let response = parsed as? TypedResponse else {
            // Another root: the untyped reading names it.
            _ = try XMLRPCCodec.decodeResponse(data, file: file)
            throw XMLRPCError(code: .malformedResponse, message: "the document is not a <methodResponse>")
        }
        if let fault = response.faultValue {
            var fold = XMLRPCReader.Fold()
            let value = fold.value(fault)
            let document = XMLRPCDocument(data: data, file: file, roots: [value], offsets: fold.offsets)
            throw XMLRPCCodec.faultError(XMLRPCNode(storage: .list([value]), document: document)[0])
        }
        let document = XMLRPCDocument(data: data, file: file, roots: [], offsets: [])
        return try TypedConversion(document: document).convert(response.firstValue, as: T.self, path: "[0]")
    }

    /// Reads the value of `node` as `type`, which holds a struct of your own.
    ///
    /// A node read from a document binds its own `<value>` element alone, where it is in
    /// the document (``XMLBinder/parseElement(at:in:file:)``): only its bytes are read,
    /// and errors carry the document's line, column and excerpt. A node built in Swift, or
    /// read from a document that cannot be cut (UTF-16, or an encoding converted to UTF-8
    /// first), is written by the one writer and that text read; its errors name the
    /// node's path, without a place.
    static func decode<T>(_ type: T.Type, from node: XMLRPCNode) throws(XMLRPCError) -> T {
        guard let structType = structType(of: T.self) else {
            throw XMLRPCError(code: .unexpectedResponse, message: "\(T.self) holds no XML-RPC struct type")
        }
        let binder = try binder(for: structType, code: .unexpectedResponse)
        if let source = node.document, let offset = node.byteOffset {
            let value: Any?
            do throws(XMLBindError) {
                value = try binder.parseElement(at: offset, in: source.data, file: source.file)
            } catch {
                throw unexpected(error, at: node.path)
            }
            if let value {
                return try TypedConversion(document: source).convert(value as? TypedValue, as: T.self, path: node.path)
            }
        }
        guard let nodeValue = node.value else {
            return try TypedConversion(document: nil).convert(nil, as: T.self, path: node.path)
        }
        var writer = XMLRPCWriter(declaration: false)
        try writer.appendValue(nodeValue)
        let value: Any?
        do throws(XMLBindError) {
            value = try parse(writer.takeData(), with: binder, file: "value")
        } catch {
            throw XMLRPCError(
                code: .unexpectedResponse, message: (node.path.isEmpty ? "" : node.path + ": ") + error.message)
        }
        return try TypedConversion(document: nil).convert(value as? TypedValue, as: T.self, path: node.path)
    }

    /// A value of the requested type that does not fit, with the typed reading's
    /// diagnostics; its message starts with `path` (`parameter 2`).
    private static func unexpected(_ error: XMLBindError, at path: String) -> XMLRPCError {
        XMLRPCError(
            code: .unexpectedResponse, message: (path.isEmpty ? "" : path + ": ") + error.message,
            origin: error.origin, diagnostics: error.diagnostics)
    }

    /// The root a binder reads from `data`.
    private static func parse(_ data: Data, with binder: XMLBinder, file: String?) throws(XMLBindError) -> Any? {
        do {
            return try binder.parse(data, as: Any?.self, file: file)
        } catch let error as XMLBindError {
            throw error
        } catch {
            // The binder throws only XMLBindError.
            throw XMLBindError(code: .malformedXML, message: "\(error)")
        }
    }
}

/// A typed reading's `methodResponse`, whatever struct type it was read for (any other root,
/// a `methodCall` too, is left to the untyped reading to name).
protocol TypedResponse {
    var faultValue: ValueElement<StructElement>? { get }
    /// The value of the response's one parameter, nil when there is none.
    var firstValue: (any TypedValue)? { get }
}

extension MethodResponseElement: TypedResponse {
    var faultValue: ValueElement<StructElement>? { fault?.value }
    var firstValue: (any TypedValue)? { params?.params.first?.value }
}
