import XMLBindSchema

/// `xmlbind generate --name NAME --output DIR [--from-samples] INPUT…`: Swift models and
/// mappings from XML Schema, DTDs and sample documents (WSDL as its reader comes).
///
/// The work is the library's (``GenerateTool``), which the build-tool plugin's small
/// generator runs too, so both behave the same.
enum GenerateCommand {
    /// The help page.
    static let help = GenerateTool.help

    /// Runs the command.
    ///
    /// - Parameter arguments: The arguments after `generate`.
    /// - Returns: 0 when the files are written, 1 on an error in the inputs, 2 for a usage error.
    static func run(_ arguments: [String]) -> Int32 {
        GenerateTool.run(arguments)
    }
}
