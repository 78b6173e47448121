/// The shape of an element whose members are chosen by a key written in the document,
/// not by element names: XML-RPC's `<member><name>age</name><value><int>36</int></value></member>`,
/// Java's properties XML `<entry key="age">36</entry>`, a configuration file's
/// `<param><name>timeout</name><value>30</value></param>`.
///
/// Declared with ``ClassDefinition/keyedMembers(element:key:value:)``; the declarations
/// after it (`.property`, `.element`, `.elements`, `.child`, `.children`) are matched by
/// member key instead of element name. See <doc:Mappings#Members-keyed-by-a-name>.
public struct KeyedMembers: Sendable {
    /// The member element's name (`member`, `entry`, `param`).
    public let element: String
    /// Where a member's key is written: a child element's text or an attribute.
    public let key: MemberKey
    /// Where a member's value is written: its own content or a value element, with typed
    /// wrappers and a list path.
    public let value: MemberValue

    /// A keyed shape.
    ///
    /// - Parameters:
    ///   - element: The member element's name.
    ///   - key: Where a member's key is written.
    ///   - value: Where a member's value is written.
    public init(element: String, key: MemberKey, value: MemberValue) {
        self.element = element
        self.key = key
        self.value = value
    }
}

/// Where a keyed member's key is written (see ``KeyedMembers``).
public struct MemberKey: Sendable, Equatable {
    enum Source: Sendable, Equatable {
        case child(String)
        case attribute(String)
    }

    let source: Source

    /// The key is the text of a child element of the member: `.child("name")` for
    /// `<member><name>age</name>…</member>`. The text is taken exactly as written.
    ///
    /// - Parameter name: The key element's name.
    /// - Returns: The key's place.
    public static func child(_ name: String) -> MemberKey {
        MemberKey(source: .child(name))
    }

    /// The key is an attribute of the member: `.attribute("key")` for `<entry key="age">36</entry>`.
    ///
    /// - Parameter name: The attribute's name.
    /// - Returns: The key's place.
    public static func attribute(_ name: String) -> MemberKey {
        MemberKey(source: .attribute(name))
    }
}

/// Where a keyed member's value is written (see ``KeyedMembers``).
///
/// A value is the member's own content (``content``) or the content of a value element
/// inside it (``element(_:list:)``, or a string literal: `"value"`). Inside that, a
/// value may be:
///
/// - text (`<value>30</value>`) for a property;
/// - text inside one of the declared typed wrapper elements (``wrapped(_:for:written:)``),
///   as XML-RPC writes `<value><int>36</int></value>`;
/// - the element of a registered object, for a `.child` or `.children` member
///   (`<value><struct>…</struct></value>`);
/// - for a list (`.elements`, `.children`) when a `list:` path is declared, that path
///   with one value element per item (`<value><array><data><value>…</value>…`); without
///   one, each member adds one item.
public struct MemberValue: Sendable, ExpressibleByStringLiteral {
    /// A typed wrapper element and the Swift types written in it.
    struct Wrapper: Sendable {
        let element: String
        let types: [ObjectIdentifier]
        /// Rewrites the property's written text for this wrapper (XML-RPC's `boolean` takes `1`).
        let written: (@Sendable (String) -> String)?
        /// Whether the wrapper stands for no value (XML-RPC's `<nil/>`): read, it stores nothing.
        let isNil: Bool
    }

    /// The value element's name, or `nil` for the member's own content.
    let element: String?
    /// The list path inside the value element, its last step the item's value element.
    let list: String?
    /// The typed wrappers, in declaration order.
    private(set) var wrappers: [Wrapper] = []

    /// The member's own content is the value: `<entry key="age">36</entry>`, or the text
    /// after the key element in `<param><name>age</name>36</param>`.
    public static let content = MemberValue(element: nil, list: nil)

    /// The value is the content of a child element of the member.
    ///
    /// - Parameters:
    ///   - name: The value element's name (`value`).
    ///   - list: For list members, the path from the value element to each item's own
    ///     value element: `"array/data/value"` reads XML-RPC's
    ///     `<value><array><data><value>1</value><value>2</value></data></array></value>`.
    ///     Without it, a list member holds one item and each member adds one.
    /// - Returns: The value's place.
    public static func element(_ name: String, list: String? = nil) -> MemberValue {
        MemberValue(element: name, list: list)
    }

    /// The value is the content of a child element of the member named by the literal.
    ///
    /// - Parameter value: The value element's name.
    public init(stringLiteral value: String) {
        self.init(element: value, list: nil)
    }

    private init(element: String?, list: String?) {
        self.element = element
        self.list = list
    }

    /// Declares a typed wrapper element around a scalar value: `.wrapped("int", for: Int.self)`
    /// reads `<value><int>36</int></value>` and writes an `Int` (or `Int?`) member that way.
    ///
    /// Reading takes any declared wrapper for any property (the property's conversion
    /// decides what the text means); text directly in the value element reads too.
    /// Writing puts a value in the first wrapper that lists its type, and a value of a
    /// type no wrapper lists as bare text.
    ///
    /// - Parameters:
    ///   - element: The wrapper element's name.
    ///   - types: The Swift types written in this wrapper; none for a wrapper that is only read (`i4`).
    ///   - written: Rewrites the value's text for this wrapper when writing (XML-RPC's
    ///     `boolean` holds `1` and `0`: `written: { $0 == "true" ? "1" : "0" }`).
    /// - Returns: This value shape with the wrapper added.
    public func wrapped(
        _ element: String, for types: any Any.Type..., written: (@Sendable (String) -> String)? = nil
    ) -> MemberValue {
        var copy = self
        copy.wrappers.append(
            Wrapper(element: element, types: types.map { ObjectIdentifier($0) }, written: written, isNil: false))
        return copy
    }

    /// Declares an empty wrapper element that stands for no value (XML-RPC's `<nil/>`):
    /// a member holding it leaves its property as `init()` made it (`nil` for an optional).
    ///
    /// - Parameter element: The wrapper element's name.
    /// - Returns: This value shape with the wrapper added.
    public func wrappedNil(_ element: String) -> MemberValue {
        var copy = self
        copy.wrappers.append(Wrapper(element: element, types: [], written: nil, isNil: true))
        return copy
    }
}
