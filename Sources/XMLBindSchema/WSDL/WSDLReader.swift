import Foundation
import XMLBind

/// Reads WSDL 1.1 documents into a ``SchemaModel`` with the ``WebService``s they describe:
/// the schemas of `<wsdl:types>` become the model's types (read as ``XMLSchemaReader`` reads
/// schema files, their imports included), and the messages, port types, SOAP bindings and
/// the ports of every service become ``SchemaModel/services``, one per port type.
///
/// Document/literal (wrapped or not) and rpc/literal operations over SOAP 1.1 and SOAP 1.2
/// bindings are read, one-way operations and `soap:header` parts included (a part given by
/// `type=` is a header block named after the part, in the header's `namespace` or the
/// WSDL's), header faults (`soap:headerfault`: a header block a fault about a request's
/// header carries), and an action a SOAP 1.2 binding gives beside a SOAP 1.1 one. What
/// cannot be generated (encoded use, a part in neither body nor header) is a located
/// warning, and the operation or part is left out; a
/// document that cannot be read at all is a located error. A WSDL is read by the
/// core binder, so it is held to the binder's limits, and imports (`wsdl:import`,
/// `xs:import`, `xs:include`) are read from local files or the ``catalog`` only: nothing is
/// fetched from the network.
///
/// ```swift
/// let model = WSDLReader().read([URL(fileURLWithPath: "calc.wsdl")])
/// for diagnostic in model.diagnostics { print(diagnostic) }   // calc.wsdl:40:7: warning: …
/// ```
public struct WSDLReader: Sendable {
    /// Local files for remote locations: a `location` or `schemaLocation` as written, or an
    /// imported namespace, → a file path.
    public var catalog: [String: String]

    /// Creates a reader.
    ///
    /// - Parameter catalog: Local files that stand for remote locations or namespaces.
    public init(catalog: [String: String] = [:]) {
        self.catalog = catalog
    }

    /// Reads WSDL files and everything they import.
    ///
    /// - Parameter files: The WSDL files, as the user named them (their paths are the `file`
    ///   of every origin).
    /// - Returns: The model and its service, with every problem as a located diagnostic.
    public func read(_ files: [URL]) -> SchemaModel {
        var documents: [WSDLDocument] = []
        var diagnostics: [GenerationDiagnostic] = []
        var schemaLoader = XSDLoader(catalog: catalog)
        var seen: Set<String> = []
        var pending = files.map { (path: $0.path, shown: $0.relativePath, origin: Origin?.none) }
        while !pending.isEmpty {
            let next = pending.removeFirst()
            let key = URL(fileURLWithPath: next.path).standardizedFileURL.path
            guard seen.insert(key).inserted else { continue }
            guard let document = load(next.path, shown: next.shown, requestedBy: next.origin, into: &diagnostics)
            else { continue }
            documents.append(document)
            for types in document.definitions.types {
                for (index, schema) in types.schemas.enumerated() {
                    schemaLoader.adopt(
                        schema, path: next.path, shown: next.shown,
                        memberTypeLists: index == 0 ? document.memberTypeLists : [],
                        xpaths: index == 0 ? document.xpaths : [])
                }
            }
            for reference in document.definitions.imports {
                guard let location = reference.location?.trimmingCharacters(in: .whitespaces) else {
                    diagnostics.append(
                        GenerationDiagnostic(
                            .warning, "<wsdl:import> without a location is skipped", at: reference.origin))
                    continue
                }
                if let mapped = catalog[location] ?? reference.namespace.flatMap({ catalog[$0] }) {
                    pending.append((mapped, mapped, reference.origin))
                } else if let local = XSDLoader.localPath(location, relativeTo: next.path),
                    let shown = XSDLoader.localPath(location, relativeTo: next.shown)
                {
                    pending.append((local, shown, reference.origin))
                } else {
                    diagnostics.append(
                        GenerationDiagnostic(
                            .error,
                            "location '\(location)' is not a local file; nothing is fetched from the network "
                                + "(map it to a file with a catalog entry, --catalog LOCATION=FILE)",
                            at: reference.origin))
                }
            }
        }
        var builder = XSDModelBuilder(schemas: schemaLoader.schemas)
        var model = builder.build()
        model.diagnostics = diagnostics + schemaLoader.diagnostics + model.diagnostics
        // SOAP stacks (ours among them) write a message's unqualified local elements in either
        // namespace: they are taken both ways, and written as before, in their owner's.
        for index in model.types.indices {
            guard case .complex(var complex) = model.types[index].kind else { continue }
            for field in complex.fields.indices where complex.fields[field].namespace == nil {
                complex.fields[field].acceptsOwnerNamespace = true
            }
            model.types[index].kind = .complex(complex)
        }
        var services = WSDLServiceBuilder(documents: documents, model: model)
        return services.build()
    }

    /// Reads one WSDL document; `nil` (with the errors) when it cannot be read.
    private func load(
        _ path: String, shown: String, requestedBy origin: Origin?, into diagnostics: inout [GenerationDiagnostic]
    ) -> WSDLDocument? {
        let skipped = WSDLBinder.Skipped()
        guard FileManager.default.fileExists(atPath: path) else {
            diagnostics.append(GenerationDiagnostic(.error, "no WSDL file at \(shown)", at: origin))
            return nil
        }
        do {
            let binder = try WSDLBinder.make(reporting: skipped)
            let definitions = try binder.parse(
                contentsOf: URL(fileURLWithPath: path), as: WSDLDefinitions.self, file: shown)
            diagnostics += skipped.diagnostics + skipped.schema.diagnostics
            return WSDLDocument(
                definitions: definitions, shown: shown, memberTypeLists: skipped.schema.memberTypeLists,
                xpaths: skipped.schema.xpaths)
        } catch let error as XMLBindError {
            diagnostics += error.diagnostics.map {
                GenerationDiagnostic($0.severity == .warning ? .warning : .error, $0.message, at: $0.origin)
            }
            diagnostics += skipped.diagnostics + skipped.schema.diagnostics
        } catch {
            diagnostics.append(GenerationDiagnostic(.error, "\(shown): \(error)", at: origin))
        }
        return nil
    }
}

/// One WSDL document as read.
struct WSDLDocument {
    let definitions: WSDLDefinitions
    let shown: String
    let memberTypeLists: [XSDBinder.ResolvedNames]
    let xpaths: [XSDBinder.ResolvedXPath]
}
