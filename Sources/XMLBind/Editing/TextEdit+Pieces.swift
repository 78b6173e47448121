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
        let ordered = edits.enumerated().sorted { left, right in
            (left.element.range.lowerBound, left.offset) < (right.element.range.lowerBound, right.offset)
        }.map(\.element)
        var copiedUpTo = 0
        var previous: TextEdit?
        for edit in ordered {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= document.count else {
                throw XMLBindError(
                    code: .io,
                    message:
                        "cannot edit the document: \(TextEditError.outOfBounds(edit, documentSize: document.count))")
            }
            if let previous, edit.range.lowerBound < previous.range.upperBound {
                throw XMLBindError(
                    code: .io, message: "cannot edit the document: \(TextEditError.overlapping(previous, edit))")
            }
            try copy(document, copiedUpTo..<edit.range.lowerBound, to: write)
            var replacement = edit.replacement
            var failure: XMLBindError?
            replacement.withUTF8 { bytes in
                do throws(XMLBindError) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
            }
            if let failure { throw failure }
            copiedUpTo = edit.range.upperBound
            previous = edit
        }
        try copy(document, copiedUpTo..<document.count, to: write)
    }

    /// Hands `range` of `document` to `write`, a megabyte at a time at most.
    private static func copy(
        _ document: Data, _ range: Range<Int>, to write: (UnsafeRawBufferPointer) throws(XMLBindError) -> Void
    ) throws(XMLBindError) {
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + (1 << 20), range.upperBound)
            let slice = document[(document.startIndex + start)..<(document.startIndex + end)]
            var failure: XMLBindError?
            slice.withUnsafeBytes { bytes in
                do throws(XMLBindError) { try write(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            start = end
        }
    }
}
