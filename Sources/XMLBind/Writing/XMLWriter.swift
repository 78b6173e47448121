#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes XML markup and escaped text as UTF-8 into a ``DocumentStorage``: the whole
/// document, kept in memory, or (with a sink: a file, a handle) the bytes not yet handed
/// on, passed to the sink once past a threshold.
///
/// The writer knows XML's lexical rules, not the registry: ``Serializer`` decides what
/// to write and calls it. Names are written as given (they come from registrations);
/// values are escaped in one pass that copies runs of ordinary bytes eight at a time, and
/// a character XML 1.0 cannot represent is refused with ``InvalidCharacter``, taking back
/// whatever of the value was already written. A copy of a writer writes into the same
/// storage: one writer writes one document.
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

    /// The bytes written and not yet handed on: the whole document for a writer without a
    /// sink. Appending is a capacity check and a copy into its block (no array's
    /// uniqueness check and generic append per piece).
    let output: DocumentStorage
    private let sink: Sink?
    private let flushThreshold: Int

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - sink: Where full buffers go; `nil` to keep the document in ``storage``.
    ///   - flushThreshold: The buffer size past which ``flushIfNeeded()`` hands it on.
    init(sink: Sink? = nil, flushThreshold: Int = 64 << 10) {
        self.sink = sink
        self.flushThreshold = sink == nil ? .max : max(1, flushThreshold)
        output = DocumentStorage(reservingCapacity: sink == nil ? 0 : self.flushThreshold + 4096)
    }

    /// Creates a writer that keeps the whole document in memory, never handing it on: for
    /// small documents read back whole, such as an XML-RPC message.
    ///
    /// - Parameter capacity: The bytes to reserve up front.
    package init(reservingCapacity capacity: Int) {
        sink = nil
        flushThreshold = .max
        output = DocumentStorage(reservingCapacity: max(0, capacity))
    }

    /// Without a sink: the document so far.
    var storage: DocumentStorage? { sink == nil ? output : nil }

    /// A copy of the bytes not yet handed on (for a writer without a sink, the document so
    /// far).
    package var buffer: [UInt8] {
        output.withBytes { Array($0) }
    }

    /// The bytes written from `mark` (an earlier ``count``) on, as text.
    package func text(since mark: Int) -> String {
        output.withBytes(from: mark) { String(decoding: $0, as: UTF8.self) }
    }

    /// The document written so far as `Data` (the block itself, not a copy); the writer is
    /// empty afterwards (and keeps writing into a new block).
    package mutating func takeData() -> Data {
        output.takeData()
    }

    // MARK: Markup

    /// Writes markup as it is: names, `<`, `="`, line breaks and indentation.
    @inline(__always)
    mutating func raw(_ bytes: [UInt8]) {
        output.append(bytes)
    }

    /// Writes markup held in a `String`, its UTF-8 as one contiguous run.
    @inline(__always)
    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { output.append(UnsafeRawBufferPointer($0)) }
    }

    /// Writes markup lent as bytes.
    @inline(__always)
    mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        output.append(bytes)
    }

    @inline(__always)
    mutating func raw(_ byte: UInt8) {
        output.appendByte(byte)
    }

    /// How many bytes the buffer holds.
    package var count: Int { output.count }

    /// Writes markup known when the program is built (`<value><int>`), as it is.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        output.append(text)
    }

    /// Writes an integer in decimal, without making a `String`.
    package mutating func decimal(_ value: Int64) {
        var magnitude = value.magnitude
        if value < 0 { output.appendByte(UInt8(ascii: "-")) }
        // The digits come lowest first: appended so, then turned around in place.
        let first = output.count
        repeat {
            output.appendByte(UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30)
            magnitude /= 10
        } while magnitude != 0
        output.reverse(from: first)
    }

    /// ` name="value"`, the value escaped for an attribute; `start` is ` name="`.
    @inline(__always)
    mutating func attribute(start: [UInt8], _ value: String) throws(InvalidCharacter) {
        var refused: InvalidCharacter?
        start.withUnsafeBytes { start in
            do throws(InvalidCharacter) {
                try attribute(start: start, value)
            } catch {
                refused = error
            }
        }
        if let refused { throw refused }
    }

    /// ` name="value"`, the value escaped for an attribute; `start` is ` name="`.
    @inline(__always)
    mutating func attribute(start: UnsafeRawBufferPointer, _ value: String) throws(InvalidCharacter) {
        var value = value
        let refused: InvalidCharacter? = value.withUTF8 { bytes in
            do throws(InvalidCharacter) {
                try attribute(start: start, utf8: bytes)
                return nil
            } catch {
                return error
            }
        }
        if let refused { throw refused }
    }

    /// ` name="value"`, the value (valid UTF-8, as a string's) escaped for an attribute;
    /// `start` is ` name="`.
    ///
    /// A value of up to ``escapeChunk`` bytes (nearly every one) is written with its name
    /// and closing quote into one reservation of the storage: one capacity check for the
    /// whole attribute.
    @inline(__always)
    mutating func attribute(start: UnsafeRawBufferPointer, utf8 bytes: UnsafeBufferPointer<UInt8>)
        throws(InvalidCharacter)
    {
        if bytes.count <= Self.escapeChunk {
            var refused: InvalidCharacter?
            output.appendInPlace(reserving: start.count &+ Self.escapedCapacity(bytes.count) &+ 1) { target in
                let result = Self.attribute(start: start, bytes, into: target)
                refused = result.refused
                return refused == nil ? result.written : 0
            }
            if let refused { throw refused }
            return
        }
        // A long value: in pieces.
        let mark = output.count
        output.append(start)
        do {
            try escape(bytes, inAttribute: true)
        } catch {
            output.truncate(to: mark)
            throw error
        }
        output.appendByte(0x22)
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
    @inline(__always)
    package mutating func text(_ value: String) throws(InvalidCharacter) {
        var value = value
        let refused: InvalidCharacter? = value.withUTF8 { bytes in
            do throws(InvalidCharacter) {
                try text(utf8: bytes)
                return nil
            } catch {
                return error
            }
        }
        if let refused { throw refused }
    }

    /// Character data from UTF-8 bytes (valid, as a string's), escaped as ``text(_:)`` does.
    @inline(__always)
    mutating func text(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(InvalidCharacter) {
        let mark = output.count
        do {
            try escape(bytes, inAttribute: false)
        } catch {
            output.truncate(to: mark)
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
                output.appendByte(byte)
            }
            brackets = byte == UInt8(ascii: "]") ? brackets + 1 : 0
        }
        raw("]]>")
    }

    /// Throws for the first character of `value` that XML 1.0 cannot represent
    /// (``XMLCharacterRule``).
    static func check(_ value: String) throws(InvalidCharacter) {
        for scalar in value.unicodeScalars where !XMLCharacterRule.allows(scalar) {
            throw InvalidCharacter(scalar: scalar.value)
        }
    }

    /// Appends `bytes` (a string's UTF-8) with the characters that markup gives meaning to replaced by
    /// references; in attributes also `"`, and tab and line feed, which attribute value
    /// normalization would turn into spaces. Throws, having written part of the value,
    /// for a character XML cannot hold.
    ///
    /// The bytes go straight into the storage, a piece of at most ``escapeChunk`` bytes at
    /// a time (each piece reserves room for its worst case: six bytes a byte).
    private mutating func escape(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) throws(InvalidCharacter) {
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start &+ Self.escapeChunk)
            var refused: InvalidCharacter?
            output.appendInPlace(reserving: Self.escapedCapacity(end &- start)) { target in
                let result = Self.escape(bytes, from: start, to: end, into: target, inAttribute: inAttribute)
                refused = result.refused
                return result.written
            }
            if let refused { throw refused }
            start = end
        }
    }

    /// The most bytes of a value escaped into one reservation.
    static let escapeChunk = 4096

    /// Whether none of the eight bytes of `word` needs escaping or checking: no control
    /// character, `&`, `<`, `>`, `"` or the lead byte 0xEF (of U+FFFE, U+FFFF). Tests every
    /// byte at once (the "has zero byte" bit trick), four tests for the six kinds: `<` and
    /// `>` differ only in bit 1, `"` and `&` only in bit 2. (A `"` in text then takes the
    /// byte-by-byte path, which copies it.)
    @inline(__always)
    static func isPlain(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let angle = (word | ones &* 0x02) ^ (ones &* 0x3E)
        let quoteOrAmpersand = (word | ones &* 0x04) ^ (ones &* 0x26)
        let lead = word ^ (ones &* 0xEF)
        let found =
            ((word &- ones &* 0x20) & ~word) | ((angle &- ones) & ~angle)
            | ((quoteOrAmpersand &- ones) & ~quoteOrAmpersand) | ((lead &- ones) & ~lead)
        return found & 0x8080_8080_8080_8080 == 0
    }

    // MARK: Output

    /// Hands the buffer on once it is past the threshold.
    @inline(__always)
    mutating func flushIfNeeded() throws {
        guard output.count >= flushThreshold else { return }
        try flush()
    }

    /// Hands whatever is buffered on to the sink; without one, keeps it.
    ///
    /// - Throws: ``DocumentStorage/OutOfMemory`` when the system refused the memory for
    ///   some of the bytes, or what the sink throws.
    mutating func flush() throws {
        if output.failed { throw DocumentStorage.OutOfMemory() }
        guard let sink, output.count > 0 else { return }
        try output.withBytes { try sink($0) }
        output.removeAll()
    }
}
