internal import CExpat

// After the root element, expat reads names and name tokens with its prolog tokenizer, and
// its epilog does not wait for a token that runs to the end of a piece: it reports "junk
// after document element" at the token's start. Read whole, the same token is scanned to
// its end, and a byte that cannot come in a name stops it as an "invalid token" at that
// byte (an encoding error when the byte is no character). So `<r/>1fals\xFF` said
// `invalid-encoding` at the 0xFF whole and `malformed-xml` at the `1` in pieces cut inside
// `1fals`. Both are junk after the document element, which begins at the token's start:
// the driver reports that, whichever way the bytes arrive (found by the fuzzer).

extension ExpatDriver {
    /// The junk token that expat's "invalid token" error after the root element stands in,
    /// as how far its start lies before the error position: in bytes, and in the
    /// characters expat counts as columns. `nil` for any other error, before or inside the
    /// root element, in UTF-16 (whose bytes are not scanned here), and when the token
    /// starts before the context expat keeps.
    func junkTokenAfterRoot(_ code: XML_Error) -> (bytes: Int, characters: Int)? {
        guard code == XML_ERROR_INVALID_TOKEN, depth == 0, engine.rootByteIndex >= 0, encoding?.isUTF16 != true
        else { return nil }
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let context = XML_GetInputContext(parser, &offset, &size), offset > 0, offset <= size else {
            return nil
        }
        let before = UnsafeRawBufferPointer(start: context, count: Int(offset))
        var bytes = 0
        var characters = 0
        while bytes < before.count, Self.continuesNameToken(before[before.count - 1 - bytes]) {
            if before[before.count - 1 - bytes] & 0xC0 != 0x80 { characters += 1 }
            bytes += 1
        }
        // No name before the error (the bad byte begins the token), or one whose start
        // expat no longer keeps: expat's own report stands.
        guard bytes > 0, bytes < before.count else { return nil }
        return (bytes, characters)
    }

    /// Whether a byte can be part of a name token as expat's prolog tokenizer scans one:
    /// ASCII letters, digits, `.`, `-`, `_`, `:`, and any byte of a multi-byte character.
    static func continuesNameToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            true
        default: false
        }
    }
}
