import Foundation

extension XMLRPCCodec {
    /// Reads a `methodResponse`'s first parameter straight into a type: an array of
    /// ``XMLRPCStructConvertible`` structs, one such struct, or any ``XMLRPCDecodable`` type.
    ///
    /// For a struct type of your own (or arrays and optionals of it), the document is read
    /// once by XMLBind's engine straight into `type`, with the type's mappings; any other
    /// type is decoded from the value tree, as `decodeResponse(data, file: file)[0].decode(as:
    /// type)` does. Either way a value that does not fit `type` is reported at its line and
    /// column.
    ///
    /// ```swift
    /// let people = try XMLRPCCodec.decodeResponse(body, as: [Person].self)
    /// ```
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - type: The type of the first parameter.
    ///   - file: A name for the document in diagnostics; `nil` names it `response`.
    /// - Returns: The first parameter as `type`.
    /// - Throws: ``XMLRPCError``: ``XMLRPCError/Code/fault`` for a fault,
    ///   ``XMLRPCError/Code/malformedResponse`` with diagnostics for anything that is not a
    ///   methodResponse, ``XMLRPCError/Code/unexpectedResponse`` naming the member, line and
    ///   column of a value that does not fit `type`.
    public static func decodeResponse<T: XMLRPCDecodable>(
        _ data: Data, as type: T.Type, file: String? = nil
    ) throws(XMLRPCError) -> T {
        if let typed = try TypedReader.decodeResponse(data, as: T.self, file: file ?? "response") { return typed }
        return try decodeResponse(data, file: file)[0].decode(as: T.self)
    }
}
