import Foundation

/// A type with an XML-RPC type name, the base of ``XMLRPCDecodable`` and ``XMLRPCEncodable``.
public protocol XMLRPCTyped: SendableMetatype {
    /// The XML-RPC type name the value is read from and written as (`int`, `string`,
    /// `struct`, …), for `system.methodSignature` and messages.
    static var xmlrpcTypeName: String { get }
}

/// A type an XML-RPC value can be read into: a method's argument, a call's typed result.
///
/// `Int32`, `Int`, `Int64`, `Bool`, `String`, `Double`, `Date`, `Data`, ``XMLRPCValue``,
/// ``XMLRPCNode``, optionals (`nil` for `<nil/>`), arrays and `[String: V]` of such types
/// conform, and so does every ``XMLRPCStructConvertible`` type.
public protocol XMLRPCDecodable: XMLRPCTyped {
    /// Reads a value from a node.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/unexpectedResponse``), located when the
    ///   node came from a document, when the node holds another type or nothing.
    init(xmlrpc node: XMLRPCNode) throws(XMLRPCError)
}

/// A type that can be sent as an XML-RPC value: a typed method's result, a call's parameter.
public protocol XMLRPCEncodable: XMLRPCTyped {
    /// The value to send.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) when it cannot be sent.
    func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue
}

/// A type that is both ``XMLRPCDecodable`` and ``XMLRPCEncodable``.
public typealias XMLRPCCodable = XMLRPCDecodable & XMLRPCEncodable

extension XMLRPCNode {
    /// Reads the node's value as `type`.
    ///
    /// ```swift
    /// let people = try response[0].decode(as: [Person].self)
    /// ```
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/unexpectedResponse``) naming the place
    ///   (and, for a document, its line and column) of the first value that does not fit.
    public func decode<T: XMLRPCDecodable>(as type: T.Type = T.self) throws(XMLRPCError) -> T {
        try T(xmlrpc: self)
    }

    /// The error for a node that holds another type (or nothing) than `expected`.
    public func mismatch(expected: String) -> XMLRPCError {
        unexpected(Self.mismatch(at: path, typeName: typeName, expected: expected))
    }

    /// `value`, or the error for a node that holds another type (or nothing) than `expected`.
    func required<Value>(_ value: Value?, expected: String) throws(XMLRPCError) -> Value {
        guard let value else { throw mismatch(expected: expected) }
        return value
    }

    /// The message for a value at `path` of type `typeName` (nil: missing) where `expected` was.
    static func mismatch(at path: String, typeName: String?, expected: String) -> String {
        let place = path.isEmpty ? "the value" : path
        guard let typeName else { return "\(place) is missing, expected \(expected)" }
        let article = typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(place) is \(article) \(typeName), expected \(expected)"
    }

    /// An error about this node's value, its path first, at its place in the document.
    func located(_ reason: String) -> XMLRPCError {
        unexpected((path.isEmpty ? "the value" : path) + ": " + reason)
    }

    /// An ``XMLRPCError/Code/unexpectedResponse`` error at this node's place in the document
    /// (unlocated for a node built in Swift).
    func unexpected(_ message: String) -> XMLRPCError {
        document?.error(message, atByteOffset: byteOffset) ?? XMLRPCError(code: .unexpectedResponse, message: message)
    }

    /// This node with its path given whole (`parameter 2`), for messages about it.
    func relocated(path newPath: String) -> XMLRPCNode {
        XMLRPCNode(
            value: value, parent: parent, step: .label(newPath, position: step?.position ?? 0), document: document)
    }
}
