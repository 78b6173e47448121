import Foundation
import XMLBind

/// Reads the events of one `<value>` (its start tag to its end tag) for a typed decode that
/// builds no value tree (``XMLRPCCodec/decodeResponse(_:as:file:)``), and hands what it finds
/// to its subclass through the hooks below.
///
/// It checks the events as ``WireValueReader`` does, or more strictly: a direct decode must
/// never accept a document the value reader refuses, since the refusal's diagnostic comes from
/// the reference mappings. Whatever it refuses (any thrown error) sends the document back to
/// the two-step path (tree, then typed walk), whose result or error is the one a caller sees;
/// the default hooks refuse every shape a subclass does not read.
class DirectSink {
    /// Where inside the `<value>` the events are.
    enum Place: UInt8 {
        case value, scalar, structure, member, name, array, data
    }

    /// A scalar typed element.
    enum ScalarKind: UInt8 {
        case int, i4, i8, extensionI8, boolean, string, double, dateTime, base64, nilValue
    }

    /// Thrown when the direct reading stops; the message only helps debugging.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the sink is and what it has seen, in one ``ReaderState`` held in a `let`: a
    /// `var` stored property of a class is checked for exclusivity at every access, which
    /// cost more than the rest of the sink's work per tag. Each field is read or written in
    /// one statement, and no hook is called while an access lasts.
    private struct Fields {
        var place = Place.value
        var scalarKind = ScalarKind.string
        /// Whether the `<value>` has its typed element (a second is refused).
        var hasTyped = false
        var hasName = false
        var hasMemberValue = false
        var hasData = false
        /// What the scalar typed element held, until `</value>`.
        var payload: CompactValue.Payload?
        /// The `<value>` start tag's byte offset.
        var byteOffset = -1
    }

    private let fields = ReaderState(Fields())

    /// The `<value>` start tag's byte offset.
    final var byteOffset: Int { fields.value.byteOffset }

    /// The `<value>` start tag: a new value begins.
    final func begin(_ element: ReaderElement) {
        fields.value.place = .value
        fields.value.hasTyped = false
        fields.value.payload = nil
        fields.value.byteOffset = element.byteOffset
        began()
    }

    /// A start tag inside the value; a sink to push for a member's or an array's `<value>`.
    final func start(_ element: ReaderElement) throws -> DirectSink? {
        let name = element.name
        let inNoNamespace = !element.hasNamespace
        switch fields.value.place {
        case .value:
            guard !fields.value.hasTyped else { throw Refusal(description: "a second typed element") }
            fields.value.hasTyped = true
            guard inNoNamespace else {
                fields.value.scalarKind = try Self.extensionKind(element)
                fields.value.place = .scalar
                return nil
            }
            if name.count == 6, name == ("struct" as StaticString) {
                fields.value.place = .structure
                try structBegan()
            } else if name.count == 5, name == ("array" as StaticString) {
                fields.value.place = .array
                fields.value.hasData = false
                try arrayBegan()
            } else {
                fields.value.scalarKind = try Self.scalarKind(name)
                fields.value.place = .scalar
            }
            return nil
        case .structure:
            guard inNoNamespace, name.count == 6, name == ("member" as StaticString) else {
                throw Refusal(description: "not a <member> in <struct>")
            }
            fields.value.place = .member
            fields.value.hasName = false
            fields.value.hasMemberValue = false
            try memberBegan()
            return nil
        case .member:
            guard inNoNamespace else { throw Refusal(description: "an element in a namespace") }
            if name.count == 5, name == ("value" as StaticString) {
                guard !fields.value.hasMemberValue else { throw Refusal(description: "a second <value>") }
                fields.value.hasMemberValue = true
                return try memberValueSink()
            }
            guard name.count == 4, name == ("name" as StaticString), !fields.value.hasName else {
                throw Refusal(description: "not one <name> and one <value> in <member>")
            }
            fields.value.hasName = true
            fields.value.place = .name
            return nil
        case .array:
            guard inNoNamespace, name.count == 4, name == ("data" as StaticString), !fields.value.hasData else {
                throw Refusal(description: "not one <data> in <array>")
            }
            fields.value.hasData = true
            fields.value.place = .data
            return nil
        case .data:
            guard inNoNamespace, name.count == 5, name == ("value" as StaticString) else {
                throw Refusal(description: "not a <value> in <data>")
            }
            return try elementSink()
        case .scalar, .name:
            throw Refusal(description: "an element inside a scalar")
        }
    }

