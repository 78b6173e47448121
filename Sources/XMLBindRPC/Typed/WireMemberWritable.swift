import Foundation
import XMLBind

/// A member type whose value ``XMLRPCStructMapping`` writes straight into the document:
/// its bytes (digits, escaped text, `1`/`0`) without an ``XMLRPCValue`` made, switched on
/// and freed per member. The mapping finds the conformance once, when a member is declared.
protocol WireMemberWritable: SendableMetatype {
    /// Writes `<value>…</value>`, as `appendValue(xmlrpcValue())` writes it.
    func appendWireValue(to writer: inout WireWriter) throws(XMLRPCError)

    /// The markup of a member of this type named by `prefix` (`<member><name>…</name>`,
    /// already escaped), made once when the member is declared.
    static func memberMarkup(prefix: String) -> WireMemberMarkup

    /// Writes the member, or nothing for a value that is left out; whether it wrote.
    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) throws(XMLRPCError) -> Bool
}

/// A member's markup, made once per member: `<member><name>…</name>` and, for the types
/// whose values start (or are written) the same way every time, the bytes up to the value
/// in one piece. A member costs a few appends rather than five, and an append costs about
/// what writing its bytes does.
struct WireMemberMarkup: Sendable {
    /// `<member><name>…</name>`.
    var prefix: String
    /// The prefix and the start of the value (`…</name><value><int>`), or a whole member.
    var opening: String
    /// A second whole form (`<boolean>0</boolean>`, an empty string), when the type has one.
    var alternative = ""
}

extension WireMemberWritable {
    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        WireMemberMarkup(prefix: prefix, opening: prefix)
    }

    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        writer.appendMarkup(markup.prefix)
        try appendWireValue(to: &writer)
        writer.append("</member>")
        return true
    }

    /// The writer of a member of this type, or nil when `path` is the key path of a
    /// property of another type. The one dynamic cast is made here, when the member is
    /// declared; the closure then reads the property through its concretely typed key path.
    ///
    /// The closure captures the key path itself (a generic struct captured by a closure costs
    /// a metadata lookup per call) and reads the property through a `modify` access
    /// (``readInPlace(_:)``): a key path read returns a copy through the standard library's
    /// generic `KeyPath` projection, which looks up metadata several times per call.
    static func memberWriter<Root>(_ path: Any, prefix: String) -> WireMemberWriting<Root>? {
        guard let keyPath = (path as? MemberKeyPath<Root, Self>)?.keyPath else { return nil }
        let markup = memberMarkup(prefix: prefix)
        return WireMemberWriting { object, writer throws(XMLRPCError) in
            try readInPlace(&object[keyPath: keyPath]).appendWireMember(markup, to: &writer)
        }
    }
}

/// The value of an `inout` argument, which a writable key path reaches in place.
@inline(__always)
private func readInPlace<Value>(_ value: inout Value) -> Value { value }

/// A member's writer, held in a class so that it can be handed back optionally: a function
/// in an `Optional` is stored in its most general form and called through reabstraction
/// thunks.
final class WireMemberWriting<Root>: Sendable {
    let write: @Sendable (inout Root, inout WireWriter) throws(XMLRPCError) -> Bool

    init(_ write: @escaping @Sendable (inout Root, inout WireWriter) throws(XMLRPCError) -> Bool) {
        self.write = write
    }
}

/// A member's key path in a value the declaration can cast to the key path's own value
/// type once it knows it (a generic struct casts between identical instantiations).
struct MemberKeyPath<Root, Value>: Sendable {
    let keyPath: WritableKeyPath<Root, Value> & Sendable
}

extension Int32: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.append("<value><int>")
        writer.appendDecimal(Int64(self))
        writer.append("</int></value>")
    }

    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        WireMemberMarkup(prefix: prefix, opening: prefix + "<value><int>")
    }

    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) -> Bool {
        writer.appendMarkup(markup.opening)
        writer.appendDecimal(Int64(self))
        writer.append("</int></value></member>")
        return true
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

    /// Both members whole: `opening` for true, `alternative` for false.
    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        WireMemberMarkup(
            prefix: prefix, opening: prefix + "<value><boolean>1</boolean></value></member>",
            alternative: prefix + "<value><boolean>0</boolean></value></member>")
    }

    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) -> Bool {
        writer.appendMarkup(self ? markup.opening : markup.alternative)
        return true
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

    /// `opening` up to the text, `alternative` the whole member of an empty string.
    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        WireMemberMarkup(
            prefix: prefix, opening: prefix + "<value><string>",
            alternative: prefix + "<value><string/></value></member>")
    }

    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        guard !isEmpty else {
            writer.appendMarkup(markup.alternative)
            return true
        }
        writer.appendMarkup(markup.opening)
        try writer.appendEscaped(self, place: "a string")
        writer.append("</string></value></member>")
        return true
    }
}

extension Double: WireMemberWritable {
    func appendWireValue(to writer: inout WireWriter) {
        writer.appendValue(double: self)
    }

    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        WireMemberMarkup(prefix: prefix, opening: prefix + "<value><double>")
    }

    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) -> Bool {
        writer.appendMarkup(markup.opening)
        writer.appendDouble(self)
        writer.append("</double></value></member>")
        return true
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

    static func memberMarkup(prefix: String) -> WireMemberMarkup {
        Wrapped.memberMarkup(prefix: prefix)
    }

    /// Nothing for `nil`: a struct leaves out its `nil` optionals.
    func appendWireMember(_ markup: WireMemberMarkup, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        guard let self else { return false }
        return try self.appendWireMember(markup, to: &writer)
    }
}
