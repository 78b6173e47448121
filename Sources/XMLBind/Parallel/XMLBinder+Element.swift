#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Binding one element of a document already read, alone: its bytes only, as a parallel
/// piece is bound (inside a synthetic start tag that declares the namespaces in scope,
/// after the document's prolog), with byte offsets, lines and columns moved to the
/// document's. Its objects' origins and its diagnostics (line, column, excerpt) are the
/// ones a parse of the whole document gives.
extension XMLBinder {
    /// Binds the element whose start tag's `<` is at byte `offset` of `data`, and returns
    /// its object: the root of a parse of that element alone.
    ///
    /// The document is read tag by tag up to the element, for its prolog and the namespace
    /// declarations in scope, and its lines are counted up to the element; only the
    /// element's own bytes are bound. A document in an encoding expat does not read itself
    /// (UTF-16, or one converted to UTF-8 first, whose offsets are the converted text's)
    /// cannot be cut.
    ///
    /// - Parameters:
    ///   - offset: The offset of the element's `<`, as ``ByteOffsetAware`` objects get it.
    ///   - data: The document that holds it.
    ///   - file: The document's name, for origins and diagnostics.
    /// - Returns: The element's object; nil when there is no element at `offset` that can
    ///   be cut out (or a lenient parse skipped it).
    /// - Throws: ``XMLBindError`` with the element's problems, located in `data`.
    package func parseElement(at offset: Int, in data: Data, file: String?) throws(XMLBindError) -> Any? {
        let head = [UInt8](data.prefix(EncodingSniffer.declarationLimit))
        let request = options.encodingRequest(isString: false)
        guard
            case .decided(let encoding) = EncodingSniffer.decide(
                head, isFinal: data.count <= EncodingSniffer.declarationLimit, request: request)
        else { return nil }
        switch encoding.form {
        case .utf8, .latin1, .ascii: break
        case .utf16, .table, .transcoded: return nil
        }
        let cut = data.withUnsafeBytes { bytes -> (text: [UInt8], headCount: Int, depth: Int, lines: PieceLines)? in
            let scanner = DocumentScanner(bytes)
            guard let scope = scanner.elementScope(at: offset) else { return nil }
            var text = scope.prolog + Array("<x".utf8) + scope.declarations + Array(">\n".utf8)
            let headCount = text.count
            text.reserveCapacity(headCount + scope.end - offset + 4)
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<scope.end]))
            text.append(contentsOf: "</x>".utf8)
            var lines = LineCounter(bytes, start: scanner.start)
            let (line, column) = lines.position(of: offset)
            return (text, headCount, scope.depth, PieceLines(firstLine: 2, line: line, column: column))
        }
        guard let cut else { return nil }
        let (engine, driver) = try start(file: file, forceUTF8: false, substitutions: nil)
        // The synthetic tag stands for the element's parent (for the depth limit), and stays
        // out of the engine, whose root is then the element.
        driver.preparePiece(depth: max(0, cut.depth - 1), byteShift: offset - cut.headCount, lines: cut.lines)
        let result = cut.text.withUnsafeBytes { driver.feed($0, isFinal: true) }
        return try conclude(engine: engine, driver: driver, result: result, source: .bytes(data), file: file).root
    }
}
