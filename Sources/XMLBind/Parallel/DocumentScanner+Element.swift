/// One element of a document, cut out to be bound alone (see
/// ``XMLBinder/parseElement(at:in:file:)``): what its parser must read before it, and
/// where it ends.
extension DocumentScanner {
    /// What reading the element at an offset alone needs.
    struct ElementScope {
        /// The XML declaration and the document type declaration, as ``prolog(_:_:)``
        /// gives them (on one line), so that the element's bytes are read in the document's
        /// encoding and with its entities.
        var prolog: [UInt8]
        /// The namespace declarations in scope at the element, as written, each prefix once.
        var declarations: [UInt8]
        /// The elements open around it.
        var depth: Int
        /// The offset after its end tag (or after its empty start tag).
        var end: Int
    }

    /// The scope of the element whose start tag's `<` is at `offset`, or nil when no start
    /// tag is there or the document does not close it.
    ///
    /// Reads the document tag by tag from its start to the element's end (declarations,
    /// comments, CDATA sections, processing instructions and the DOCTYPE skipped as
    /// ``scanHead(splitDepth:limit:ignoresDeclaredEncoding:)`` skips them): a tag walk, far
    /// cheaper than binding the bytes before the element.
    func elementScope(at offset: Int) -> ElementScope? {
        guard offset >= start, offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "<") else { return nil }
        var open: [[(prefix: Range<Int>, attribute: Range<Int>)]] = []
        var declaration: Range<Int>?
        var documentType: Range<Int>?
        var found: (depth: Int, declarations: [UInt8])?
        var index = start
        let end = bytes.count
        while let tagStart = find(UInt8(ascii: "<"), from: index, before: end), tagStart + 1 < end {
            if found == nil, tagStart > offset { return nil }
            switch bytes[tagStart + 1] {
            case UInt8(ascii: "?"):
                guard let close = find("?>", from: tagStart, before: end) else { return nil }
                if tagStart == start, matches("<?xml", at: tagStart), isSpace(bytes[min(tagStart + 5, end - 1)]) {
                    declaration = tagStart..<(close + 2)
                }
                index = close + 2
            case UInt8(ascii: "!"):
                if matches("<!--", at: tagStart) {
                    guard let close = find("-->", from: tagStart + 4, before: end) else { return nil }
                    index = close + 3
                } else if matches("<![CDATA[", at: tagStart) {
                    guard let close = find("]]>", from: tagStart + 9, before: end) else { return nil }
                    index = close + 3
                } else {
                    guard matches("<!DOCTYPE", at: tagStart), open.isEmpty,
                        let type = documentTypeEnd(at: tagStart, before: end)
                    else { return nil }
                    documentType = tagStart..<type.end
                    index = type.end
                }
            case UInt8(ascii: "/"):
                guard let close = find(UInt8(ascii: ">"), from: tagStart, before: end), open.popLast() != nil else {
                    return nil
                }
                if let found, open.count == found.depth {
                    return ElementScope(
                        prolog: prolog(declaration, documentType), declarations: found.declarations,
                        depth: found.depth, end: close + 1)
                }
                index = close + 1
            default:
                guard let tag = startTag(at: tagStart, before: end) else { return nil }
                if tagStart == offset {
                    found = (open.count, declarations(inScope: open))
                    if tag.isEmpty {
                        return ElementScope(
                            prolog: prolog(declaration, documentType), declarations: found?.declarations ?? [],
                            depth: open.count, end: tag.end)
                    }
                }
                if !tag.isEmpty { open.append(tag.declarations) }
                index = tag.end
            }
        }
        return nil
    }
}
