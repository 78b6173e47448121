import Foundation

/// Writes XML markup and escaped text as UTF-8 into a buffer, and hands full buffers on:
/// to a sink (a file, a handle) or to a ``DocumentStorage`` (a document kept in memory).
///
/// The writer knows XML's lexical rules, not the registry: ``Serializer`` decides what
/// to write and calls it. Names are written as given (they come from registrations);
/// values are escaped in one pass that copies runs of ordinary bytes whole, and a
/// character XML 1.0 cannot represent is refused with ``InvalidCharacter``, taking back
/// whatever of the value was already written.
///
/// `package`: XMLBindRPC writes its wire messages straight through it (see
/// ``init(reservingCapacity:)``), with the same escaping and refusals as the serializer.
package struct XMLWriter {
    /// A character that no XML 1.0 document can contain, even escaped: a C0 control
    /// other than tab, line feed and carriage return, or U+FFFE / U+FFFF.
    package struct InvalidCharacter: Error {
        package let scalar: UInt32

        /// `U+0007`.
        package var codePoint: String {
            let hex = String(scalar, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// Receives the written bytes in pieces, in order; `nil` keeps everything in memory.
    typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    /// The bytes not yet handed on.
    package private(set) var buffer: [UInt8] = []
    /// Without a sink: the document so far.
    let storage: DocumentStorage?
    private let sink: Sink?
    private let flushThreshold: Int

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - sink: Where full buffers go; `nil` to keep the document in ``storage``.
    ///   - flushThreshold: The buffer size past which ``flushIfNeeded()`` hands it on.
    init(sink: Sink? = nil, flushThreshold: Int = 64 << 10) {
        self.sink = sink
        storage = sink == nil ? DocumentStorage() : nil
        self.flushThreshold = max(1, flushThreshold)
        buffer.reserveCapacity(self.flushThreshold + 4096)
    }

    /// Creates a writer that keeps the whole document in ``buffer``, never handing it on
    /// (``flush()`` keeps it too): for small documents read back whole, such as an XML-RPC
    /// message.
    ///
    /// - Parameter capacity: The bytes to reserve up front.
    package init(reservingCapacity capacity: Int) {
        sink = nil
        storage = nil
        flushThreshold = .max
        buffer.reserveCapacity(max(0, capacity))
    }

    /// The document written so far as `Data` (a copy of ``buffer``'s bytes); the writer is
    /// empty afterwards (and keeps writing into a new buffer).
    package mutating func takeData() -> Data {
        var taken: [UInt8] = []
        swap(&taken, &buffer)
        return Data(taken)
    }

    // MARK: Markup

    /// Writes markup as it is: names, `<`, `="`, line breaks and indentation.
    mutating func raw(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes markup held in a `String`. Its UTF-8 is appended as one contiguous run
    /// (`withUTF8`, which is free for a native string): appending `text.utf8` goes through
    /// the generic sequence path, about 150 instructions an append.
    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    mutating func raw(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// How many bytes the buffer holds.
    package var count: Int { buffer.count }

    /// Writes markup known when the program is built (`<value><int>`), as it is.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Writes an integer in decimal, without making a `String`.
    package mutating func decimal(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        // The digits come lowest first: appended so, then turned around in place.
        let first = buffer.count
        repeat {
            buffer.append(UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30)
            magnitude /= 10
        } while magnitude != 0
        buffer[first...].reverse()
    }

    /// ` name="value"`, the value escaped for an attribute; `start` is ` name="`.
    mutating func attribute(start: [UInt8], _ value: String) throws(InvalidCharacter) {
        let mark = buffer.count
        buffer.append(contentsOf: start)
        do {
            try escape(value, inAttribute: true)
        } catch {
            buffer.removeSubrange(mark...)
            throw error
        }
        buffer.append(0x22)
    }

    /// ` name="value"`, the value escaped for an attribute.
    mutating func attribute(_ name: String, _ value: String) throws(InvalidCharacter) {
        try attribute(start: Self.attributeStart(name), value)
    }

    /// ` name="`: what comes before an attribute's value.
    static func attributeStart(_ name: String) -> [UInt8] {
        [0x20] + Array(name.utf8) + [UInt8(ascii: "="), 0x22]
    }

    // MARK: Text

    /// Character data: `&`, `<` and `>` escaped, and a carriage return written as `&#13;`
    /// (a literal one would read back as a line feed).
    package mutating func text(_ value: String) throws(InvalidCharacter) {
        let mark = buffer.count
        do {
            try escape(value, inAttribute: false)
        } catch {
            buffer.removeSubrange(mark...)
            throw error
        }
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
    /// normalization would turn into spaces. Throws, having written part of the value,
    /// for a character XML cannot hold.
    private mutating func escape(_ value: String, inAttribute: Bool) throws(InvalidCharacter) {
        var value = value
        let failure: InvalidCharacter? = value.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                // Eight bytes at a time while none of them needs a look.
                index = Self.plainWords(in: bytes, from: index, inAttribute: inAttribute)
                guard index < count else { break }
                let byte = bytes[index]
                // Every byte that needs a look is below `?` (0x3F), or the lead byte 0xEF.
                if byte > 0x3E, byte != 0xEF {
                    index &+= 1
                    continue
                }
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case UInt8(ascii: "\"") where inAttribute: replacement = "&quot;"
                case 0x0A where inAttribute: replacement = "&#10;"
                case 0x09 where inAttribute: replacement = "&#9;"
                case 0x09, 0x0A:
                    index &+= 1
                    continue
                case 0xEF:
                    // U+FFFE and U+FFFF are EF BF BE and EF BF BF in UTF-8.
                    if index + 2 < count, bytes[index + 1] == 0xBF, bytes[index + 2] >= 0xBE {
                        return InvalidCharacter(scalar: 0xFFC0 | UInt32(bytes[index + 2] & 0x3F))
                    }
                    index &+= 1
                    continue
                case 0..<0x20:
                    return InvalidCharacter(scalar: UInt32(byte))
                default:
                    index &+= 1
                    continue
                }
                if runStart < index {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                replacement.withUTF8Buffer { buffer.append(contentsOf: $0) }
                index &+= 1
                runStart = index
            }
            if runStart < count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
            return nil
        }
        if let failure { throw failure }
    }

    /// Whether none of the eight bytes of `word` needs escaping or checking: no control
    /// character, `&`, `<`, `>`, the lead byte 0xEF (of U+FFFE, U+FFFF) and, in an
    /// attribute, `"`. Tests every byte at once (the "has zero byte" bit trick).
    @inline(__always)
    static func isPlain(_ word: UInt64, inAttribute: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        @inline(__always) func has(_ byte: UInt64) -> Bool { hasZero(word ^ (ones &* byte)) }
        let hasControl = (word &- ones &* 0x20) & ~word & highs != 0
        return !hasControl && !has(0x26) && !has(0x3C) && !has(0x3E) && !has(0xEF) && !(inAttribute && has(0x22))
    }

    // MARK: Output

    /// Hands the buffer on once it is past the threshold.
    mutating func flushIfNeeded() throws {
        guard buffer.count >= flushThreshold else { return }
        try flush()
    }

    /// Hands whatever is buffered on: to the sink, or into the storage.
    mutating func flush() throws {
        // A writer made with `init(reservingCapacity:)` keeps its document in the buffer.
        guard !buffer.isEmpty, sink != nil || storage != nil else { return }
        if let sink {
            try buffer.withUnsafeBytes { try sink($0) }
        } else if let storage {
            try buffer.withUnsafeBytes { try storage.append($0) }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
