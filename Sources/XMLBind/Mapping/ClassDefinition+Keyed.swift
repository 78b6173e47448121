extension ClassDefinition {
    /// Declares that this element's members are chosen by a key written in the document:
    /// the declarations that follow are matched by member key instead of element name.
    ///
    /// ```swift
    /// // XML-RPC: <struct><member><name>age</name><value><int>36</int></value></member>…</struct>
    /// mapping(Person.self, element: "struct")
    ///     .keyedMembers(element: "member", key: .child("name"), value: "value")
    ///     .property(\.name)                           // the member named "name"
    ///     .property(\.firstName, xml: "first-name")   // the member named "first-name"
    ///
    /// // Java properties XML: <properties><comment>…</comment><entry key="timeout">30</entry></properties>
    /// mapping(Settings.self, element: "properties")
    ///     .element(\.comment)                         // before the keyed declaration: an element
    ///     .keyedMembers(element: "entry", key: .attribute("key"))
    ///     .property(\.timeout)                        // <entry key="timeout">
    /// ```
    ///
    /// After it, `.property` and `.element` take the member whose key is their `xml:` name
    /// (or the property's name), `.elements` a list (see ``MemberValue/element(_:list:)``),
    /// and `.child` and `.children` objects of the mapping registered for their element
    /// type, found inside the member's value. Conversions, `default:` and `.required()`
    /// work as anywhere. A key nothing declares is unknown content (the mapping's
    /// ``UnknownContentPolicy``, with "did you mean"); a key given twice, a member without
    /// a key or without its value element are errors at the member. Writing writes each
    /// member in declaration order, in this shape.
    ///
    /// Declarations before it keep matching by element name. Registration refuses what
    /// the shape cannot honour exactly: `.attribute`, `.text` and maps after it, paths in
    /// a keyed member's `xml:`, two members of one key, a second keyed declaration.
    ///
    /// - Parameters:
    ///   - element: The member element's name (`member`, `entry`).
    ///   - key: Where a member's key is written: ``MemberKey/child(_:)`` or ``MemberKey/attribute(_:)``.
    ///   - value: Where a member's value is written; the member's own content when omitted.
    /// - Returns: The definition with its members keyed from here on.
    @inlinable
    public func keyedMembers(element: String, key: MemberKey, value: MemberValue = .content) -> Self {
        keyedMembers(KeyedMembers(element: element, key: key, value: value))
    }

    /// Declares that this element's members are chosen by a key written in the document,
    /// with a shape declared once and shared (as XML-RPC's modules share theirs).
    ///
    /// - Parameter shape: The member element, the key's place and the value's.
    /// - Returns: The definition with its members keyed from here on.
    @inlinable
    public func keyedMembers(_ shape: KeyedMembers) -> Self {
        Self(declarations: declarations.setting(keyedMembers: shape))
    }
}
