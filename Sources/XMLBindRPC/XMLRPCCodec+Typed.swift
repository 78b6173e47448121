import Foundation

extension XMLRPCCodec {
    /// Reads a `methodResponse`'s first parameter straight into a type: an array of
    /// ``XMLRPCStructConvertible`` structs, one such struct, or any ``XMLRPCDecodable`` type.
    ///
    /// The result and every error are those of `decodeResponse(data, file: file)[0].decode(type)`,
    /// but for a struct or an array of structs no tree of the value is built first: members are
    /// matched by name with the mapping (next declared name first) and read into their
    /// properties as the parser delivers them, unknown members passed over. A document the
    /// direct reading does not take as it is (a fault, a member of the wrong type, a missing
    /// required member, a malformed document) is read again the two-step way, whose error is
    /// thrown.
    ///
    /// ```swift
    /// let people = try XMLRPCCodec.decodeResponse(body, as: [Person].self)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - type: The type of the first parameter.
    ///   - file: A name for the document in diagnostics (`response` by default).
    /// - Returns: The first parameter as `type`.
    /// - Throws: ``XMLRPCError``: ``XMLRPCError/Code/fault`` for a fault,
    ///   ``XMLRPCError/Code/malformedResponse`` with diagnostics for anything that is not a
    ///   methodResponse, ``XMLRPCError/Code/unexpectedResponse`` naming the member, line and
    ///   column of a value that does not fit `type`.
    public static func decodeResponse<T: XMLRPCDecodable>(
        _ data: Data, as type: T.Type, file: String? = "response"
    ) throws(XMLRPCError) -> T {
        if let value = DirectBinders.decode(data, as: T.self, file: file) { return value }
        return try decodeResponse(data, file: file)[0].decode(T.self)
    }
}
