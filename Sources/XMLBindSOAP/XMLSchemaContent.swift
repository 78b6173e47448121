/// The content of a complex type the ``XMLSchemaWriter`` is building: its child elements in
/// order, and its attributes.
struct XMLSchemaContent {
    /// ` minOccurs="0" maxOccurs="unbounded"`.
    static let repeated = " minOccurs=\"0\" maxOccurs=\"unbounded\""

    /// A child element: a value (with a type), a wrapper (with content), or both (a value
    /// element that carries attributes, `details/price` and `details/price/@currency`).
    struct Named {
        var name: String
        var form: String
        var type: String?
        var occurs: String
        var content: XMLSchemaContent?
        /// Whether the value is optional: an element that also holds attributes is then
        /// written empty when the value is `nil`.
        var valueIsOptional = false
        /// Whether `xsi:nil="true"` may stand for the value (`nillable="true"`).
        var isNillable = false
        /// Whether the value is the element's whole text (`.wholeText()`): any elements may
        /// be inside it.
        var takesWholeText = false
    }

    /// Mixed content of any elements, for a value that is an element's whole text.
    static let anyMixedContent =
        "<xs:complexType mixed=\"true\"><xs:sequence>"
        + "<xs:any processContents=\"skip\" minOccurs=\"0\" maxOccurs=\"unbounded\"/></xs:sequence>"

    enum Child {
        case named(Named)
        /// A reference or choice, written as it is: `open`, the occurrences, then `close`.
        case raw(open: String, occurs: String, close: String)

        var occurs: String {
            switch self {
            case .named(let named): named.occurs
            case .raw(_, let occurs, _): occurs
            }
        }

        /// The child as written, with other occurrences.
        func written(occurs: String) -> String {
            switch self {
            case .named(var named):
                named.occurs = occurs
                return XMLSchemaContent.written(named)
            case .raw(let open, _, let close): return open + occurs + close
            }
        }
    }

    var children: [Child] = []
    var attributes: [String] = []
    /// The namespaces of `xs:anyAttribute` (`##any` for any), in first-use order.
    var anyAttributeNamespaces: [String] = []

    /// Allows attributes of a namespace (`##any`: of any) that the type does not declare.
    mutating func allowAttributes(in namespace: String) {
        if !anyAttributeNamespaces.contains(namespace) { anyAttributeNamespaces.append(namespace) }
    }

    /// The child element named `name`, made where it is first used.
    mutating func named(_ name: String, form: String, _ change: (inout Named) throws(XMLSchemaError) -> Void)
        throws(XMLSchemaError)
    {
        for index in children.indices {
            if case .named(var named) = children[index], named.name == name {
                try change(&named)
                children[index] = .named(named)
                return
            }
        }
        var named = Named(name: name, form: form, type: nil, occurs: " minOccurs=\"0\"", content: nil)
        try change(&named)
        children.append(.named(named))
    }

    /// `<xs:sequence>…</xs:sequence>` and the attributes, as a complex type's content.
    ///
    /// Several repeated children are read in any order, mixed (`<define/><bean/><define/>`):
    /// the children from the first repeated one to the last become one repeated `xs:choice`
    /// (so the ones between, written in declaration order, stay allowed there).
    func written() -> String {
        var text = ""
        if !children.isEmpty {
            let repeated = children.indices.filter { children[$0].occurs == Self.repeated }
            text += "<xs:sequence>"
            for index in children.indices {
                let child = children[index]
                guard repeated.count > 1, let first = repeated.first, let last = repeated.last,
                    (first...last).contains(index)
                else {
                    text += child.written(occurs: child.occurs)
                    continue
                }
                if index == first { text += "<xs:choice\(Self.repeated)>" }
                text += child.written(occurs: "")
                if index == last { text += "</xs:choice>" }
            }
            text += "</xs:sequence>"
        }
        return text + writtenAttributes()
    }

    /// The attributes, then `xs:anyAttribute` (last, as XML Schema requires).
    func writtenAttributes() -> String {
        var text = attributes.joined()
        if anyAttributeNamespaces.contains("##any") {
            text += "<xs:anyAttribute processContents=\"lax\"/>"
        } else if !anyAttributeNamespaces.isEmpty {
            let namespaces = anyAttributeNamespaces.map(XMLSchemaWriter.escaped).joined(separator: " ")
            text += "<xs:anyAttribute namespace=\"\(namespaces)\" processContents=\"lax\"/>"
        }
        return text
    }

    static func written(_ named: Named) -> String {
        let head = "<xs:element name=\"\(named.name)\"\(named.form)"
        if named.takesWholeText, named.content?.children.isEmpty ?? true {
            let nillable = named.isNillable ? " nillable=\"true\"" : ""
            return head + "\(nillable)\(named.occurs)>" + anyMixedContent
                + (named.content?.writtenAttributes() ?? "") + "</xs:complexType></xs:element>"
        }
        guard let content = named.content else {
            let nillable = named.isNillable ? " nillable=\"true\"" : ""
            return head + " type=\"\(named.type ?? "xs:string")\"\(nillable)\(named.occurs)/>"
        }
        if let type = named.type, content.children.isEmpty {
            return head + "\(named.occurs)><xs:complexType><xs:simpleContent><xs:extension base=\"\(type)\">"
                + content.writtenAttributes() + "</xs:extension></xs:simpleContent></xs:complexType></xs:element>"
        }
        let mixed = named.type == nil ? "" : " mixed=\"true\""
        return head + "\(named.occurs)><xs:complexType\(mixed)>" + content.written() + "</xs:complexType></xs:element>"
    }
}
