import Synchronization
import XMLBind

/// The core binder that reads XML Schema documents into ``XSDSchema`` trees: schemas are
/// read as any document is, so they are held to the binder's limits and every problem in
/// them is located.
enum XSDBinder {
    /// XML Schema's namespace.
    static let namespace = "http://www.w3.org/2001/XMLSchema"

    /// Schema elements and attributes the reader does not take yet, as located warnings.
    ///
    /// It also takes the unions' `memberTypes`: a list of qualified names, which only the
    /// unknown-content callback sees with the namespace scope that resolves its prefixes.
    final class Skipped: Sendable {
        private let found = Mutex<[GenerationDiagnostic]>([])
        private let resolved = Mutex<[ResolvedNames]>([])

        /// What was skipped, in document order.
        var diagnostics: [GenerationDiagnostic] { found.withLock { $0 } }
        /// The `memberTypes` lists read, in document order.
        var memberTypeLists: [ResolvedNames] { resolved.withLock { $0 } }
        private let paths = Mutex<[ResolvedXPath]>([])
        /// The identity constraints' `xpath` attributes read, in document order.
        var xpaths: [ResolvedXPath] { paths.withLock { $0 } }

        /// The prefixes an XPath writes (`p:name`, `@p:name`), each with its namespace in `scope`.
        static func prefixes(in text: String, _ scope: XMLNamespaceScope?) -> [String: String?] {
            var found: [String: String?] = [:]
            for token in text.split(whereSeparator: { "/|@ \t\r\n".contains($0) }) {
                guard let colon = token.firstIndex(of: ":"), colon != token.startIndex else { continue }
                let prefix = String(token[..<colon])
                found[prefix] = .some(scope?.namespace(forPrefix: prefix))
            }
            return found
        }

        func note(_ content: UnknownContent) {
            if content.kind == .attribute, content.name == "memberTypes", content.namespace == nil,
                content.parent?.hasSuffix("union") == true, let origin = content.origin
            {
                let names = (content.value ?? "").split(whereSeparator: { " \t\r\n".contains($0) }).map { token in
                    content.scope?.resolve(String(token)) ?? XMLQualifiedName(String(token))
                }
                resolved.withLock { $0.append(ResolvedNames(origin: origin, names: names)) }
                return
            }
            if content.kind == .attribute, content.name == "xpath", content.namespace == nil,
                content.parent?.hasSuffix("selector") == true || content.parent?.hasSuffix("field") == true,
                let origin = content.origin
            {
                let text = content.value ?? ""
                paths.withLock {
                    $0.append(
                        ResolvedXPath(origin: origin, text: text, namespaces: Self.prefixes(in: text, content.scope)))
                }
                return
            }
            // Attributes in other namespaces and elements of other vocabularies (inside
            // `xs:appinfo`, say) are allowed by XML Schema and carry nothing to generate.
            switch content.kind {
            case .attribute where content.namespace != nil: return
            case .element where content.namespace != XSDBinder.namespace: return
            default: break
            }
            let what = content.kind == .attribute ? "the attribute '\(content.name)'" : "<\(content.name)>"
            let place = content.parent.map { " in <\($0)>" } ?? ""
            let message = "\(what)\(place) is not read by the generator yet; it is skipped"
            found.withLock { $0.append(GenerationDiagnostic(.warning, message, at: content.origin)) }
        }
    }

    /// `<xs:annotation>` where nothing is documented by it.
    private static let annotation = "{\(namespace)}annotation"

    /// An identity constraint's XPath, with the namespace of each prefix written in it
    /// (`nil` for an undeclared one), resolved where it was written.
    struct ResolvedXPath: Sendable {
        let origin: Origin
        let text: String
        let namespaces: [String: String?]
    }

    /// Qualified names read from one attribute, resolved where they were written.
    struct ResolvedNames: Sendable {
        let origin: Origin
        let names: [XMLQualifiedName]
    }

