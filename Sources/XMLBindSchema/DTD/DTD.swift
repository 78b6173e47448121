import XMLBind

/// The declarations of a document type definition, as read by ``DTDReader``: element
/// types with their content models, attribute lists, entities and notations.
///
/// Parameter entities are expanded and conditional sections resolved while reading, so
/// what is left is the grammar itself. Names are kept as the DTD spells them
/// (`xml:space`, `remap-dir`); making Swift names of them is the generator's business.
public struct DTD: Sendable, Hashable {
    /// The element types, in the order they are declared.
    public var elements: [DTDElement]
    /// The attributes declared for each element type (by the element's name), each list
    /// in declaration order. The first declaration of an attribute wins, as XML says; an
    /// attribute list may name an element type that has no `<!ELEMENT>`.
    public var attributeLists: [String: [DTDAttribute]]
    /// The general entities (`<!ENTITY name …>`), in declaration order.
    public var entities: [DTDEntity]
    /// The notations' names, in declaration order.
    public var notations: [String]
    /// The root element a `<!DOCTYPE name …>` names, when the DTD came from a document.
    public var doctypeName: String?

    /// Creates a DTD from its parts.
    ///
    /// - Parameters:
    ///   - elements: The element types, in declaration order.
    ///   - attributeLists: The attributes of each element type.
    ///   - entities: The general entities.
    ///   - notations: The notations' names.
    ///   - doctypeName: The root element a DOCTYPE names.
    public init(
        elements: [DTDElement] = [], attributeLists: [String: [DTDAttribute]] = [:], entities: [DTDEntity] = [],
        notations: [String] = [], doctypeName: String? = nil
    ) {
        self.elements = elements
        self.attributeLists = attributeLists
        self.entities = entities
        self.notations = notations
        self.doctypeName = doctypeName
    }

    /// The element type of that name, if the DTD declares one.
    ///
    /// - Parameter name: The element's name as the DTD spells it.
    /// - Returns: Its declaration.
    public func element(named name: String) -> DTDElement? {
        elements.first { $0.name == name }
    }

    /// The attributes declared for an element type, in declaration order.
    ///
    /// - Parameter element: The element's name.
    /// - Returns: Its attributes; empty when none are declared.
    public func attributes(of element: String) -> [DTDAttribute] {
        attributeLists[element] ?? []
    }

    /// The element types no other element's content names: the likely document roots
    /// (the DOCTYPE's name first when there is one), in declaration order.
    public var likelyRoots: [String] {
        var named = Set<String>()
        for element in elements { named.formUnion(element.content.childNames) }
        var roots = elements.map(\.name).filter { !named.contains($0) }
        if let doctypeName {
            roots.removeAll { $0 == doctypeName }
            roots.insert(doctypeName, at: 0)
        }
        return roots
    }
}
