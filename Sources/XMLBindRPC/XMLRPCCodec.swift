import Foundation
import XMLBind

/// Reads and writes XML-RPC documents (`methodCall`, `methodResponse`) through XMLBind's
/// mappings and writer, with no transport attached.
///
/// Reading goes through the same binder as every other XMLBind document, so a malformed
/// document gets located diagnostics (``XMLRPCError/diagnostics``) and the binder's limits
/// on depth, sizes and entities.
public enum XMLRPCCodec {
    /// A decoded `methodCall`.
    public struct Call: Sendable {
        /// The method's name.
        public var methodName: String
        /// The parameters, in order.
        public var parameters: [XMLRPCNode]
    }

    /// A `methodCall` document.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) when a string holds a
    ///   character XML 1.0 cannot carry.
    public static func methodCall(_ methodName: String, parameters: [XMLRPCValue]) throws(XMLRPCError) -> Data {
        var writer = XMLRPCWriter()
        writer.append("<methodCall><methodName>")
        try writer.appendEscaped(methodName, place: "the method name")
        writer.append("</methodName>")
        try writer.appendParams(parameters)
        writer.append("</methodCall>")
        return writer.takeData()
    }

    /// A `methodResponse` document with one parameter.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) when a string holds a
    ///   character XML 1.0 cannot carry.
    public static func methodResponse(_ value: XMLRPCValue) throws(XMLRPCError) -> Data {
        var writer = XMLRPCWriter()
        writer.append("<methodResponse>")
        try writer.appendParams([value])
        writer.append("</methodResponse>")
        return writer.takeData()
    }

    /// A `methodResponse` document with one parameter, from a typed value. A struct of your
    /// own (alone, or in arrays and optionals) is written by XMLBind's serializer through
    /// its ``XMLRPCStructConvertible/xmlrpcMapping``, inside this writer; any other value as
    /// `methodResponse(try value.xmlrpcValue())` writes it.
    ///
    /// ```swift
    /// let body = try XMLRPCCodec.methodResponse(encoding: people)   // [Person]
    /// ```
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) when a member cannot be
    ///   sent or a string holds a character XML 1.0 cannot carry.
    public static func methodResponse<Value: XMLRPCEncodable>(encoding value: Value) throws(XMLRPCError) -> Data {
        guard TypedReader.structType(of: Value.self) != nil else { return try methodResponse(value.xmlrpcValue()) }
        var writer = XMLRPCWriter()
        writer.append("<methodResponse><params><param>")
        try writer.appendEncodable(value)
        writer.append("</param></params></methodResponse>")
        return writer.takeData()
    }

    /// A `methodResponse` document holding a fault. A character of `string` that XML 1.0
    /// cannot carry is left out.
    public static func fault(code: Int, string: String) -> Data {
        func document(_ text: String) throws(XMLRPCError) -> Data {
            var writer = XMLRPCWriter(capacity: text.utf8.count + 256)
            writer.append("<methodResponse><fault>")
            try writer.appendValue(["faultCode": code.xmlrpcValue(), "faultString": .string(text)])
            writer.append("</fault></methodResponse>")
            return writer.takeData()
        }
        do {
            return try document(string)
        } catch {
            // Only a character XML cannot hold makes writing fail: send the string without it
            // (U+FFFE/U+FFFF too: a diagnostic quoting a body expat took for UTF-16 shows them).
            let cleaned = XMLCharacterRule.replacingDisallowed(in: string, with: nil)
            return (try? document(cleaned)) ?? Data()
        }
    }

    /// Reads a `methodResponse`: the parameters as a node (`node[0]` is the first), or the
    /// fault as an error.
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - file: A name for the document in diagnostics; `nil` names it `response`.
    /// - Throws: ``XMLRPCError``: ``XMLRPCError/Code/fault`` for a fault,
    ///   ``XMLRPCError/Code/malformedResponse`` with diagnostics for anything that is not a
    ///   methodResponse.
    public static func decodeResponse(_ data: Data, file: String? = nil) throws(XMLRPCError) -> XMLRPCNode {
        let response = try XMLRPCReader.read(data, file: file ?? "response", root: .methodResponse)
        if response.isFault { throw faultError(response.values[0]) }
        return response.values
    }

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

    /// Reads a `methodCall`.
    ///
    /// - Parameters:
    ///   - data: The document.
    ///   - file: A name for the document in diagnostics; `nil` names it `request`.
    /// - Throws: ``XMLRPCError/Code/malformedResponse`` with diagnostics for anything that
    ///   is not a methodCall.
    public static func decodeCall(_ data: Data, file: String? = nil) throws(XMLRPCError) -> Call {
        let call = try XMLRPCReader.read(data, file: file ?? "request", root: .methodCall)
        return Call(methodName: call.methodName ?? "", parameters: call.values.array ?? [])
    }

    /// The fault a `<fault>`'s value stands for; a fault without an int faultCode and a
    /// string faultString is an unexpected response, located at the value.
    static func faultError(_ fault: XMLRPCNode) -> XMLRPCError {
        guard fault.count != nil, fault.typeName == "struct" else {
            return fault.unexpected(
                "a <fault> holds a struct with faultCode and faultString, not a \(fault.typeName ?? "value")")
        }
        let code = fault["faultCode"]
        let string = fault["faultString"]
        guard let faultCode = code.int64.flatMap({ Int(exactly: $0) }) else {
            return (code.exists ? code : fault).unexpected("the fault's faultCode is missing or not an int")
        }
        guard let faultString = string.string else {
            return (string.exists ? string : fault).unexpected("the fault's faultString is missing or not a string")
        }
        return .fault(code: faultCode, faultString)
    }
}
