/// The encoding one parse reads its document in, decided once from the document's first
/// bytes by ``EncodingSniffer`` and then used by everything that looks at raw input: what
/// expat is told, the guards that measure and check bytes, and the diagnostics that
/// count lines and columns and show a line.
///
/// Deciding in one place is what keeps those in step: the guards once took input for
/// UTF-16 only when it began with a byte order mark or `<`, while expat took any input
/// whose first or second byte is 0 as UTF-16.
struct DocumentEncoding: Sendable {
    /// How the document's bytes reach expat.
    enum Form: Sendable {
        /// UTF-8 (or an ASCII-only document), read by expat itself.
        case utf8
        /// UTF-16, read by expat itself.
        case utf16(bigEndian: Bool)
        /// ISO-8859-1, read by expat itself.
        case latin1
        /// US-ASCII, read by expat itself.
        case ascii
        /// An encoding whose first byte gives a character's length: converted to UTF-8 with
        /// its table before expat sees it.
        case table(CharacterTable)
        /// Any other encoding: converted to UTF-8 by iconv before expat sees it.
        case transcoded(iconvName: String)
    }

    let form: Form
    /// The encoding's name as the document or the caller wrote it, for messages.
    let name: String

    /// The UTF-8 of a `String`, or of a document without any other sign.
    static let utf8 = DocumentEncoding(form: .utf8, name: "UTF-8")

    /// The name expat is given (`XML_SetEncoding`), so that it never decides by itself.
    var expatName: String {
        switch form {
        case .utf8, .transcoded, .table: "UTF-8"
        case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
        case .latin1: "ISO-8859-1"
        case .ascii: "US-ASCII"
        }
    }

    /// Whether expat reads UTF-16 (the surrogate check applies).
    var isUTF16: Bool {
        if case .utf16 = form { return true }
        return false
    }

    var isBigEndian: Bool {
        if case .utf16(let bigEndian) = form { return bigEndian }
        return false
    }

    /// Whether the input is converted to UTF-8 (by a table or iconv) before expat reads it.
    var isTranscoded: Bool {
        switch form {
        case .transcoded, .table: true
        case .utf8, .utf16, .latin1, .ascii: false
        }
    }

    /// How many bytes of UTF-8 one byte that expat reads can become, at most: what bounds a
    /// name or value by the size of the tag it is in.
    var rawScale: Int {
        switch form {
        case .utf8, .ascii, .transcoded, .table: 1
        case .utf16, .latin1: 2
        }
    }

    /// How the bytes that expat reads are counted and shown by diagnostics.
    var sourceEncoding: SourceLocator.Encoding {
        switch form {
        case .utf8, .ascii, .transcoded, .table: .utf8
        case .utf16(let bigEndian): bigEndian ? .utf16BigEndian : .utf16LittleEndian
        case .latin1: .singleByte
        }
    }

    /// The bytes at the start of `bytes` when they are no character of this encoding
    /// (up to the length the first byte announces), or `nil` when they are one.
    func invalidSequence(at bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let lead = bytes.first else { return nil }
        switch form {
        case .utf8:
            let length: Int =
                switch lead {
                case 0..<0x80: 1
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 0
                }
            guard length > 0 else { return [lead] }
            let sequence = Array(bytes.prefix(length))
            var iterator = sequence.makeIterator()
            var decoder = UTF8()
            if sequence.count == length, case .scalarValue = decoder.decode(&iterator) { return nil }
            let valid = sequence.dropFirst().prefix { $0 & 0xC0 == 0x80 }
            return Array(sequence.prefix(1 + valid.count))
        case .ascii:
            return lead < 0x80 ? nil : [lead]
        case .utf16, .latin1, .transcoded, .table:
            return nil
        }
    }

    /// A message for bytes that are not valid in this encoding: `bytes 0x81 0x20 are not
    /// valid Shift_JIS`.
    func invalidBytesMessage(_ bytes: [UInt8]) -> String {
        let shown = bytes.prefix(4).map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }
        let subject = bytes.count == 1 ? "byte \(shown[0]) is" : "bytes \(shown.joined(separator: " ")) are"
        return "\(subject) not valid \(name)"
    }
}
