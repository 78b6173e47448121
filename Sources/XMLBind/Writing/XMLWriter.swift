/// Writes XML markup and escaped text as UTF-8 into a buffer, and hands the buffer to a
/// sink whenever it grows past a threshold, so a large document never exists whole.
///
/// The writer knows XML's lexical rules, not the registry: ``Serializer`` decides what
/// to write and calls it. Names are written as given (they come from registrations);
/// values are escaped, and a character XML 1.0 cannot represent is refused with
/// ``InvalidCharacter`` before anything of the value is written.
struct XMLWriter {
    /// A character that no XML 1.0 document can contain, even escaped: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    struct InvalidCharacter: Error {
        let scalar: UInt32

        /// `U+0007`.
        var codePoint: String {
            let hex = String(scalar, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Receives the written bytes in pieces, in order; `nil` keeps everything in memory.
    typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private(set) var buffer: [UInt8] = []
    private let sink: Sink?
    private let flushThreshold: Int

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - sink: Where full buffers go; `nil` to keep the whole document in ``buffer``.
    ///   - flushThreshold: The buffer size past which ``flushIfNeeded()`` hands it over.
    init(sink: Sink? = nil, flushThreshold: Int = 64 << 10) {
        self.sink = sink
        self.flushThreshold = max(1, flushThreshold)
        buffer.reserveCapacity(sink == nil ? 4096 : self.flushThreshold + 1024)
    }

    // MARK: Markup

    /// Writes markup as it is: names, `<`, `="`, line breaks and indentation.
    mutating func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    mutating func raw(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// ` name="value"`, the value escaped for an attribute.
    mutating func attribute(_ name: String, _ value: String) throws(InvalidCharacter) {
        try Self.check(value)
        buffer.append(0x20)
        raw(name)
        raw("=\"")
        escape(value, inAttribute: true)
        buffer.append(0x22)
    }

    // MARK: Text

    /// Character data: `&`, `<` and `>` escaped, and a carriage return written as `&#13;`
    /// (a literal one would read back as a line feed).
    mutating func text(_ value: String) throws(InvalidCharacter) {
        try Self.check(value)
        escape(value, inAttribute: false)
    }

    /// A CDATA section. `]]>` inside the value ends one section and starts another
    /// (`]]]]><![CDATA[>`), and a carriage return is written as `&#13;` between two
    /// sections; nothing is written for an empty value.
    mutating func cdata(_ value: String) throws(InvalidCharacter) {
        try Self.check(value)
        guard !value.isEmpty else { return }
        raw("<![CDATA[")
        var brackets = 0
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: ">") where brackets >= 2:
                raw("]]><![CDATA[>")
            case 0x0D:
                raw("]]>&#13;<![CDATA[")
            default:
                buffer.append(byte)
            }
            brackets = byte == UInt8(ascii: "]") ? brackets + 1 : 0
        }
        raw("]]>")
    }

    /// Throws for the first character of `value` that XML 1.0 cannot represent.
    static func check(_ value: String) throws(InvalidCharacter) {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in value.utf8 {
            if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
                throw InvalidCharacter(scalar: UInt32(byte))
            }
            // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
            if byte >= 0xBE, byte <= 0xBF, previous == (0xEF, 0xBF) {
                throw InvalidCharacter(scalar: 0xFFC0 | UInt32(byte & 0x3F))
            }
            previous = (previous.1, byte)
        }
    }

    /// Appends `value` with the characters that markup gives meaning to replaced by
    /// references; in attributes also `"`, and tab and line feed, which attribute value
    /// normalization would turn into spaces.
    private mutating func escape(_ value: String, inAttribute: Bool) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case 0x0D: raw("&#13;")
            case UInt8(ascii: "\"") where inAttribute: raw("&quot;")
            case 0x0A where inAttribute: raw("&#10;")
            case 0x09 where inAttribute: raw("&#9;")
            default: buffer.append(byte)
            }
        }
    }

    // MARK: Output

    /// Hands the buffer to the sink once it is past the threshold.
    mutating func flushIfNeeded() throws {
        guard sink != nil, buffer.count >= flushThreshold else { return }
        try flush()
    }

    /// Hands whatever is buffered to the sink.
    mutating func flush() throws {
        guard let sink, !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try sink($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
