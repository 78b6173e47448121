import Foundation
import XMLBind

/// Reads XML Schema 1.0 documents into a ``SchemaModel``, following `xs:include` and
/// `xs:import` through local files only.
///
/// Each schema document is read by the core binder, so it is held to the binder's limits
/// and every problem is located. A `schemaLocation` is resolved against the folder of
/// the schema that names it; a remote one (`http:`, `https:`, any scheme but `file:`) is
/// looked up in ``catalog`` and otherwise a located error: nothing is fetched from the
/// network. A schema already read is not read again, so include and import cycles end.
///
/// ```swift
/// let model = XMLSchemaReader().read([URL(fileURLWithPath: "po.xsd")])
/// for diagnostic in model.diagnostics { print(diagnostic) }   // po.xsd:12:5: warning: …
/// ```
public struct XMLSchemaReader: Sendable {
    /// Local files for schema locations or namespaces: `schemaLocation` (as written) or
    /// namespace URI → a file path.
    public var catalog: [String: String]

    /// Creates a reader.
    ///
    /// - Parameter catalog: Local files that stand for remote schema locations or for
    ///   imported namespaces.
    public init(catalog: [String: String] = [:]) {
        self.catalog = catalog
    }

    /// Reads schema files and everything they include and import.
    ///
    /// - Parameter files: The schema files, as the user named them (their paths are the
    ///   `file` of every origin).
    /// - Returns: The model, with every problem found as a located diagnostic (errors for
    ///   what could not be read at all, warnings for what is not expressed).
    public func read(_ files: [URL]) -> SchemaModel {
        var loader = XSDLoader(catalog: catalog)
        for file in files {
            loader.load(path: file.path, shown: file.relativePath, targetNamespace: nil, requestedBy: nil)
        }
        var builder = XSDModelBuilder(schemas: loader.schemas)
        var model = builder.build()
        model.keepsSchemaLocationHints = true
        model.diagnostics = loader.diagnostics + model.diagnostics
        return model
    }
}

/// One schema document as read, with the namespace its declarations go into (its own
/// `targetNamespace`, or the including schema's for a schema without one).
struct LoadedSchema {
    let schema: XSDSchema
    let path: String
    let targetNamespace: String?
    /// Whether the schema has no `targetNamespace` of its own and takes its includer's.
    let isChameleon: Bool
    /// The unions' `memberTypes`, resolved in their scope.
    let memberTypeLists: [XSDBinder.ResolvedNames]
    /// The identity constraints' XPaths, with their prefixes resolved in their scope.
    var xpaths: [XSDBinder.ResolvedXPath] = []
}

/// Reads schema documents and the ones they include and import, each once.
struct XSDLoader {
    let catalog: [String: String]
    private(set) var schemas: [LoadedSchema] = []
    private(set) var diagnostics: [GenerationDiagnostic] = []
    private var seen: Set<String> = []

    init(catalog: [String: String]) {
        self.catalog = catalog
    }

    /// Reads the schema at `path` (named `shown` in origins) and what it includes and imports.
    mutating func load(path: String, shown: String, targetNamespace chameleon: String?, requestedBy origin: Origin?) {
        // A schema with a target namespace of its own is read once; one without is read once
        // per namespace that includes it (a chameleon takes its includer's).
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        guard !seen.contains(file), !seen.contains(file + "\u{0}" + (chameleon ?? "")) else { return }
        let skipped = XSDBinder.Skipped()
        let schema: XSDSchema
        do {
            let binder = try XSDBinder.make(reporting: skipped)
            if let problem = LocalFile.problem(atPath: path) {
                let message =
                    problem == "no such file" ? "no schema file at \(shown)" : "\(shown) is not read: \(problem)"
                diagnostics.append(GenerationDiagnostic(.error, message, at: origin))
                return
            }
            schema = try binder.parse(contentsOf: URL(fileURLWithPath: path), as: XSDSchema.self, file: shown)
        } catch let error as XMLBindError {
            diagnostics += error.diagnostics.map {
                GenerationDiagnostic($0.severity == .warning ? .warning : .error, $0.message, at: $0.origin)
            }
            diagnostics += skipped.diagnostics
            return
        } catch {
            diagnostics.append(GenerationDiagnostic(.error, "\(shown): \(error)", at: origin))
            return
        }
        let own = schema.targetNamespace.flatMap { $0.isEmpty ? nil : $0 }
        seen.insert(own == nil ? file + "\u{0}" + (chameleon ?? "") : file)
        diagnostics += skipped.diagnostics
        schemas.append(
            LoadedSchema(
                schema: schema, path: shown, targetNamespace: own ?? chameleon,
                isChameleon: own == nil && chameleon != nil, memberTypeLists: skipped.memberTypeLists,
                xpaths: skipped.xpaths))
        for case let reference as XSDInclude in schema.children {
            follow(reference, from: path, shown: shown, targetNamespace: own ?? chameleon)
        }
    }

