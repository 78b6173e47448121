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
        guard unitSize == 1, start >= 0 else { return nil }
        let needle = Array(marker.utf8)
        let window = source.bytes(at: start, count: 1 << 20)
        guard needle.count <= window.count else { return nil }
        var seen = 0
        for index in 0...(window.count - needle.count) where window[index..<index + needle.count].elementsEqual(needle)
        {
            if seen == occurrence { return start + index }
            seen += 1
        }
        return nil
    }

    /// Byte offsets of an attribute's name and of its value's first character, found by
    /// reading the start tag that begins at `tagStart` again.
    ///
    /// expat reports positions only for whole tags; a diagnostic about one attribute
    /// should point at that attribute. Only ASCII-compatible encodings are scanned.
    func attributeOffsets(tagStart: Int, qualifiedName: String) -> (name: Int, value: Int)? {
        guard unitSize == 1, tagStart >= 0 else { return nil }
        // A start tag longer than this is its own problem; the element's origin will do.
        let tag = source.bytes(at: tagStart, count: 1 << 16)
        return tag.withUnsafeBufferPointer { bytes in
            TagScanner.attributeOffsets(in: bytes, qualifiedName: qualifiedName).map {
                (tagStart + $0.name, tagStart + $0.value)
            }
        }
    }
}
