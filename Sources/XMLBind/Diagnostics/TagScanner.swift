/// Reads a start tag's raw bytes to find where one attribute is.
///
/// expat reports one position per tag; diagnostics and callbacks about an attribute
/// point at the attribute itself, so the tag is scanned again (rarely: only when there is
/// something to report).
enum TagScanner {
    /// Offsets, relative to the tag's `<`, of an attribute's name and of its value's first
    /// character.
    static func attributeOffsets(in tag: UnsafeBufferPointer<UInt8>, qualifiedName: String) -> (name: Int, value: Int)?
    {
        let wanted = Array(qualifiedName.utf8)
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() { while index < tag.count, isSpace(tag[index]) { index += 1 } }
        guard index < tag.count, tag[index] == UInt8(ascii: "<") else { return nil }
        index += 1
        while index < tag.count, !isSpace(tag[index]), tag[index] != UInt8(ascii: ">"), tag[index] != UInt8(ascii: "/")
        {
            index += 1
        }
        while index < tag.count {
            skipSpace()
            guard index < tag.count, tag[index] != UInt8(ascii: ">"), tag[index] != UInt8(ascii: "/") else {
                return nil
            }
            let nameStart = index
            while index < tag.count, !isSpace(tag[index]), tag[index] != UInt8(ascii: "=") { index += 1 }
            let name = UnsafeBufferPointer(rebasing: tag[nameStart..<index])
            skipSpace()
            guard index < tag.count, tag[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            skipSpace()
            guard index < tag.count, tag[index] == UInt8(ascii: "\"") || tag[index] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = tag[index]
            index += 1
            let valueStart = index
            while index < tag.count, tag[index] != quote { index += 1 }
            index += 1
            if name.elementsEqual(wanted) {
                return (nameStart, valueStart)
            }
        }
        return nil
    }

    /// The offset, relative to a start tag's `<`, of the element's first text character
    /// that is not whitespace, looking into a CDATA section that opens the content; `nil`
    /// when the tag is empty (`<a/>`), does not end in `bytes`, or the content starts with
    /// other markup.
    static func textStart(in tag: UnsafeBufferPointer<UInt8>) -> Int? {
        guard tag.first == UInt8(ascii: "<") else { return nil }
        var index = 1
        var quote: UInt8? = nil
        while index < tag.count {
            let byte = tag[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        guard index < tag.count, tag[index - 1] != UInt8(ascii: "/") else { return nil }
        index += 1
        let cdata = Array("<![CDATA[".utf8)
        while index < tag.count {
            let byte = tag[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
            } else if byte == UInt8(ascii: "<") {
                guard tag[index...].starts(with: cdata) else { return nil }
                index += cdata.count
            } else {
                return index
            }
        }
        return nil
    }

    /// How far `offset` bytes into UTF-8 text moves a position: lines added, and the
    /// column reached (counted from 1 when a line break was crossed, else added to the
    /// starting column).
    static func advance(over bytes: UnsafeBufferPointer<UInt8>, count: Int) -> (
        lines: Int, column: Int, crossedLine: Bool
    ) {
        var lines = 0
        var column = 0
        var crossed = false
        var afterCR = false
        for byte in bytes.prefix(count) {
            if byte == 0x0A {
                if !afterCR { lines += 1 }
                column = 0
                crossed = true
                afterCR = false
            } else if byte == 0x0D {
                lines += 1
                column = 0
                crossed = true
                afterCR = true
            } else {
                afterCR = false
                if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
        return (lines, column, crossed)
    }
}
