/// The byte classes of DTD syntax, on UTF-8: XML's whitespace, and its name characters
/// with every byte of a multi-byte sequence taken as a letter (non-ASCII name characters
/// are allowed as XML 1.0 fifth edition allows nearly all of them).
enum DTDCharacters {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }
}
