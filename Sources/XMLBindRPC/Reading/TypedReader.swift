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
        // The type's mapping, then those of the struct types its members hold (depth first,
        // in declaration order), each once.
        var made = grammar(type)
        var pending: [(type: Any.Type, holder: Any.Type)] = [(type, type)]
        var registered = Set<ObjectIdentifier>()
        while let (next, holder) = pending.popLast() {
            guard registered.insert(ObjectIdentifier(next)).inserted else { continue }
            guard let structType = next as? any XMLRPCStructConvertible.Type else {
                throw XMLRPCError(
                    code: code,
                    message: "the XML-RPC mapping of \(holder) holds \(next), which is not XMLRPCStructConvertible")
            }
            func register<Object: XMLRPCStructConvertible>(_: Object.Type) throws(XMLRPCError) -> [Any.Type] {
                do {
                    made = try made.register(Object.xmlrpcMapping)
                } catch {
                    throw XMLRPCError(code: code, message: "the XML-RPC mapping of \(Object.self) is refused: \(error)")
                }
                return Object.xmlrpcMapping.childElementTypes
            }
            pending += try register(structType).reversed().map { ($0, next) }
        }
        binders.withLock { $0[key] = made }
        return made
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
            parsed = try XMLRPCReader.parse(data, with: binder, file: file)
        } catch {
            _ = try XMLRPCCodec.decodeResponse(data, file: file)
            throw unexpected(error, at: "[0]")
        }
        // The response's classes are those of the struct type `binder` was made for.
        func read<Object: XMLRPCStructConvertible>(_: Object.Type) throws(XMLRPCError) -> T {
            guard let response = parsed as? MethodResponseElement<Object> else {
                // Another root (a `methodCall` too): the untyped reading names it.
                _ = try XMLRPCCodec.decodeResponse(data, file: file)
                throw XMLRPCError(code: .malformedResponse, message: "the document is not a <methodResponse>")
            }
            if let fault = response.fault?.value {
                var fold = XMLRPCReader.Fold()
                let value = fold.value(fault)
                throw XMLRPCCodec.faultError(fold.node([value], data, file)[0])
            }
            let document = XMLRPCDocument(data: data, file: file, roots: [], offsets: [])
            let first = response.params?.params.first?.value
            return try TypedConversion(document: document).convert(first, as: T.self, path: "[0]")
        }
        return try read(structType)
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
        /// A bound `<value>` as `T`: its classes are those of the struct type `binder` was made for.
        func convert(_ value: Any?, in document: XMLRPCDocument?) throws(XMLRPCError) -> T {
            func convert<Object: XMLRPCStructConvertible>(_: Object.Type) throws(XMLRPCError) -> T {
                try TypedConversion(document: document).convert(
                    value as? ValueElement<Object>, as: T.self, path: node.path)
            }
            return try convert(structType)
        }
        if let source = node.document, let offset = node.byteOffset {
            let value: Any?
            do throws(XMLBindError) {
                value = try binder.parseElement(at: offset, in: source.data, file: source.file)
            } catch {
                throw unexpected(error, at: node.path)
            }
            if let value { return try convert(value, in: source) }
        }
        guard let nodeValue = node.value else { return try convert(nil, in: nil) }
        var writer = XMLRPCWriter(declaration: false)
        try writer.appendValue(nodeValue)
        let value: Any?
        do throws(XMLBindError) {
            value = try XMLRPCReader.parse(writer.takeData(), with: binder, file: "value")
        } catch {
            throw XMLRPCError(
                code: .unexpectedResponse, message: (node.path.isEmpty ? "" : node.path + ": ") + error.message)
        }
        return try convert(value, in: nil)
    }

    /// A value of the requested type that does not fit, with the typed reading's
    /// diagnostics; its message starts with `path` (`parameter 2`).
    private static func unexpected(_ error: XMLBindError, at path: String) -> XMLRPCError {
        XMLRPCError(
            code: .unexpectedResponse, message: (path.isEmpty ? "" : path + ": ") + error.message,
            origin: error.origin, diagnostics: error.diagnostics)
    }
}
