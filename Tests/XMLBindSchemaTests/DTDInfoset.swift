import Foundation
import XMLBind

@testable import XMLBindSchema

/// A document's information set as the round-trip tests compare it: element names with
/// their namespaces, attributes (with the DTD's defaults for those left out, so a default
/// written out or left out is the same information), non-whitespace text, and children in
/// order. Prefixes and whitespace-only text do not count.
struct DTDInfoset: Equatable, CustomStringConvertible {
    var name: QualifiedName
    var attributes: [String: String]
    var text: String
    var children: [DTDInfoset]

    /// Reads a document through the binder (as the samples reader does).
    static func of(_ data: Data, file: String, defaults dtd: DTD?) throws -> DTDInfoset {
        let (root, _) = try SampleReader().read(data, file: file)
        return DTDInfoset(root, dtd: dtd)
    }

    private init(_ element: SampleElement, dtd: DTD?) {
        name = element.name
        attributes = [:]
        for attribute in element.attributes {
            attributes[SampleStatistics.attributeName(attribute).description] = attribute.value
        }
        for declared in dtd?.attributes(of: element.name.localName) ?? [] {
            guard let value = declared.defaultDeclaration.defaultValue else { continue }
            var key = declared.name
            if key.hasPrefix("xml:") { key = "{\(XMLNamespaceScope.xmlNamespace)}" + key.dropFirst(4) }
            if key != "xmlns", !key.hasPrefix("xmlns:"), attributes[key] == nil { attributes[key] = value }
        }
        text = element.text.allSatisfy(\.isWhitespace) ? "" : element.text
        children = element.children.map { DTDInfoset($0, dtd: dtd) }
    }

    /// Where two information sets first differ, as a path and what differs; `nil` when equal.
    func firstDifference(from other: DTDInfoset, path: String = "") -> String? {
        let here = path + "/" + name.description
        if name != other.name { return "\(here): element \(other.name)" }
        if attributes != other.attributes { return "\(here): attributes \(attributes) vs \(other.attributes)" }
        if text != other.text { return "\(here): text \(text.debugDescription) vs \(other.text.debugDescription)" }
        if children.count != other.children.count {
            return "\(here): \(children.count) children vs \(other.children.count): "
                + "\(children.prefix(8).map(\.name.localName)) vs \(other.children.prefix(8).map(\.name.localName))"
        }
        for (mine, theirs) in zip(children, other.children) {
            if let difference = mine.firstDifference(from: theirs, path: here) { return difference }
        }
        return nil
    }

    var description: String { "<\(name)> \(attributes) \(text.debugDescription) \(children.count) children" }
}
