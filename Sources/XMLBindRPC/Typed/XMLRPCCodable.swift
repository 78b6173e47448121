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
        // A value read from a document goes straight from its wire tree into `T`.
        guard let wire else { return try T(xmlrpc: self) }
        return try wireReader(for: T.self).read(wire) { self }
    }

    /// The error for a node that holds another type (or nothing) than `expected`.
    public func mismatch(expected: String) -> XMLRPCError {
        let place = path.isEmpty ? "the value" : path
        let message =
            exists
            ? "\(place) is \(article(typeName ?? "value")) \(typeName ?? "value"), expected \(expected)"
            : "\(place) is missing, expected \(expected)"
        guard let document else { return XMLRPCError(code: .unexpectedResponse, message: message) }
        return document.error(message, at: origin)
    }

    private func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// This node with `prefix` put before its path, for messages about a member.
    func relocated(path newPath: String) -> XMLRPCNode {
        XMLRPCNode(storage: storage, step: .label(newPath), document: document)
    }
}
