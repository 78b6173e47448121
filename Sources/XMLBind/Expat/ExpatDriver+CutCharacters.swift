// Pieces of a UTF-8 document are handed to expat in whole characters.
//
// expat waits for the rest of a character cut at the end of a piece in most places, but not
// everywhere: after an end tag's name, inside a start tag and in a few other states its
// tokenizer reports an invalid token at the first byte of any character that cannot come
// there, before it has the character's other bytes. The driver then looks at those bytes to
// tell an encoding error from a well-formedness error (`invalidBytesAtError`), and a cut
// character looked like invalid UTF-8: the same document got `invalid-encoding` in pieces
// and `malformed-xml` whole (issue 36). Holding the cut bytes back until the next piece
// completes them gives expat the same characters whichever way the bytes arrive, at the
// cost of a look at the last three bytes of each piece.

extension ExpatDriver {
    /// Parses a piece of a document expat reads itself, in whole UTF-8 characters: the bytes
    /// of a character cut at the piece's end wait in ``cutCharacter`` for the next piece.
    func parseWholeCharacters(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> FeedResult {
        guard expatReadsUTF8 else { return parseRead(bytes, isFinal: isFinal) }
        var rest = bytes
        if let lead = cutCharacter.first {
            // Complete the held character with the first bytes of this piece, and parse it
            // alone (a 2 to 4 byte piece) when it is whole, or when no more bytes will come.
            let taken = min(Self.utf8Length(lead) - cutCharacter.count, rest.count)
            cutCharacter.append(contentsOf: rest.prefix(taken))
            rest = UnsafeRawBufferPointer(rebasing: rest[taken...])
            guard cutCharacter.count == Self.utf8Length(lead) || isFinal else { return .accepted }
            var held: [UInt8] = []
            swap(&held, &cutCharacter)
            let result = held.withUnsafeBytes { parseRead($0, isFinal: isFinal && rest.isEmpty) }
            guard case .accepted = result, !rest.isEmpty else { return result }
        }
        let cut = isFinal ? 0 : Self.cutUTF8Bytes(at: rest)
        if cut > 0 { cutCharacter.append(contentsOf: rest.suffix(cut)) }
        let whole = UnsafeRawBufferPointer(rebasing: rest[..<(rest.count - cut)])
        guard !whole.isEmpty || isFinal else { return .accepted }
        return parseRead(whole, isFinal: isFinal)
    }

    /// Whether expat reads the document as UTF-8 (it does not when expat reads UTF-16 or
    /// Latin-1 itself, nor through a transcoder, whose output is whole characters).
    var expatReadsUTF8: Bool {
        if case .utf8? = encoding?.form { true } else { false }
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 character that they do not
    /// complete: 0 to 3. Bytes that cannot begin or continue a character count as 0, so
    /// expat sees them where they stand.
    static func cutUTF8Bytes(at bytes: UnsafeRawBufferPointer) -> Int {
        var trailing = 0
        // Step back over up to three continuation bytes to the byte that leads them.
        while trailing < min(3, bytes.count), bytes[bytes.count - 1 - trailing] & 0xC0 == 0x80 {
            trailing += 1
        }
        guard trailing < bytes.count else { return 0 }
        let length = utf8Length(bytes[bytes.count - 1 - trailing])
        return length > trailing + 1 ? trailing + 1 : 0
    }

    /// The length of the UTF-8 character a byte leads, by its high bits; 1 for an ASCII byte
    /// and for bytes that lead nothing.
    static func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }
}