    /// An end tag inside the value, or the value's own: true for the value's own.
    final func end(_ text: ReaderText) throws -> Bool {
        switch fields.value.place {
        case .value:
            // Moved out, so that handing it on retains nothing.
            if let payload = fields.value.payload.take() {
                try Self.expectNoText(text)
                try scalarEnded(payload)
            } else if !fields.value.hasTyped {
                try scalarEnded(.text(text.string))
            } else {
                try Self.expectNoText(text)
            }
            try valueEnded()
            return true
        case .scalar:
            fields.value.payload = try Self.payload(fields.value.scalarKind, text)
            fields.value.place = .value
        case .name:
            try memberNamed(text)
            fields.value.place = .member
        case .member:
            try Self.expectNoText(text)
            guard fields.value.hasName, fields.value.hasMemberValue else {
                throw Refusal(description: "a member without a name or a value")
            }
            try memberEnded()
            fields.value.place = .structure
        case .structure:
            try Self.expectNoText(text)
            try structEnded()
            fields.value.place = .value
        case .data:
            try Self.expectNoText(text)
            fields.value.place = .array
        case .array:
            try Self.expectNoText(text)
            try arrayEnded()
            fields.value.place = .value
        }
        return false
    }

    /// A sink this one pushed (for a member's or an array's `<value>`) has read its value.
    final func childEnded(_ child: DirectSink) throws {
        if fields.value.place == .member {
            try memberValueEnded(child)
        } else {
            try elementEnded(child)
        }
    }

    // MARK: Hooks: each refuses unless a subclass reads that shape.

    /// A new value begins (the sink is reused for sibling values).
    func began() {}
    /// `</value>`, after the hooks for its content.
    func valueEnded() throws {}
    /// `</value>` of a scalar, or of text without a typed element.
    func scalarEnded(_ payload: consuming CompactValue.Payload) throws { throw Refusal(description: "a scalar") }
    func structBegan() throws { throw Refusal(description: "a struct") }
    func memberBegan() throws {}
    /// `</name>`, with the name's text.
    func memberNamed(_ text: ReaderText) throws {}
    /// The sink for a member's `<value>`.
    func memberValueSink() throws -> DirectSink { throw Refusal(description: "a member") }
    func memberValueEnded(_ child: DirectSink) throws {}
    /// `</member>`, once it has had its name and value.
    func memberEnded() throws {}
    func structEnded() throws {}
    func arrayBegan() throws { throw Refusal(description: "an array") }
    /// The sink for a `<value>` in `<data>`.
    func elementSink() throws -> DirectSink { throw Refusal(description: "an array element") }
    func elementEnded(_ child: DirectSink) throws {}
    func arrayEnded() throws {}

    // MARK: Conversions, as the value reader converts.

    /// `<ex:i8>` or `<ex:nil>` (the Apache extensions' namespace): the only typed elements in
    /// a namespace the value reader accepts. Out of line: rare.
    @inline(never)
    static func extensionKind(_ element: ReaderElement) throws -> ScalarKind {
        guard element.isInNamespace(XMLRPCWire.extensionsNamespace) else {
            throw Refusal(description: "an element in a namespace")
        }
        let name = element.name
        if name == ("i8" as StaticString) { return .extensionI8 }
        if name == ("nil" as StaticString) { return .nilValue }
        throw Refusal(description: "an unknown extension element")
    }

    static func scalarKind(_ name: ReaderName) throws -> ScalarKind {
        let kind: ScalarKind? =
            switch name.count {
            case 6:
                name == ("string" as StaticString)
                    ? .string
                    : name == ("double" as StaticString) ? .double : name == ("base64" as StaticString) ? .base64 : nil
            case 3: name == ("int" as StaticString) ? .int : name == ("nil" as StaticString) ? .nilValue : nil
            case 7: name == ("boolean" as StaticString) ? .boolean : nil
            case 2: name == ("i4" as StaticString) ? .i4 : name == ("i8" as StaticString) ? .i8 : nil
            case 16: name == ("dateTime.iso8601" as StaticString) ? .dateTime : nil
            default: nil
            }
        guard let kind else { throw Refusal(description: "an unknown element in <value>") }
        return kind
    }

    /// The payload of a scalar typed element, converted with the reference mapping's conversions.
    static func payload(_ kind: ScalarKind, _ text: ReaderText) throws -> CompactValue.Payload {
        switch kind {
        case .string: .string(text.string)
        case .int: .int(try PlainScalarText.int32(text) ?? text.converted(with: Int32.xmlConversion))
        case .double: .double(try text.converted(with: Double.xmlConversion))
        case .boolean: .boolean(try PlainScalarText.boolean(text) ?? text.converted(with: Bool.xmlConversion))
        case .i4: .i4(try PlainScalarText.int32(text) ?? text.converted(with: Int32.xmlConversion))
        case .i8: .i8(try text.converted(with: Int64.xmlConversion))
        case .extensionI8: .extensionI8(try text.converted(with: Int64.xmlConversion))
        case .dateTime: .dateTime(try text.converted(with: XMLRPCWire.dateTime))
        case .base64: .base64(try text.converted(with: Data.xmlConversion))
        case .nilValue:
            try {
                try expectNoText(text)
                return .nil
            }()
        }
    }

    /// Text the reference keeps nowhere is refused unless it is whitespace.
    static func expectNoText(_ text: ReaderText) throws {
        guard text.isWhitespace else { throw Refusal(description: "text where none belongs") }
    }
}
