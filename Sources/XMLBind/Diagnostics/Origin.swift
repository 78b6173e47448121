/// Where something in a document came from: file, line and column.
///
/// Lines and columns are 1-based. Columns count characters, as expat counts them
/// (a multi-byte UTF-8 sequence is one column, a tab is one column). For an element,
/// the origin points at the `<` of its start tag.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
    /// The file the document was read from, when it is known.
    public var file: String?
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number, counted in characters.
    public var column: Int

    /// Creates an origin.
    ///
    /// - Parameters:
    ///   - file: The file name or path, or `nil` when the document did not come from a file.
    ///   - line: The 1-based line number.
    ///   - column: The 1-based column number.
    public init(file: String? = nil, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, with `<input>` standing in for an unknown file.
    public var description: String {
        "\(file ?? "<input>"):\(line):\(column)"
    }
}
