/// The writer's last stage: turns the UTF-8 the serializer writes into another encoding,
/// writing each character the encoding lacks as a character reference (`&#x540D;`) in
/// text and attribute values, and refusing it in a name, where XML has no escape.
///
/// It reads the markup as it goes (a small state machine over ASCII delimiters), so it
/// knows whether a character is in a name, a value, text or a CDATA section (where the
/// section is closed around the reference), and it takes the document in pieces of any
/// size, a character split between two pieces included.
final class OutputEncoder {
    /// Where the character being written stands in the markup.
    private enum Place {
        case text
        /// Inside `<…>`, outside quotes: names.
        case tag
        case value(quote: UInt8)
        case cdata
    }

    /// A character that cannot be written, in a name.
    struct Unwritable: Error {
        var character: Unicode.Scalar
        var name: String
    }

    /// The encoding's name as the caller wrote it, for messages.
    let name: String
    private let converter: Iconv
    private var place = Place.text
    /// The last bytes read, to recognise `<![CDATA[` and `]]>`.
    private var recent: [UInt8] = []
    /// The bytes of the current name so far, for a message.
    private var currentName: [UInt8] = []
    /// The start of a character split at the end of the last piece.
    private var carry: [UInt8] = []

    /// - Returns: `nil` when iconv cannot write the encoding.
    init?(iconvName: String, name: String) {
        guard let converter = Iconv(from: "UTF-8", to: iconvName) else { return nil }
        self.converter = converter
        self.name = name
    }

    /// The iconv name an encoding is written with, or `nil` for UTF-8 (written as it is)
    /// and for names no encoding has.
    static func iconvName(for name: String) -> String?? {
        guard let resolved = EncodingName.resolve(name) else { return nil }
        switch resolved {
        case .utf8: return .some(nil)
        case .utf16(let bigEndian): return bigEndian.map { $0 ? "UTF-16BE" : "UTF-16LE" } ?? "UTF-16"
        case .utf32(let bigEndian): return bigEndian.map { $0 ? "UTF-32BE" : "UTF-32LE" } ?? "UTF-32"
        case .latin1: return "ISO-8859-1"
        case .ascii: return "US-ASCII"
        case .iconv(let iconvName): return iconvName
        }
    }

    /// Encodes the next piece of UTF-8.
    ///
    /// - Throws: ``Unwritable`` for a character the encoding lacks in a name.
    func encode(_ utf8: UnsafeRawBufferPointer, isFinal: Bool = false) throws(Unwritable) -> [UInt8] {
        var input = carry
        input.append(contentsOf: utf8)
        carry = []
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 16)
        var offset = 0
        while offset < input.count {
            let (consumed, stop) = input.withUnsafeBytes {
                converter.convert(UnsafeRawBufferPointer(rebasing: $0[offset..<$0.count]), into: &output)
            }
            follow(input[offset..<offset + consumed])
            offset += consumed
            switch stop {
            case .complete:
                continue
            case .incomplete:
                if !isFinal { carry = Array(input[offset...]) }
                offset = input.count
            case .invalid:
                // iconv stops at a whole character it cannot write (the serializer's UTF-8 is valid).
                let length = Self.sequenceLength(input[offset])
                let bytes = input[offset..<min(input.count, offset + length)]
                guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else {
                    offset += 1
                    continue
                }
                try writeReference(scalar, into: &output)
                offset += bytes.count
            }
        }
        if isFinal { converter.finish(into: &output) }
        return output
    }

    private func writeReference(_ scalar: Unicode.Scalar, into output: inout [UInt8]) throws(Unwritable) {
        let reference = "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
        let markup: String
        switch place {
        case .text, .value: markup = reference
        case .cdata: markup = "]]>" + reference + "<![CDATA["
        case .tag:
            throw Unwritable(character: scalar, name: String(decoding: currentName, as: UTF8.self) + String(scalar))
        }
        _ = Array(markup.utf8).withUnsafeBytes { converter.convert($0, into: &output) }
    }

    /// Moves the markup state over bytes written as they are.
    private func follow(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes {
            switch place {
            case .text:
                if byte == UInt8(ascii: "<") {
                    place = .tag
                    currentName = []
                }
            case .tag:
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    place = .value(quote: byte)
                } else if byte == UInt8(ascii: ">") {
                    place = .text
                } else if byte == UInt8(ascii: "[") && recent.suffix(8) == Array("<![CDATA".utf8)[...] {
                    place = .cdata
                } else if byte == 0x20 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "/") {
                    currentName = []
                } else {
                    currentName.append(byte)
                }
            case .value(let quote):
                if byte == quote { place = .tag }
            case .cdata:
                if byte == UInt8(ascii: ">"), recent.suffix(2) == [0x5D, 0x5D] { place = .text }
            }
            recent.append(byte)
            if recent.count > 16 { recent.removeFirst(recent.count - 8) }
        }
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
