extension SourceLocator {
    /// Byte offsets of an attribute's name and of its value's first character, found by
    /// reading the start tag that begins at `tagStart` again.
    ///
    /// expat reports positions only for whole tags; a diagnostic about one attribute
    /// should point at that attribute. Only ASCII-compatible encodings are scanned.
    func attributeOffsets(tagStart: Int, qualifiedName: String) -> (name: Int, value: Int)? {
        guard unitSize == 1, tagStart >= 0 else { return nil }
        // A start tag longer than this is its own problem; the element's origin will do.
        let tag = source.bytes(at: tagStart, count: 1 << 16)
        let wanted = Array(qualifiedName.utf8)
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func skipSpace() { while index < tag.count, isSpace(tag[index]) { index += 1 } }
        guard index < tag.count, tag[index] == UInt8(ascii: "<") else { return nil }
        index += 1
        while index < tag.count, !isSpace(tag[index]), tag[index] != UInt8(ascii: ">"), tag[index] != UInt8(ascii: "/") {
            index += 1
        }
        while index < tag.count {
            skipSpace()
            guard index < tag.count, tag[index] != UInt8(ascii: ">"), tag[index] != UInt8(ascii: "/") else { return nil }
            let nameStart = index
            while index < tag.count, !isSpace(tag[index]), tag[index] != UInt8(ascii: "=") { index += 1 }
            let name = tag[nameStart..<index]
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
                return (tagStart + nameStart, tagStart + valueStart)
            }
        }
        return nil
    }
}