    /// Takes a schema read inside another document (a WSDL's `<wsdl:types>`), then what it
    /// includes and imports, resolved against that document's folder.
    mutating func adopt(
        _ schema: XSDSchema, path: String, shown: String, memberTypeLists: [XSDBinder.ResolvedNames],
        xpaths: [XSDBinder.ResolvedXPath] = []
    ) {
        let own = schema.targetNamespace.flatMap { $0.isEmpty ? nil : $0 }
        schemas.append(
            LoadedSchema(
                schema: schema, path: shown, targetNamespace: own, isChameleon: false,
                memberTypeLists: memberTypeLists, xpaths: xpaths))
        for case let reference as XSDInclude in schema.children {
            follow(reference, from: path, shown: shown, targetNamespace: own)
        }
    }

    private mutating func follow(_ reference: XSDInclude, from path: String, shown: String, targetNamespace: String?) {
        let isImport = reference.kind == "import"
        let location = reference.schemaLocation?.trimmingCharacters(in: .whitespaces)
        var resolved: (path: String, shown: String)?
        if let location, let mapped = catalog[location] {
            resolved = (mapped, mapped)
        } else if isImport, let namespace = reference.namespace, let mapped = catalog[namespace] {
            resolved = (mapped, mapped)
        } else if isImport && reference.namespace == XSDModelBuilder.xmlNamespace {
            // The XML namespace's attributes (`xml:lang`, `xml:space`, `xml:base`, `xml:id`)
            // are known without its schema, which is usually named by its web address.
            return
        } else if let location {
            if let local = Self.localPath(location, relativeTo: path),
                let localShown = Self.localPath(location, relativeTo: shown)
            {
                resolved = (local, localShown)
            } else {
                diagnostics.append(
                    GenerationDiagnostic(
                        .error,
                        "schemaLocation '\(location)' is not a local file; nothing is fetched from the network "
                            + "(map it to a file with a catalog entry, --catalog LOCATION=FILE)",
                        at: reference.origin))
                return
            }
        }
        guard let resolved else {
            // An import without a location: the namespace's declarations must come from
            // another input, or the references to them are reported where they are made.
            return
        }
        load(
            path: resolved.path, shown: resolved.shown, targetNamespace: isImport ? nil : targetNamespace,
            requestedBy: reference.origin)
    }

    /// The path of a local `schemaLocation`, relative to the folder of the schema naming it;
    /// `nil` for a remote one.
    static func localPath(_ location: String, relativeTo path: String) -> String? {
        var location = location
        if let colon = location.firstIndex(of: ":"), let slash = location.firstIndex(of: "/"), colon < slash {
            let scheme = location[..<colon].lowercased()
            guard scheme == "file" else { return nil }
            location = URL(string: location)?.path ?? String(location.dropFirst(5))
        } else if location.contains(":"), !location.contains("/") {
            return nil
        }
        if location.hasPrefix("/") { return location }
        let folder = (path as NSString).deletingLastPathComponent
        let joined = folder.isEmpty ? location : (folder as NSString).appendingPathComponent(location)
        return (joined as NSString).standardizingPath
    }
}
