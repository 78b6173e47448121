#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TextEdit {
    /// Applies `edits` to `document` as ``apply(_:to:)`` does, handing the result to
    /// `write` in pieces instead of building it: the unchanged stretches (a megabyte at a
    /// time at most) and the replacements, in order. For a large file, read through a memory
    /// map, the new document is then never whole in memory.
    ///
    /// - Throws: ``XMLBindError`` when the edits overlap or reach outside the document (code
    ///   ``XMLBindError/Code/io``, naming the edits), or what `write` throws.
    static func apply(
        _ edits: [TextEdit], to document: Data,
        writing write: (UnsafeRawBufferPointer) throws(XMLBindError) -> Void
    ) throws(XMLBindError) {
        let checked: [TextEdit]
        do {
            checked = try ordered(edits, documentSize: document.count)
        } catch {
            throw XMLBindError(code: .io, message: "cannot edit the document: \(error)")
        }
        try Self.write(checked, over: document, to: write)
    }

    /// `edits` in the order they apply (by start, insertions at one offset in the order
    /// given), once each lies inside a document of `documentSize` bytes and none overlaps
    /// the next.
    static func ordered(_ edits: [TextEdit], documentSize: Int) throws(TextEditError) -> [TextEdit] {
        let ordered = edits.enumerated().sorted { left, right in
            (left.element.range.lowerBound, left.offset) < (right.element.range.lowerBound, right.offset)
        }.map(\.element)
        var previous: TextEdit?
        for edit in ordered {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= documentSize else {
                throw .outOfBounds(edit, documentSize: documentSize)
            }
            if let previous, edit.range.lowerBound < previous.range.upperBound {
                throw .overlapping(previous, edit)
            }
            previous = edit
        }
        return ordered
    }

    /// Hands `document` with `ordered` (checked by ``ordered(_:documentSize:)``) applied to
    /// `write`, in pieces.
    static func write<Failure: Error>(
        _ ordered: [TextEdit], over document: Data, to write: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var copiedUpTo = 0
        for edit in ordered {
            try copy(document, copiedUpTo..<edit.range.lowerBound, to: write)
            var replacement = edit.replacement
            var failure: Failure?
            replacement.withUTF8 { bytes in
                do throws(Failure) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
            }
            if let failure { throw failure }
            copiedUpTo = edit.range.upperBound
        }
        try copy(document, copiedUpTo..<document.count, to: write)
    }

    /// Hands `range` of `document` to `write`, a megabyte at a time at most.
    private static func copy<Failure: Error>(
        _ document: Data, _ range: Range<Int>, to write: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + (1 << 20), range.upperBound)
            let slice = document[(document.startIndex + start)..<(document.startIndex + end)]
            var failure: Failure?
            slice.withUnsafeBytes { bytes in
                do throws(Failure) { try write(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            start = end
        }
    }
}