    /// A binder whose unknown content goes to `skipped`.
    static func make(reporting skipped: Skipped) throws -> XMLBinder {
        let options = ParseOptions(unknownContent: .callback { skipped.note($0) })
        let xs = namespace
        return try XMLBinder(options: options).register(
            mapping(XSDSchema.self, element: "schema", namespace: xs)
                .attribute(\.targetNamespace).attribute(\.elementFormDefault).attribute(\.attributeFormDefault)
                .children(\.children).ignoring(annotation).ignoring("@version").ignoring("@id").ignoring(
                    "@blockDefault"
                )
                .ignoring("@finalDefault"),
            mapping(XSDInclude.self, element: "include", namespace: xs).elementName(\.kind)
                .attribute(\.namespace).attribute(\.schemaLocation).ignoring("@id").ignoring(annotation),
            mapping(XSDInclude.self, element: "import", namespace: xs).elementName(\.kind)
                .attribute(\.namespace).attribute(\.schemaLocation).ignoring("@id").ignoring(annotation),
            mapping(XSDInclude.self, element: "redefine", namespace: xs).elementName(\.kind)
                .attribute(\.schemaLocation).children(\.components).ignoring("@id").ignoring(annotation),
            mapping(XSDAnnotation.self, element: "annotation", namespace: xs)
                .children(\.documentation).ignoring("{\(xs)}appinfo").ignoring("@id"),
            mapping(XSDDocumentation.self, element: "documentation", namespace: xs)
                .text(\.text).wholeText().unknownContent(.ignore),
            mapping(XSDElement.self, element: "element", namespace: xs)
                .attribute(\.name).attribute(\.ref).attribute(\.type).attribute(\.minOccurs).attribute(\.maxOccurs)
                .attribute(\.nillable).attribute(\.defaultValue, xml: "default").attribute(\.fixed)
                .attribute(\.form).attribute(\.abstract).attribute(\.substitutionGroup)
                .child(\.annotation).child(\.complexType).child(\.simpleType).children(\.identityConstraints)
                .ignoring("@id").ignoring("@block").ignoring("@final"),
            mapping(XSDAttribute.self, element: "attribute", namespace: xs)
                .attribute(\.name).attribute(\.ref).attribute(\.type).attribute(\.use, conversion: .trimmed)
                .attribute(\.defaultValue, xml: "default").attribute(\.fixed).attribute(\.form)
                .child(\.annotation).child(\.simpleType).ignoring("@id"),
            mapping(XSDComplexType.self, element: "complexType", namespace: xs)
                .attribute(\.name).attribute(\.mixed).attribute(\.abstract).child(\.annotation).children(\.content)
                .ignoring("@id").ignoring("@block").ignoring("@final"),
            group("sequence"), group("choice"), group("all"),
            mapping(XSDGroup.self, element: "group", namespace: xs)
                .attribute(\.name).attribute(\.ref).attribute(\.minOccurs).attribute(\.maxOccurs)
                .children(\.particles).ignoring("@id").ignoring(annotation),
            mapping(XSDAttributeGroup.self, element: "attributeGroup", namespace: xs)
                .attribute(\.name).attribute(\.ref).children(\.content).ignoring("@id").ignoring(annotation),
            wildcard("any"), wildcard("anyAttribute"),
            content("simpleContent"), content("complexContent"),
            derivation("extension"), derivation("restriction"),
            mapping(XSDSimpleType.self, element: "simpleType", namespace: xs)
                .attribute(\.name).child(\.annotation).children(\.content).ignoring("@id").ignoring("@final"),
            mapping(XSDList.self, element: "list", namespace: xs)
                .attribute(\.itemType).child(\.simpleType).ignoring("@id").ignoring(annotation),
            mapping(XSDUnion.self, element: "union", namespace: xs)
                .children(\.simpleTypes).ignoring("@id").ignoring(annotation),
            facet("enumeration"), facet("pattern"), facet("length"), facet("minLength"), facet("maxLength"),
            facet("minInclusive"), facet("maxInclusive"), facet("minExclusive"), facet("maxExclusive"),
            facet("totalDigits"), facet("fractionDigits"), facet("whiteSpace"),
            constraint("unique"), constraint("key"), constraint("keyref"), path("selector"), path("field"))
    }

    private static func group(_ name: String) -> ClassDefinition<XSDModelGroup> {
        mapping(XSDModelGroup.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.minOccurs).attribute(\.maxOccurs).children(\.particles).ignoring("@id").ignoring(annotation)
    }

    private static func wildcard(_ name: String) -> ClassDefinition<XSDWildcard> {
        mapping(XSDWildcard.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.namespace).attribute(\.processContents).attribute(\.minOccurs).attribute(\.maxOccurs)
            .ignoring("@id").ignoring(annotation)
    }

    private static func content(_ name: String) -> ClassDefinition<XSDContentModel> {
        mapping(XSDContentModel.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.mixed).children(\.derivations).ignoring("@id").ignoring(annotation)
    }

    private static func derivation(_ name: String) -> ClassDefinition<XSDDerivation> {
        mapping(XSDDerivation.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.base).children(\.content).ignoring("@id").ignoring(annotation)
    }

    private static func facet(_ name: String) -> ClassDefinition<XSDFacet> {
        mapping(XSDFacet.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.value).child(\.annotation).ignoring("@id").ignoring("@fixed")
    }

    private static func constraint(_ name: String) -> ClassDefinition<XSDIdentityConstraint> {
        mapping(XSDIdentityConstraint.self, element: name, namespace: namespace).elementName(\.kind)
            .attribute(\.name).attribute(\.refer).children(\.paths).ignoring("@id").ignoring(annotation)
    }

    private static func path(_ name: String) -> ClassDefinition<XSDXPath> {
        mapping(XSDXPath.self, element: name, namespace: namespace).elementName(\.kind)
            .ignoring("@id").ignoring(annotation)
    }
}
