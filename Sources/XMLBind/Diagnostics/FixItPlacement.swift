/// Where a fix-it's edit sits on a diagnostic's source line, so that it can be shown under
/// the caret as a compiler shows its fix-its:
///
/// ```
/// beans.xml:3:11: error: unknown attribute 'clas' on <bean>; did you mean 'class'?
///     3 |     <bean clas="Foo"/>
///       |           ^~~~
///       |           class
/// ```
struct FixItPlacement {
    /// The 1-based column (in Unicode scalars, as origins count) where the edit starts.
    var column: Int
    /// How many scalars of the line it replaces.
    var length: Int
    /// What it writes there; shown only when it is one line.
    var replacement: String

    /// The placement of the first of the fix-it's edits that lies on `line`, found from the
    /// caret's byte offset in the document (the line is the document's UTF-8 text), or
    /// `nil` when none does or its text spans lines.
    init?(_ fixIt: FixIt, line: String, caretColumn: Int, caretOffset: Int) {
        let scalars = Array(line.unicodeScalars)
        guard caretColumn >= 1, caretColumn - 1 <= scalars.count else { return nil }
        // Byte positions in the line of each scalar boundary.
        var boundaries = [0]
        for scalar in scalars { boundaries.append(boundaries[boundaries.count - 1] + UTF8.width(scalar)) }
        let caretByte = boundaries[caretColumn - 1]
        for edit in fixIt.edits {
            let start = caretByte + edit.range.lowerBound - caretOffset
            let end = start + edit.range.count
            guard let first = boundaries.firstIndex(of: start), let last = boundaries.firstIndex(of: end),
                !edit.replacement.contains(where: \.isNewline)
            else { continue }
            column = first + 1
            length = last - first
            replacement = edit.replacement
            return
        }
        return nil
    }

    /// `~` under the replaced characters, in terminal cells, leaving out the first `skip`
    /// (the one the caret already marks).
    func underline(in line: String, from skip: Int) -> String {
        let replaced = line.unicodeScalars.dropFirst(column - 1).prefix(length)
        let cells = String(String.UnicodeScalarView(replaced)).reduce(0) { $0 + DisplayWidth.cells($1) }
        return String(repeating: "~", count: max(0, cells - skip))
    }
}
