extension SourceLocator {
    /// The byte offset a diagnostic's caret should point at.
    func offset(of byteOffset: Int, focus: PendingDiagnostic.Focus) -> Int {
        switch focus {
        case .offset:
            return byteOffset
        case .attributeName(let name):
            return attributeOffsets(tagStart: byteOffset, qualifiedName: name)?.name ?? byteOffset
        case .attributeValue(let name, let marker, let occurrence):
            guard let value = attributeOffsets(tagStart: byteOffset, qualifiedName: name)?.value else {
                return byteOffset
            }
            guard let marker else { return value }
            return search(marker, occurrence: occurrence, from: value) ?? value
        case .search(let marker, let occurrence):
            return search(marker, occurrence: occurrence, from: byteOffset) ?? byteOffset
        case .elementText:
            return textOffset(tagStart: byteOffset) ?? byteOffset
        }
    }

    /// The offset of the first character of an element's text that is not whitespace.
    private func textOffset(tagStart: Int) -> Int? {
        guard unitSize == 1, tagStart >= 0 else { return nil }
        let window = source.bytes(at: tagStart, count: 1 << 16)
        return window.withUnsafeBufferPointer { bytes in
            TagScanner.textStart(in: bytes).map { tagStart + $0 }
        }
    }

    /// The offset of the `occurrence`-th (0-based) appearance of `marker` at or after `start`.
    private func search(_ marker: String, occurrence: Int, from start: Int) -> Int? {
        guard start >= 0 else { return nil }
        let needle = Array(marker.utf8)
        let window = narrowed(source.bytes(at: start, count: 1 << 20))
        guard needle.count <= window.count else { return nil }
        var seen = 0
        for index in 0...(window.count - needle.count) where window[index..<index + needle.count].elementsEqual(needle)
        {
            if seen == occurrence { return start + index * unitSize }
            seen += 1
        }
        return nil
    }

    /// Byte offsets of an attribute's name and of its value's first character, found by
    /// reading the start tag that begins at `tagStart` again.
    ///
    /// expat reports positions only for whole tags; a diagnostic about one attribute
    /// should point at that attribute. UTF-16 is scanned unit by unit; names outside ASCII
    /// are found in ASCII-compatible encodings only.
    func attributeOffsets(tagStart: Int, qualifiedName: String) -> (name: Int, value: Int)? {
        guard tagStart >= 0 else { return nil }
        // A start tag longer than this is its own problem; the element's origin will do.
        let tag = narrowed(source.bytes(at: tagStart, count: 1 << 16))
        return tag.withUnsafeBufferPointer { bytes in
            TagScanner.attributeOffsets(in: bytes, qualifiedName: qualifiedName).map {
                (tagStart + $0.name * unitSize, tagStart + $0.value * unitSize)
            }
        }
    }

    /// The bytes as they are, or for UTF-16 one byte per unit: ASCII as itself, anything
    /// else as 0x80 (no markup character, and never part of a UTF-8 name), so that the
    /// scanners for ASCII-compatible text work on it and offsets scale by ``unitSize``.
    private func narrowed(_ bytes: [UInt8]) -> [UInt8] {
        guard unitSize == 2 else { return bytes }
        var units: [UInt8] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let (high, low) =
                encoding == .utf16BigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(high == 0 && low < 0x80 ? low : 0x80)
            index += 2
        }
        return units
    }
}
