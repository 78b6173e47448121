import Foundation
import XMLBind

extension DTDReader {
    /// Reads a DTD file into the generator's model: what `xmlbind generate` does with a
    /// `.dtd` input.
    ///
    /// - Parameter url: The DTD file.
    /// - Returns: The model (see ``DTDModelBuilder``); a DTD that cannot be read gives an
    ///   empty model whose one diagnostic is the located error.
    public func model(contentsOf url: URL) -> SchemaModel {
        do {
            return DTDModelBuilder.model(of: try read(contentsOf: url))
        } catch {
            return SchemaModel(diagnostics: [GenerationDiagnostic(error)])
        }
    }
}

extension GenerationDiagnostic {
    /// The generator's error for a DTD that cannot be read; its notes follow the message.
    ///
    /// - Parameter error: The reader's error.
    public init(_ error: DTDError) {
        let notes = error.notes.map { " (\($0.message) at \($0.origin))" }.joined()
        self.init(.error, error.message + notes, at: error.origin)
    }
}
