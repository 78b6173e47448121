import XMLBind

/// An attribute of an element type, from an `<!ATTLIST>` declaration.
public struct DTDAttribute: Sendable, Hashable {
    /// An attribute's type: XML's `AttType`.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// `CDATA`: any text.
        case cdata
        /// `ID`: a name unique in the document.
        case id
        /// `IDREF`: the name of an `ID`.
        case idref
        /// `IDREFS`: names of `ID`s, separated by spaces.
        case idrefs
        /// `ENTITY`: the name of an unparsed entity.
        case entity
        /// `ENTITIES`: names of unparsed entities.
        case entities
        /// `NMTOKEN`: one name token.
        case nmtoken
        /// `NMTOKENS`: name tokens separated by spaces.
        case nmtokens
        /// `NOTATION (a | b)`: one of the notations named.
        case notation([String])
        /// `(a | b | c)`: one of the values named.
        case enumeration([String])

        /// The type in DTD syntax.
        public var description: String {
            switch self {
            case .cdata: "CDATA"
            case .id: "ID"
            case .idref: "IDREF"
            case .idrefs: "IDREFS"
            case .entity: "ENTITY"
            case .entities: "ENTITIES"
            case .nmtoken: "NMTOKEN"
            case .nmtokens: "NMTOKENS"
            case .notation(let names): "NOTATION (" + names.joined(separator: " | ") + ")"
            case .enumeration(let values): "(" + values.joined(separator: " | ") + ")"
            }
        }

        /// Whether XML normalizes the value as a token list: spaces collapsed and trimmed
        /// (every type but `CDATA`).
        public var isTokenized: Bool { self != .cdata }
    }

    /// What an attribute's absence means: XML's `DefaultDecl`.
    public enum Default: Sendable, Hashable, CustomStringConvertible {
        /// `#REQUIRED`: the attribute must be given.
        case required
        /// `#IMPLIED`: the attribute may be left out, and has no value then.
        case implied
        /// `#FIXED "value"`: the attribute always has this value.
        case fixed(String)
        /// `"value"`: the value when the attribute is left out.
        case value(String)

        /// The value a document has without the attribute, if any.
        public var defaultValue: String? {
            switch self {
            case .required, .implied: nil
            case .fixed(let value), .value(let value): value
            }
        }

        /// The default in DTD syntax.
        public var description: String {
            switch self {
            case .required: "#REQUIRED"
            case .implied: "#IMPLIED"
            case .fixed(let value): "#FIXED " + quoted(value)
            case .value(let value): quoted(value)
            }
        }

        private func quoted(_ value: String) -> String {
            value.contains("\"") ? "'" + value + "'" : "\"" + value + "\""
        }
    }

    /// The attribute's name as the DTD spells it (`xml:space`, `ignore_missing`).
    public var name: String
    /// Its type.
    public var kind: Kind
    /// What its absence means; a default value is normalized as XML normalizes values.
    public var defaultDeclaration: Default
    /// Where the attribute's name stands in its `<!ATTLIST>`.
    public var origin: Origin?

    /// Creates an attribute declaration.
    ///
    /// - Parameters:
    ///   - name: The attribute's name.
    ///   - kind: Its type.
    ///   - defaultDeclaration: What its absence means.
    ///   - origin: Where it is declared.
    public init(name: String, kind: Kind, defaultDeclaration: Default, origin: Origin? = nil) {
        self.name = name
        self.kind = kind
        self.defaultDeclaration = defaultDeclaration
        self.origin = origin
    }
}
