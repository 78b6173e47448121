import Foundation

extension XMLSchemaGenerator {
    /// The schemas as a set of files that name each other: each `xs:import` gives the file
    /// of the imported namespace's schema as its `schemaLocation`, so that a validator
    /// loads the whole set from the first file.
    ///
    /// ```swift
    /// for file in try generator.linkedSchemas() {
    ///     print(file.name)    // beans.xsd, configuration.xsd
    /// }
    /// ```
    ///
    /// - Returns: One file per namespace the mappings use, in the order of ``schemas()``.
    /// - Throws: ``XMLSchemaError``, as ``schemas()`` does.
    public func linkedSchemas() throws(XMLSchemaError) -> [XMLSchemaFile] {
        let plan = try XMLSchemaPlan(generator: self)
        let names = XMLSchemaFile.names(for: plan.namespaces)
        var locations: [String?: String] = [:]
        for (namespace, name) in zip(plan.namespaces, names) { locations[namespace] = name }
        var files: [XMLSchemaFile] = []
        for (namespace, name) in zip(plan.namespaces, names) {
            let element = try plan.schemaElement(for: namespace, locations: locations)
            files.append(
                XMLSchemaFile(name: name, schema: XMLSchemaDocument(targetNamespace: namespace, element: element)))
        }
        return files
    }

    /// Writes ``linkedSchemas()`` into a folder, each as a document of its own (UTF-8, with
    /// an XML declaration), replacing files of the same names.
    ///
    /// - Parameter folder: The folder; made, with its parents, when missing.
    /// - Returns: The files written, the first being the schema of the first namespace.
    /// - Throws: ``XMLSchemaError`` when the mappings cannot be described (nothing is then
    ///   written), or the file system's error when the folder or a file cannot be written.
    @discardableResult
    public func writeSchemas(to folder: URL) throws -> [URL] {
        let files = try linkedSchemas()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try files.map { file in
            let url = folder.appendingPathComponent(file.name)
            try Data(file.schema.document.utf8).write(to: url, options: .atomic)
            return url
        }
    }
}
