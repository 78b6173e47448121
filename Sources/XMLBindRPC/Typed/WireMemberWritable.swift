import Foundation
import XMLBind

/// A member type whose value ``XMLRPCStructMapping`` writes straight into the document:
/// its bytes (digits, escaped text, `1`/`0`) without an ``XMLRPCValue`` made, switched on
/// and freed per member. The mapping finds the conformance once, when a member is declared.
protocol WireMemberWritable: SendableMetatype {
    /// Writes `<value>…</value>`, as `appendValue(xmlrpcValue())` writes it.
    func appendWireValue(to writer: inout WireWriter) throws(XMLRPCError)

    /// Writes the member (`prefix` is `<member><name>…</name>`, already escaped), or nothing
    /// for a value that is left out; whether it wrote.
    func appendWireMember(prefix: String, to writer: inout WireWriter) throws(XMLRPCError) -> Bool
}

extension WireMemberWritable {
    func appendWireMember(prefix: String, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        writer.appendMarkup(prefix)
        try appendWireValue(to: &writer)
        writer.append("</member>")
        return true
    }

    /// The writer of a member of this type, or nil when `path` is the key path of a
    /// property of another type. The one dynamic cast is made here, when the member is
    /// declared; the closure then reads the property through its concretely typed key path.
    static func memberWriter<Root>(
        _ path: Any, prefix: String
    ) -> (@Sendable (Root, inout WireWriter) throws(XMLRPCError) -> Bool)? {
        guard let path = path as? MemberKeyPath<Root, Self> else { return nil }
        return { object, writer throws(XMLRPCError) in
            try object[keyPath: path.keyPath].appendWireMember(prefix: prefix, to: &writer)
        }
    }
}

/// A member's key path in a value the declaration can cast to the key path's own value
/// type once it knows it (a generic struct casts between identical instantiations).
struct MemberKeyPath<Root, Value>: Sendable {
    let keyPath: KeyPath<Root, Value> & Sendable
}

extension Int32: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.append("<value><int>")
        writer.appendDecimal(Int64(self))
        writer.append("</int></value>")
    }
}

extension Int64: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        if Int32(exactly: self) != nil {
            writer.append("<value><int>")
            writer.appendDecimal(self)
            writer.append("</int></value>")
        } else {
            writer.append("<value><i8>")
            writer.appendDecimal(self)
            writer.append("</i8></value>")
        }
    }
}

extension Int: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        Int64(self).appendWireValue(to: &writer)
    }
}

extension Bool: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.append(self ? "<value><boolean>1</boolean></value>" : "<value><boolean>0</boolean></value>")
    }
}

extension String: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) throws(XMLRPCError) {
        if isEmpty {
            writer.append("<value><string/></value>")
        } else {
            writer.append("<value><string>")
            try writer.appendEscaped(self, place: "a string")
            writer.append("</string></value>")
        }
    }
}

extension Double: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.appendValue(double: self)
    }
}

extension Date: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.append("<value><dateTime.iso8601>")
        writer.appendMarkup(XMLRPCDateTime.format(self))
        writer.append("</dateTime.iso8601></value>")
    }
}

extension Data: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) throws(XMLRPCError) {
        try writer.appendValue(.base64(self))
    }
}

extension Optional: WireMemberWritable where Wrapped: WireMemberWritable {
    /// `<nil/>`, as ``XMLRPCValue/nil`` writes it.
    func appendWireValue(to writer: inout WireWriter) throws(XMLRPCError) {
        guard let self else { return writer.append("<value><nil/></value>") }
        try self.appendWireValue(to: &writer)
    }

    /// Nothing for `nil`: a struct leaves out its `nil` optionals.
    func appendWireMember(prefix: String, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        guard let self else { return false }
        return try self.appendWireMember(prefix: prefix, to: &writer)
    }
}
