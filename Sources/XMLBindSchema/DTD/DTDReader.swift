import Foundation
import XMLBind

/// Reads a DTD (an external subset such as `fonts.dtd`, or the internal subset of a
/// document's `<!DOCTYPE>`) into its declarations.
///
/// Parameter entities are expanded, conditional sections resolved, comments kept as the
/// documentation of the element declared right after them. The text is input like any
/// document, so reading it is held to the same `ParseLimits` as binding: entity
/// declarations, nesting and amplification, name and value lengths, the size of each file.
/// An external parameter entity is read only from a local file (a path or a `file:` URL,
/// relative ones against the folder of the text that declares it); any other URL, a missing
/// file and a file that includes itself are each a located ``DTDError``.
///
/// ```swift
/// let dtd = try DTDReader().read(contentsOf: URL(fileURLWithPath: "/usr/share/xml/fontconfig/fonts.dtd"))
/// dtd.element(named: "alias")?.content.description   // (test?, family*, prefer?, accept?, default?)
/// dtd.attributes(of: "dir").map(\.name)              // ["prefix", "xml:space"]
/// ```
public struct DTDReader: Sendable {
    /// The limits reading is held to; `ParseLimits/maximumDocumentSize` bounds each file
    /// (`ParseLimits/maximumTextLength` when it is `nil`).
    public var limits: ParseLimits

    /// Creates a reader.
    ///
    /// - Parameter limits: The limits reading is held to; the binder's defaults by default.
    public init(limits: ParseLimits = ParseLimits()) {
        self.limits = limits
    }

    /// Reads a DTD file.
    ///
    /// - Parameter url: The file (a local one).
    /// - Returns: Its declarations.
    /// - Throws: ``DTDError``, located in the file (or in a file it includes).
    public func read(contentsOf url: URL) throws(DTDError) -> DTD {
        let bytes: [UInt8]
        do {
            bytes = try DTDLocalFiles.read(url, limit: fileSizeLimit)
        } catch {
            throw DTDError("cannot read the DTD: \(error.reason)", at: Origin(file: url.path, line: 1, column: 1))
        }
        return try read(bytes: bytes, file: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Reads DTD text.
    ///
    /// - Parameters:
    ///   - text: The declarations.
    ///   - file: The name origins give, or `nil` (`<input>`).
    ///   - baseDirectory: The folder relative system identifiers are resolved against; the
    ///     current folder when `nil`.
    /// - Returns: The declarations.
    /// - Throws: ``DTDError``.
    public func read(_ text: String, file: String? = nil, baseDirectory: URL? = nil) throws(DTDError) -> DTD {
        try read(bytes: Array(text.utf8), file: file, baseDirectory: baseDirectory)
    }

    /// Reads the document type declaration of an XML document: its internal subset, and its
    /// external subset too when that is a local file and `readsExternalSubset` is set.
    ///
    /// - Parameters:
    ///   - document: The document's bytes (UTF-8); only its prolog is read.
    ///   - file: The document's name, for origins.
    ///   - baseDirectory: The folder a relative system identifier is resolved against.
    ///   - readsExternalSubset: Whether to read the DTD the DOCTYPE names (a local file).
    /// - Returns: The declarations, ``DTD/doctypeName`` set; `nil` when the document has no
    ///   DOCTYPE.
    /// - Throws: ``DTDError``.
    public func readDoctype(
        ofDocument document: Data, file: String? = nil, baseDirectory: URL? = nil, readsExternalSubset: Bool = false
    ) throws(DTDError) -> DTD? {
        var bytes = [UInt8](document.prefix(fileSizeLimit + 3))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let parser = DTDParser(
            root: DTDSource(bytes: bytes, file: file, baseDirectory: baseDirectory), limits: limits)
        guard let doctype = try parser.parseDoctypeHeader() else { return nil }
        var dtd = parser.dtd
        if doctype.hasInternalSubset {
            try parser.parseDeclarations(closedBy: UInt8(ascii: "]"))
            try parser.expectDeclarationEnd("<!DOCTYPE \(doctype.name)>")
            dtd = parser.dtd
        }
        if readsExternalSubset, let systemID = doctype.systemID {
            let external = try parser.readExternalFile(
                systemID, relativeTo: baseDirectory, for: doctype.name, at: doctype.origin)
            let subset = try read(
                bytes: external.bytes, file: external.path, baseDirectory: external.url.deletingLastPathComponent())
            dtd.merge(subset)
        }
        dtd.doctypeName = doctype.name
        return dtd
    }

    private var fileSizeLimit: Int { limits.maximumDocumentSize ?? limits.maximumTextLength }

    private func read(bytes: [UInt8], file: String?, baseDirectory: URL?) throws(DTDError) -> DTD {
        guard bytes.count <= fileSizeLimit else {
            throw DTDError(
                "the DTD is \(bytes.count) bytes long, more than the limit of \(fileSizeLimit)",
                at: Origin(file: file, line: 1, column: 1))
        }
        let parser = DTDParser(
            root: DTDSource(bytes: bytes, file: file, baseDirectory: baseDirectory, path: file), limits: limits)
        try parser.parseDeclarations()
        return parser.dtd
    }
}

extension DTD {
    /// Adds what `other` declares and this DTD does not: the internal subset is read first,
    /// so its declarations win, as XML says.
    mutating func merge(_ other: DTD) {
        for element in other.elements where self.element(named: element.name) == nil { elements.append(element) }
        for (element, attributes) in other.attributeLists {
            var list = attributeLists[element] ?? []
            for attribute in attributes where !list.contains(where: { $0.name == attribute.name }) {
                list.append(attribute)
            }
            attributeLists[element] = list
        }
        for entity in other.entities where !entities.contains(where: { $0.name == entity.name }) {
            entities.append(entity)
        }
        for notation in other.notations where !notations.contains(notation) { notations.append(notation) }
    }
}
