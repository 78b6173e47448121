import Foundation
import XMLBind

/// Reads inputs of any kind into one ``SchemaModel`` and writes the Swift files for it: what
/// `xmlbind generate` and the build-tool plugin run.
///
/// Inputs are told apart by their extension: `.xsd` is XML Schema (``XMLSchemaReader``);
/// `.dtd`, `.wsdl` and sample documents (`fromSamples`) have readers of their own.
public struct ModelGenerator: Sendable {
    /// The namespace enum's name, `NAME`.
    public var name: String
    /// The input files.
    public var inputs: [URL]
    /// Whether the inputs are sample documents to infer a model from.
    public var fromSamples: Bool
    /// Local files for remote schema locations or namespaces (see ``XMLSchemaReader/catalog``).
    public var catalog: [String: String]
    /// Whether to write one file, `NAME.swift`, instead of one per type.
    public var singleFile = false

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - name: The namespace enum's name.
    ///   - inputs: The input files.
    ///   - fromSamples: Whether the inputs are sample documents.
    ///   - catalog: Local files for remote schema locations or namespaces.
    public init(name: String, inputs: [URL], fromSamples: Bool = false, catalog: [String: String] = [:]) {
        self.name = name
        self.inputs = inputs
        self.fromSamples = fromSamples
        self.catalog = catalog
    }

    /// What a run produced.
    public struct Result: Sendable {
        /// The model read from the inputs.
        public var model: SchemaModel
        /// The Swift files (empty when reading failed).
        public var files: [GeneratedFile]
        /// Every diagnostic, the readers' then the emitter's.
        public var diagnostics: [GenerationDiagnostic]
        /// Whether any diagnostic is an error.
        public var failed: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads the inputs and emits the Swift files; nothing is written to disk.
    ///
    /// - Returns: The model, the files and the diagnostics. With an error among the
    ///   diagnostics, no files are made.
    public func generate() -> Result {
        var model = SchemaModel()
        var schemas: [URL] = []
        var wsdls: [URL] = []
        var read: [SchemaModel] = []
        if fromSamples { read.append(SampleReader().model(contentsOf: inputs)) }
        for input in inputs where !fromSamples {
            let ext = input.pathExtension.lowercased()
            if ext == "xsd" {
                schemas.append(input)
            } else if ext == "dtd" {
                read.append(DTDReader().model(contentsOf: input))
            } else if ext == "wsdl" {
                wsdls.append(input)
            } else {
                model.diagnostics.append(
                    GenerationDiagnostic(
                        .error,
                        "\(input.relativePath): not a schema (.xsd, .dtd, .wsdl); pass --from-samples for sample documents"
                    ))
            }
        }
        for other in read {
            model.types += other.types
            model.rootElements += other.rootElements
            model.prefixes.merge(other.prefixes) { first, _ in first }
            model.diagnostics += other.diagnostics
        }
        if !schemas.isEmpty {
            let read = XMLSchemaReader(catalog: catalog).read(schemas)
            model.keepsSchemaLocationHints = read.keepsSchemaLocationHints
            model.types += read.types
            model.rootElements += read.rootElements
            model.prefixes.merge(read.prefixes) { first, _ in first }
            model.diagnostics += read.diagnostics
        }
        if !wsdls.isEmpty {
            let read = WSDLReader(catalog: catalog).read(wsdls)
            model.types += read.types
            model.rootElements += read.rootElements
            model.prefixes.merge(read.prefixes) { first, _ in first }
            model.diagnostics += read.diagnostics
            model.services = read.services
        }
        guard !model.diagnostics.contains(where: { $0.severity == .error }) else {
            return Result(model: model, files: [], diagnostics: Self.once(model.diagnostics))
        }
        let source = inputs.map(\.lastPathComponent).joined(separator: ", ")
        do {
            var emitter = SwiftEmitter(name: name, source: source)
            emitter.singleFile = singleFile
            let output = try emitter.emit(model)
            return Result(
                model: model, files: output.files, diagnostics: Self.once(model.diagnostics + output.diagnostics))
        } catch {
            return Result(model: model, files: [], diagnostics: Self.once(model.diagnostics + [error]))
        }
    }

    /// The diagnostics without repeats, in their order: a declaration reached along several
    /// paths (a group used in many types, a pattern of a type many elements have) is reported
    /// once.
    static func once(_ diagnostics: [GenerationDiagnostic]) -> [GenerationDiagnostic] {
        var seen: Set<GenerationDiagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// Writes generated files into a folder (made if missing), replacing files of the same
    /// names and leaving others alone.
    ///
    /// - Parameters:
    ///   - files: The files to write.
    ///   - folder: The output folder.
    /// - Throws: What the file system throws.
    public static func write(_ files: [GeneratedFile], to folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            // Unchanged files keep their dates, so a build does not recompile them.
            if (try? Data(contentsOf: url)) == data { continue }
            try data.write(to: url, options: .atomic)
        }
    }
}
