import XMLBind

// The tree of an XML Schema document as the core binder reads it: one small class per
// kind of schema element (a kind shared by several element names keeps the name in
// `kind`). They are the reader's input only; ``XSDModelBuilder`` turns them into the
// generator's ``SchemaModel``. Registered in `XSDNodes+Binder.swift`.

/// A schema element that can stand among others in document order.
protocol XSDNode: AnyObject, SendableMetatype {
    var origin: Origin? { get }
}

/// `<xs:schema>`.
final class XSDSchema: Bindable, OriginAware {
    var targetNamespace: String?
    var elementFormDefault: String?
    var attributeFormDefault: String?
    var children: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:include>`, `<xs:import>` and `<xs:redefine>` (an include whose components replace
/// the included ones of their names).
final class XSDInclude: Bindable, OriginAware, XSDNode {
    var kind = ""
    var namespace: String?
    var schemaLocation: String?
    /// A redefine's components: complex and simple types, groups and attribute groups.
    var components: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:annotation>`, of which only the documentation is kept. Not an ``XSDNode``: it has
/// a slot of its own where it documents something, and is skipped elsewhere.
final class XSDAnnotation: Bindable, OriginAware {
    var documentation: [XSDDocumentation] = []
    var origin: Origin?
    init() {}

    /// The documentation texts, joined by blank lines.
    var text: String? {
        let texts = documentation.compactMap(\.text).filter { !$0.allSatisfy(\.isWhitespace) }
        return texts.isEmpty ? nil : texts.joined(separator: "\n\n")
    }
}

/// `<xs:documentation>`: its whole text, markup inside included as text.
final class XSDDocumentation: Bindable, OriginAware {
    var text: String?
    var origin: Origin?
    init() {}
}

/// `<xs:element>`, global or local.
final class XSDElement: Bindable, OriginAware, XSDNode {
    var name: String?
    var ref: XMLQualifiedName?
    var type: XMLQualifiedName?
    var minOccurs: String?
    var maxOccurs: String?
    var nillable: Bool?
    var defaultValue: String?
    var fixed: String?
    var form: String?
    var abstract: Bool?
    var substitutionGroup: XMLQualifiedName?
    var annotation: XSDAnnotation?
    var complexType: XSDComplexType?
    var simpleType: XSDSimpleType?
    var identityConstraints: [XSDIdentityConstraint] = []
    var origin: Origin?
    init() {}
}

/// `<xs:attribute>`, global or local.
final class XSDAttribute: Bindable, OriginAware, XSDNode {
    var name: String?
    var ref: XMLQualifiedName?
    var type: XMLQualifiedName?
    var use: String?
    var defaultValue: String?
    var fixed: String?
    var form: String?
    var annotation: XSDAnnotation?
    var simpleType: XSDSimpleType?
    var origin: Origin?
    init() {}
}

/// `<xs:complexType>`.
final class XSDComplexType: Bindable, OriginAware, XSDNode {
    var name: String?
    var mixed: Bool?
    var abstract: Bool?
    var annotation: XSDAnnotation?
    var content: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:sequence>`, `<xs:choice>` and `<xs:all>`.
final class XSDModelGroup: Bindable, OriginAware, XSDNode {
    var kind = ""
    var minOccurs: String?
    var maxOccurs: String?
    var particles: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:group>`: a named model group, or a reference to one.
final class XSDGroup: Bindable, OriginAware, XSDNode {
    var name: String?
    var ref: XMLQualifiedName?
    var minOccurs: String?
    var maxOccurs: String?
    var particles: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:attributeGroup>`: named, or a reference.
final class XSDAttributeGroup: Bindable, OriginAware, XSDNode {
    var name: String?
    var ref: XMLQualifiedName?
    var content: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:any>` and `<xs:anyAttribute>`.
final class XSDWildcard: Bindable, OriginAware, XSDNode {
    var kind = ""
    var namespace: String?
    var processContents: String?
    var minOccurs: String?
    var maxOccurs: String?
    var origin: Origin?
    init() {}
}

/// `<xs:simpleContent>` and `<xs:complexContent>`.
final class XSDContentModel: Bindable, OriginAware, XSDNode {
    var kind = ""
    var mixed: Bool?
    var derivations: [XSDDerivation] = []
    var origin: Origin?
    init() {}
}

/// `<xs:extension>` and `<xs:restriction>`, of complex and simple types alike.
final class XSDDerivation: Bindable, OriginAware, XSDNode {
    var kind = ""
    var base: XMLQualifiedName?
    var content: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:simpleType>`.
final class XSDSimpleType: Bindable, OriginAware, XSDNode {
    var name: String?
    var annotation: XSDAnnotation?
    var content: [any XSDNode] = []
    var origin: Origin?
    init() {}
}

/// `<xs:list>`.
final class XSDList: Bindable, OriginAware, XSDNode {
    var itemType: XMLQualifiedName?
    var simpleType: XSDSimpleType?
    var origin: Origin?
    init() {}
}

/// `<xs:union>`. Its `memberTypes` are read by the unknown-content callback, which resolves
/// their prefixes (see ``XSDBinder/Skipped``).
final class XSDUnion: Bindable, OriginAware, XSDNode {
    var simpleTypes: [XSDSimpleType] = []
    var origin: Origin?
    init() {}
}

/// A facet: `<xs:enumeration>`, `<xs:pattern>`, `<xs:length>`, …
final class XSDFacet: Bindable, OriginAware, XSDNode {
    var kind = ""
    var value: String?
    var annotation: XSDAnnotation?
    var origin: Origin?
    init() {}
}

/// Identity constraints (`xs:unique`, `xs:key`, `xs:keyref`) of an element.
final class XSDIdentityConstraint: Bindable, OriginAware, XSDNode {
    var kind = ""
    var name: String?
    var refer: XMLQualifiedName?
    var paths: [XSDXPath] = []
    var origin: Origin?
    init() {}
}

/// An identity constraint's `<xs:selector>` or `<xs:field>`. Its `xpath` is read by the
/// unknown-content callback, which resolves the prefixes in it (see ``XSDBinder/Skipped``).
final class XSDXPath: Bindable, OriginAware {
    var kind = ""
    var origin: Origin?
    init() {}
}
