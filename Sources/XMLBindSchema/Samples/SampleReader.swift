import Foundation
import Synchronization
import XMLBind

/// Infers the generator's model from sample documents: what `xmlbind generate
/// --from-samples a.xml b.xml …` reads.
///
/// Each sample is read through the binder (so reading is held to its `ParseLimits`), and
/// what every sample says is put together:
///
/// - Each element name is a type (a final class) if it has attributes or children in any
///   sample; one that only ever holds text is a value of its parent.
/// - Each value (attribute or text) is a boolean (`true`/`false`), an integer, a decimal,
///   a date-time (kept as text), a URL (kept as text) or a string: the most specific type
///   every value of it in every sample fits and writes back unchanged (`007` stays a string).
/// - An attribute missing from some occurrence is optional; a child is optional when some
///   occurrence lacks it, a list when some occurrence has more than one.
/// - Namespaces and the prefixes the samples use are kept, so documents are written back as
///   the samples write them.
///
/// ```swift
/// let model = SampleReader().model(contentsOf: [URL(fileURLWithPath: "orders.xml")])
/// ```
public struct SampleReader: Sendable {
    /// The options samples are read with (their limits above all); lenient unknown content
    /// does not apply, since every element and attribute is read.
    public var options: ParseOptions

    /// Creates a reader.
    ///
    /// - Parameter options: The options samples are read with; the binder's defaults by default.
    public init(options: ParseOptions = ParseOptions()) {
        self.options = options
    }

    /// Reads sample files and infers their model.
    ///
    /// - Parameter urls: The samples.
    /// - Returns: The model; a sample that cannot be read adds its located errors to
    ///   ``SchemaModel/diagnostics`` and nothing else.
    public func model(contentsOf urls: [URL]) -> SchemaModel {
        var documents: [(file: String, data: Data)] = []
        var diagnostics: [GenerationDiagnostic] = []
        for url in urls {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.append(GenerationDiagnostic(.error, "\(url.path): cannot read the sample"))
                continue
            }
            documents.append((url.path, data))
        }
        var model = model(of: documents)
        model.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return model
    }

    /// Infers the model of samples given as bytes.
    ///
    /// - Parameter documents: Each sample's name (for diagnostics) and bytes.
    /// - Returns: The model, with the located errors of samples that cannot be read.
    public func model(of documents: [(file: String, data: Data)]) -> SchemaModel {
        var statistics = SampleStatistics()
        var diagnostics: [GenerationDiagnostic] = []
        for document in documents {
            do {
                let (root, prefixes) = try read(document.data, file: document.file)
                for (prefix, namespace) in prefixes { statistics.notePrefix(prefix, namespace: namespace) }
                statistics.add(root: root, file: document.file)
            } catch let error as XMLBindError {
                diagnostics += error.diagnostics.map {
                    GenerationDiagnostic(
                        .error, $0.message, at: $0.origin ?? Origin(file: document.file, line: 1, column: 1))
                }
            } catch {
                diagnostics.append(GenerationDiagnostic(.error, "\(document.file): \(error)"))
            }
        }
        var model = SampleModelBuilder.model(of: statistics)
        model.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return model
    }

    /// One sample's tree. A first pass through a binder with no mappings finds the root
    /// element's name (as unknown content); the second reads the root with a
    /// ``SampleTreeReader``.
    func read(_ data: Data, file: String) throws -> (SampleElement, [String: String]) {
        let found = FoundRoot()
        var probing = options
        probing.unknownContent = .callback { content in
            guard content.kind == .element, content.parent == nil else { return }
            found.name.withLock { name in
                if name == nil { name = content }
            }
        }
        _ = try? XMLBinder(options: probing).parse(data, as: Any.self, file: file)
        guard let root = found.name.withLock({ $0 }) else {
            // Not even a root element: the binder's own error says why.
            _ = try XMLBinder(options: options).parse(data, as: Any.self, file: file)
            throw SampleReadingError(message: "\(file): no root element was found")
        }
        var prefixes: [String: String] = [:]
        for (prefix, namespace) in root.scope?.bindings ?? [:] where !prefix.isEmpty && prefix != "xml" {
            prefixes[prefix] = namespace
        }
        let local = root.name.split(separator: ":").last.map(String.init) ?? root.name
        let binder = try XMLBinder(options: options).register(
            mapping(SampleElement.self, element: local, namespace: root.namespace ?? "")
                .reading(with: { SampleTreeReader() }))
        let tree = try binder.parse(data, as: SampleElement.self, file: file)
        prefixes.merge(tree.prefixes) { first, _ in first }
        return (tree, prefixes)
    }
}

/// The root element a probing parse met, set from the binder's callback.
private final class FoundRoot: Sendable {
    let name = Mutex<UnknownContent?>(nil)
}

/// A sample that the binder read without complaint but that gave no tree.
private struct SampleReadingError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
