import XMLBind

/// An identity constraint of an element (XML Schema's `xs:key`, `xs:unique` or `xs:keyref`):
/// its selector chooses nodes below the element, its fields give each node a tuple of
/// values, and the tuples must be unique (`key`, `unique`) or match a key's (`keyref`).
///
/// Only the XPath forms the generated code can follow through the model's properties are
/// kept: child steps (`a/b`, `./a`, `p:a`), `.`, a final attribute in a field (`@a`,
/// `a/@p:b`), and unions of these with `|`. The readers report other constraints as
/// located warnings.
public struct IdentityConstraint: Sendable, Hashable {
    /// What the tuples must satisfy.
    public enum Kind: String, Sendable, Hashable {
        /// Every selected node has every field, and the tuples are unique.
        case key
        /// The tuples of the selected nodes that have every field are unique.
        case unique
        /// The tuple of every selected node that has every field is one of ``refer``'s.
        case keyref
    }

    /// One path of a selector or field: child steps, then for a field an attribute.
    public struct Path: Sendable, Hashable {
        /// The child elements walked down, by name; empty for `.`.
        public var steps: [QualifiedName]
        /// The attribute a field ends at (`@name`), if any.
        public var attribute: QualifiedName?

        /// Creates a path.
        ///
        /// - Parameters:
        ///   - steps: The child elements walked down.
        ///   - attribute: The attribute it ends at.
        public init(steps: [QualifiedName], attribute: QualifiedName? = nil) {
            self.steps = steps
            self.attribute = attribute
        }
    }

    /// Key, uniqueness constraint or key reference.
    public var kind: Kind
    /// The constraint's name (in the schema's target namespace).
    public var name: QualifiedName
    /// For a key reference, the key or uniqueness constraint it refers to.
    public var refer: QualifiedName?
    /// The selector's paths: the nodes selected are their union.
    public var selector: [Path]
    /// Each field's paths (a union: the first path that reaches a value gives it).
    public var fields: [[Path]]
    /// The selector as the schema writes it, for messages.
    public var selectorText: String
    /// Each field as the schema writes it, for messages.
    public var fieldTexts: [String]
    /// Where the constraint is declared.
    public var origin: Origin?

    /// Creates an identity constraint.
    ///
    /// - Parameters:
    ///   - kind: Key, unique or key reference.
    ///   - name: Its name.
    ///   - refer: The key a key reference refers to.
    ///   - selector: The selector's paths.
    ///   - fields: Each field's paths.
    ///   - selectorText: The selector as written.
    ///   - fieldTexts: The fields as written.
    ///   - origin: Where it is declared.
    public init(
        kind: Kind, name: QualifiedName, refer: QualifiedName? = nil, selector: [Path], fields: [[Path]],
        selectorText: String, fieldTexts: [String], origin: Origin? = nil
    ) {
        self.kind = kind
        self.name = name
        self.refer = refer
        self.selector = selector
        self.fields = fields
        self.selectorText = selectorText
        self.fieldTexts = fieldTexts
        self.origin = origin
    }
}
