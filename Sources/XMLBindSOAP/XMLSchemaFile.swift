/// One generated XML Schema as a file of a set: its file name, and the schema, whose
/// `xs:import`s give the other files of the set as `schemaLocation`.
///
/// Made by ``XMLSchemaGenerator/linkedSchemas()``; ``XMLSchemaGenerator/writeSchemas(to:)``
/// writes the set into a folder, where a validator (`xmllint --schema beans.xsd`, lxml,
/// Xerces) loads the first file and finds the others.
public struct XMLSchemaFile: Sendable, Hashable {
    /// The file name, such as `beans.xsd`: the last segment of the target namespace
    /// (`http://www.springframework.org/schema/beans`, `urn:calc` → `calc.xsd`), or
    /// `schema.xsd` for no namespace; made unique within the set with `-2`, `-3`, ….
    public var name: String
    /// The schema.
    public var schema: XMLSchemaDocument

    /// Creates a file of a set.
    ///
    /// - Parameters:
    ///   - name: The file name.
    ///   - schema: The schema it holds.
    public init(name: String, schema: XMLSchemaDocument) {
        self.name = name
        self.schema = schema
    }

    /// File names for the namespaces, unique, in the same order.
    static func names(for namespaces: [String?]) -> [String] {
        var names: [String] = []
        for namespace in namespaces {
            let stem = Self.stem(of: namespace)
            var name = stem + ".xsd"
            var number = 2
            while names.contains(name) {
                name = "\(stem)-\(number).xsd"
                number += 1
            }
            names.append(name)
        }
        return names
    }

    /// The last segment of a namespace, with only letters, digits, `-`, `_` and `.`.
    private static func stem(of namespace: String?) -> String {
        guard let namespace else { return "schema" }
        let segments = namespace.split { $0 == "/" || $0 == ":" || $0 == "#" || $0 == "?" || $0 == "=" }
        var stem = String(segments.last ?? "")
        if stem.lowercased().hasSuffix(".xsd") { stem = String(stem.dropLast(4)) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
        stem = String(stem.map { allowed.contains($0) ? $0 : "-" })
        while stem.hasPrefix(".") || stem.hasPrefix("-") { stem.removeFirst() }
        return stem.isEmpty ? "schema" : stem
    }
}
