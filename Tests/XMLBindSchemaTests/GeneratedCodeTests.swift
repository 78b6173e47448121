import Foundation
import Testing
import XMLBind
import XMLBindTestSupport

@testable import XMLBindSchema

@Suite("Generated code")
struct GeneratedCodeTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/XSD")

    /// The models the compile test builds together in one target, by name and schema.
    static let models: [(name: String, schema: String)] = [
        ("PurchaseOrders", "po.xsd"), ("Library", "library.xsd"), ("Hostile", "hostile.xsd"),
        ("Settings", "settings.xsd"), ("Shapes", "shapes.xsd"), ("Notes", "notes.xsd"),
        ("Redefined", "redefine.xsd"), ("InlineText", "Real/inline.xsd"), ("AppConfig", "Real/undeclared-prefix.xsd"),
        ("Faults", "Real/unqualified.xsd"), ("Ordered", "ordered.xsd"), ("Page", "Real/page.xsd"),
        ("QNames", "qnames.xsd"), ("WSDLTypes", "Real/wsdl-types.xsd"), ("MathML", "Real/math.xsd"),
        ("Keys", "keys.xsd"),
        ("AnyTypes", "anytype.xsd"),
    ]

    static func generate(_ name: String, _ schema: String) -> ModelGenerator.Result {
        ModelGenerator(name: name, inputs: [URL(fileURLWithPath: schema, relativeTo: fixtures)]).generate()
    }

    @Test("The same schemas give the same bytes")
    func deterministic() {
        for (name, schema) in Self.models {
            let first = Self.generate(name, schema)
            let second = Self.generate(name, schema)
            #expect(!first.failed, "\(first.diagnostics)")
            #expect(first.files == second.files)
        }
        // An element without a type (xs:anyType) is kept whole, markup and all, without a warning.
        let library = Self.generate("Library", "library.xsd")
        let source = library.files.map(\.contents).joined()
        #expect(source.contains(#".element(\.extra, xml: "{urn:example:library}extra")"#))
        #expect(source.contains("public var extra: XMLElementNode?"))
        #expect(!source.contains(".wholeText()"))
        #expect(!library.diagnostics.map(\.description).contains { $0.contains("xs:anyType") })
    }

    @Test("A family of derived types becomes subclasses, registered by xsi:type and by their members' elements")
    func polymorphism() throws {
        let result = Self.generate("Shapes", "shapes.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        for expected in [
            "public class Shape: Bindable, OriginAware {", "public class Square: Shape {",
            "public final class Rounded: Square {", "public final class Circle: Shape {",
            #"XMLBinder(prefixes: ["sh": "urn:example:shapes"])"#,
            #"var definition = mapping(Circle.self, element: "sh:shape", namespace: "urn:example:shapes")"#
                + "\n        definition = definition.xsiType(\"{urn:example:shapes}Circle\")",
            #"definition = definition.children(\.shape, xml: "{urn:example:shapes}shape")"#,
            #"definition = definition.child(\.background, xml: "{urn:example:shapes}background")"#,
            #"definition = definition.children(\.figure)"#,
            #"mapping(Rounded.self, element: "sh:rounded", namespace: "urn:example:shapes")"#,
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        // The abstract type is registered for no element without an xsi:type, and a derived
        // class declares only what it adds.
        #expect(!text.contains(#"mapping(Shape.self, element: "sh:shape""#))
        #expect(!text.contains(#"mapping(Shape.self, element: "sh:figure""#))
        let square = try #require(result.files.first { $0.name == "Shapes+Square.swift" }).contents
        #expect(square.contains("public var side: Int32?") && !square.contains("public var id:"))
    }

    @Test("Two elements of one family in a class are slots declared with xml:, each chosen by xsi:type")
    func polymorphismInNamedSlots() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("pair.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t">
              <xs:element name="pair" type="t:Pair"/>
              <xs:complexType name="Pair">
                <xs:sequence><xs:element name="a" type="t:Base"/><xs:element name="b" type="t:Base"/></xs:sequence>
              </xs:complexType>
              <xs:complexType name="Base"><xs:attribute name="x" type="xs:string"/></xs:complexType>
              <xs:complexType name="Derived">
                <xs:complexContent><xs:extension base="t:Base"><xs:attribute name="y" type="xs:string"/></xs:extension></xs:complexContent>
              </xs:complexType>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "Pair", inputs: [schema]).generate()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        #expect(text.contains("public final class Derived: Base {"))
        #expect(text.contains(#"definition = definition.child(\.a, xml: "{}a")"#))
        #expect(text.contains(#"definition = definition.child(\.b, xml: "{}b")"#))
        #expect(text.contains(#"definition = definition.xsiType("{urn:t}Derived")"#))
    }

    @Test("A family whose slots matched by type a class cannot tell apart stays flattened, with a located warning")
    func polymorphismRefused() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("pair.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t">
              <xs:element name="pair" type="t:Pair"/>
              <xs:complexType name="Pair">
                <xs:sequence><xs:element ref="t:a"/><xs:element ref="t:b"/></xs:sequence>
              </xs:complexType>
              <xs:complexType name="Base"><xs:attribute name="x" type="xs:string"/></xs:complexType>
              <xs:complexType name="Derived">
                <xs:complexContent><xs:extension base="t:Base"><xs:attribute name="y" type="xs:string"/></xs:extension></xs:complexContent>
              </xs:complexType>
              <xs:element name="a" type="t:Base"/>
              <xs:element name="b" type="t:Base"/>
              <xs:element name="c" type="t:Derived" substitutionGroup="t:a"/>
              <xs:element name="d" type="t:Derived" substitutionGroup="t:b"/>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "Pair", inputs: [schema]).generate()
        #expect(
            result.diagnostics.map(\.description) == [
                "\(schema.path):6:3: warning: the types derived from {urn:t}Base and its substitution groups are "
                    + "generated flattened, without xsi:type or members in their head's place: {urn:t}Pair holds two "
                    + "elements of the family, <a> and <b>, which a slot matched by type cannot tell apart"
            ])
        let text = result.files.map(\.contents).joined()
        #expect(text.contains("public final class Derived: Bindable, OriginAware {"))
        #expect(text.contains(#"definition = definition.child(\.a, xml: "{urn:t}a")"#))
    }

    @Test("Two substitution heads of separate branches of one family are two slots matched by type in one class")
    func polymorphismOnSeparateBranches() throws {
        // BPMN's shape: tActivity holds <resourceRole> and <loopCharacteristics>, heads of
        // types that both derive from tBaseElement but not from each other.
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("branches.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t">
              <xs:element name="task" type="t:Task"/>
              <xs:complexType name="Task">
                <xs:complexContent><xs:extension base="t:Base"><xs:sequence>
                  <xs:element ref="t:role" minOccurs="0" maxOccurs="unbounded"/><xs:element ref="t:loop" minOccurs="0"/>
                </xs:sequence></xs:extension></xs:complexContent>
              </xs:complexType>
              <xs:complexType name="Base"><xs:attribute name="id" type="xs:string"/></xs:complexType>
              <xs:complexType name="Role"><xs:complexContent><xs:extension base="t:Base"/></xs:complexContent></xs:complexType>
              <xs:complexType name="Performer"><xs:complexContent><xs:extension base="t:Role"/></xs:complexContent></xs:complexType>
              <xs:complexType name="Loop"><xs:complexContent><xs:extension base="t:Base"/></xs:complexContent></xs:complexType>
              <xs:complexType name="Standard"><xs:complexContent><xs:extension base="t:Loop"/></xs:complexContent></xs:complexType>
              <xs:element name="role" type="t:Role"/>
              <xs:element name="performer" type="t:Performer" substitutionGroup="t:role"/>
              <xs:element name="loop" type="t:Loop" abstract="true"/>
              <xs:element name="standardLoop" type="t:Standard" substitutionGroup="t:loop"/>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "Branches", inputs: [schema]).generate()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        for expected in [
            "public final class Performer: Role {", "public final class Standard: Loop {",
            #"definition = definition.children(\.role)"#, #"definition = definition.child(\.loop)"#,
            #"mapping(Performer.self, element: "t:performer", namespace: "urn:t")"#,
            #"mapping(Standard.self, element: "t:standardLoop", namespace: "urn:t")"#,
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    @Test("Mixed content keeps its text pieces among the child objects, without a warning")
    func mixedContent() throws {
        let result = Self.generate("Notes", "notes.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        for expected in [
            // Several kinds of children, each registered for its own element: one order.
            #"definition = definition.children(\.em)"#, #"definition = definition.children(\.code)"#,
            #"definition = definition.children(\.b)"#, #"definition = definition.childOrder(\.childOrder)"#,
            #"definition = definition.mixedText(\.texts)"#,
            // Two more kinds of one type (em's Inline): slots named by their elements, ordered too.
            #"definition = definition.children(\.i, xml: "{urn:example:notes}i")"#,
            #"definition = definition.children(\.u, xml: "{urn:example:notes}u")"#,
            // A family's open slot (a substitution group): by type, its members' names all its own.
            #"definition = definition.children(\.mark)"#,
            // A nillable value's object keeps xsi:nil; a defaulted one's text takes the default.
            #"definition = definition.attribute(\.isNil, xml: "xsi:nil")"#,
            #"XMLBinder(prefixes: ["n": "urn:example:notes", "xsi": "http://www.w3.org/2001/XMLSchema-instance"])"#,
            #"definition = (try? Int32.xmlConversion.parse("5")).map { definition.text(\.value, "#
                + #"conversion: Int32.xmlConversion, default: $0).omittedWhenDefault() } ?? "#
                + #"definition.text(\.value, conversion: Int32.xmlConversion)"#,
            // One kind: its own slot, named.
            #"definition = definition.children(\.code, xml: "{urn:example:notes}code")"#,
            // An element of simple type in mixed content is an object, so that it keeps its place.
            #"mapping(B.self, element: "n:b", namespace: "urn:example:notes")"#,
            "public var texts: [String] = []",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        // library.xsd's Note holds <em> of xs:string among its text: an object too.
        let library = Self.generate("Library", "library.xsd")
        #expect(library.files.map(\.contents).joined().contains(#"definition = definition.mixedText(\.texts)"#))

        // An element of xs:anyType in mixed content is kept whole, its text pieces around it;
        // a mixed type with xs:any keeps its pieces around the kept elements, elements of
        // generated types among them kept as trees too (not as an Ancestor's objects).
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("value.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="urn:t" targetNamespace="urn:t">
              <xs:element name="m" type="t:M"/>
              <xs:complexType name="M" mixed="true">
                <xs:sequence><xs:element name="v"/></xs:sequence>
              </xs:complexType>
              <xs:complexType name="N" mixed="true">
                <xs:sequence><xs:any namespace="##other" processContents="lax"/></xs:sequence>
              </xs:complexType>
              <xs:complexType name="O" mixed="true">
                <xs:sequence><xs:any processContents="lax"/></xs:sequence>
              </xs:complexType>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let value = ModelGenerator(name: "Value", inputs: [schema]).generate()
        #expect(value.diagnostics.isEmpty, "\(value.diagnostics)")
        let kept = value.files.map(\.contents).joined()
        let m = try #require(value.files.first { $0.name == "Value+M.swift" }).contents
        #expect(m.contains("public var v: XMLElementNode?") && m.contains("public var texts: [String] = []"), "\(m)")
        #expect(kept.contains(#"definition = definition.element(\.v, xml: "{}v")"#), "\(kept)")
        #expect(kept.contains(#"if value.v == nil { context.error("the element <v> is required") }"#))
        let n = try #require(value.files.first { $0.name == "Value+N.swift" }).contents
        #expect(n.contains("public final class N: Bindable, OriginAware {"), "\(n)")
        #expect(kept.contains(#".otherElements(\.foreignElements, namespaces: .except(["urn:t", nil]))"#))
        #expect(kept.contains(#"definition = definition.mixedText(\.texts)"#))
        let o = try #require(value.files.first { $0.name == "Value+O.swift" }).contents
        #expect(o.contains("public final class O: Bindable, OriginAware {") && !o.contains("otherElements"), "\(o)")
        #expect(kept.contains(#".otherElements(\.foreignElements, namespaces: .any)"#))
    }

    @Test("Elements of xs:anyType are kept whole, in their places, without a warning")
    func anyTypeElements() {
        let result = Self.generate("AnyTypes", "anytype.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        for expected in [
            "public var payload: XMLElementNode?", "public var `extension`: [XMLElementNode] = []",
            #"definition = definition.element(\.payload, xml: "{urn:example:config}payload")"#,
            #"if value.payload == nil { context.error("the element <payload> is required") }"#,
            #"definition = definition.elements(\.`extension`, xml: "{urn:example:config}extension")"#,
            // Among children that interleave, by name in the order.
            #"definition = definition.elements(\.value, xml: "{urn:example:config}value")"#,
            #"definition = definition.childOrder(\.childOrder)"#,
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
        #expect(!text.contains(".wholeText()"))
    }

    @Test("xs:any keeps elements of the namespaces it admits as trees, beside the generated types")
    func wildcards() {
        let types = Self.generate("WSDLTypes", "Real/wsdl-types.xsd")
        #expect(!types.failed, "\(types.diagnostics)")
        let source = types.files.map(\.contents).joined()
        #expect(
            source.contains(
                #"definition.otherElements(\.foreignElements, namespaces: .except(["http://schemas.xmlsoap.org/wsdl/", nil]))"#
            ))
        #expect(source.contains("public var foreignElements: [XMLElementNode] = []"))
        let library = Self.generate("Library", "library.xsd").files.map(\.contents).joined()
        #expect(
            library.contains(#".otherElements(\.foreignElements, namespaces: .except(["urn:example:library", nil]))"#))
        let schema = XSDWildcard()
        for (namespace, expected) in [
            (nil, nil), ("##any", nil), ("##other", ElementWildcard.other(than: "urn:t")),
            ("##targetNamespace ##local urn:x", .only(["urn:t", nil, "urn:x"])),
        ] as [(String?, ElementWildcard?)] {
            schema.namespace = namespace
            #expect(XSDModelBuilder.namespaces(of: schema, targetNamespace: "urn:t") == expected)
        }
    }

    @Test("Attribute defaults are applied and left out when writing; the schema's prefixes are the binder's")
    func defaultsAndPrefixes() throws {
        let result = Self.generate("Settings", "settings.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let binder = result.files[0].contents
        #expect(binder.contains(#"XMLBinder(prefixes: ["cfg": "urn:example:settings"])"#))
        #expect(
            binder.contains(
                #"definition = (try? Mode.xmlConversion.parse("active")).map { definition.attribute(\.mode, "#
                    + #"xml: "mode", conversion: Mode.xmlConversion, default: $0).omittedWhenDefault() } ?? "#
                    + #"definition.attribute(\.mode, xml: "mode", conversion: Mode.xmlConversion)"#))
        #expect(binder.contains(#"Conversions.xsPositiveInteger.parse("8080")"#))
    }

    @Test("The types of global elements keep xsi:schemaLocation hints, unless xs:anyAttribute keeps them")
    func schemaLocationHints() throws {
        let result = Self.generate("PurchaseOrders", "po.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let order = try #require(result.files.first { $0.name == "PurchaseOrders+PurchaseOrderType.swift" }).contents
        #expect(order.contains("public var xsiSchemaLocation: String?"))
        #expect(order.contains("public var xsiNoNamespaceSchemaLocation: String?"))
        let binder = result.files[0].contents
        for name in ["schemaLocation", "noNamespaceSchemaLocation"] {
            let property = name == "schemaLocation" ? "xsiSchemaLocation" : "xsiNoNamespaceSchemaLocation"
            #expect(
                binder.contains(
                    "definition = definition.attribute(\\.\(property), "
                        + "xml: \"{http://www.w3.org/2001/XMLSchema-instance}\(name)\")"))
        }
        // A type no global element has gets none; one with xs:anyAttribute keeps them there.
        let address = try #require(result.files.first { $0.name == "PurchaseOrders+USAddress.swift" }).contents
        #expect(!address.contains("xsiSchemaLocation"))
        let library = Self.generate("Library", "library.xsd").files.map(\.contents).joined()
        #expect(!library.contains("xsiSchemaLocation"))
    }

    @Test("A required attribute with a fixed value is always written, an optional one left out as its default")
    func requiredFixedAttribute() throws {
        let folder = try temporaryDirectory()
        let schema = folder.appendingPathComponent("fixed.xsd")
        try Data(
            """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:f">
              <xs:element name="model">
                <xs:complexType>
                  <xs:attribute name="version" use="required" fixed="2"/>
                  <xs:attribute name="lang" type="xs:string" default="en"/>
                </xs:complexType>
              </xs:element>
            </xs:schema>
            """.utf8
        ).write(to: schema)
        let result = ModelGenerator(name: "Fixed", inputs: [schema]).generate()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let binder = result.files[0].contents
        // Left out when writing, the required attribute would make the document invalid.
        #expect(
            binder.contains(
                #"definition = (try? String.xmlConversion.parse("2")).map { definition.attribute(\.version, "#
                    + #"xml: "version", conversion: String.xmlConversion, default: $0) } ?? "#))
        #expect(
            binder.contains(
                #"definition = (try? String.xmlConversion.parse("en")).map { definition.attribute(\.lang, "#
                    + #"xml: "lang", conversion: String.xmlConversion, default: $0).omittedWhenDefault() } ?? "#))
    }

    @Test("Hostile names and documentation stay inside comments and string literals")
    func hostile() throws {
        let result = Self.generate("Hostile", "hostile.xsd")
        #expect(!result.failed, "\(result.diagnostics)")
        let lines = result.files.flatMap { $0.contents.split(separator: "\n", omittingEmptySubsequences: false) }
        for line in lines {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            // Outside comments, the hostile texts appear only inside string literals.
            for needle in ["#if", "#endif", "pwned", "exit(1)", "injected", "*/"] where code.contains(needle) {
                let before = code.components(separatedBy: needle)[0]
                #expect(before.contains("\""), "\(needle) outside a literal: \(code)")
            }
            #expect(!code.contains("\u{202E}"))
        }
        let quote = try #require(result.files.first { $0.name == "Hostile+Quote.swift" })
        #expect(quote.contents.contains(#"case exit1 = "\")); exit(1); (\"""#))
        #expect(quote.contents.contains(#"case evil = "\\(evil)""#))
        #expect(quote.contents.contains("case `case` = \"case\""))
    }

    /// Generates the models into a package of their own that depends on this one, builds it
    /// with warnings as errors in Swift 6 mode, and runs its program on instances.
    @Test(
        "Generated code compiles without warnings in Swift 6, binds, writes back, and locates bad values",
        .timeLimit(.minutes(30)))
    func compilesAndRuns() async throws {
        let package = try ThrowawayPackage(
            name: "GeneratedCheck",
            targets: [
                .init("GeneratedCheck", products: ["XMLBind"]),
                // The build-tool plugin generates from a target's own schema at build time.
                .init("PluginCheck", products: ["XMLBind"], usesGeneratorPlugin: true),
            ], scratchFolder: "generated-check")
        let sources = try package.sources("GeneratedCheck")
        for (name, schema) in Self.models {
            let result = Self.generate(name, schema)
            #expect(!result.failed, "\(result.diagnostics)")
            try ModelGenerator.write(result.files, to: sources)
        }
        try package.addProgram(Self.program, to: "GeneratedCheck")
        try package.addProgram(
            Self.pluginProgram, to: "PluginCheck", copying: [Self.fixtures.appendingPathComponent("po.xsd")])
        let build = try await package.build()
        try #require(build.status == 0, "\(build.stdout)")
        @Sendable func run(_ model: String, _ instance: String) async throws -> ProcessRun {
            try await package.run("GeneratedCheck", [model, Self.fixtures.appendingPathComponent(instance).path])
        }

        let order = try await run("po", "po.xml")
        #expect(order.status == 0, "\(order.stdout)")
        #expect(order.stdout.hasPrefix("round trip: same\n"))
        // The document's schema hint is kept and written back with its usual prefix.
        for text in [
            "partNum=\"872-AA\"", ">148.95<", ">Alice Smith<", "priority=\"high\"", ">1999-05-21<",
            "xsi:schemaLocation=\"urn:example:po po.xsd\"",
        ] {
            #expect(order.stdout.contains(text), "\(text) missing from \(order.stdout)")
        }
        let library = try await run("library", "library.xml")
        #expect(library.status == 0, "\(library.stdout)")
        #expect(library.stdout.hasPrefix("round trip: same\n"))
        for text in [
            "xml:lang=\"en\"", "x:branch=\"north\"", "travel space<", "cover=\"CAFE\"", "currency=\"USD\"",
            "edition=\"revised\"",
        ] {
            #expect(library.stdout.contains(text), "\(text) missing from \(library.stdout)")
        }
        // Attribute defaults are bound where the document is silent and not added when writing;
        // the written document uses the schema's own prefix.
        let settings = try await run("settings", "settings.xml")
        #expect(settings.status == 0, "\(settings.stdout)")
        #expect(settings.stdout.hasPrefix("round trip: same\n"))
        // The root's class keeps schema hints: their namespace is declared with the schema's own.
        #expect(
            settings.stdout.contains(
                "<cfg:settings xmlns:cfg=\"urn:example:settings\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
            ), "\(settings.stdout)")
        #expect(settings.stdout.contains("<cfg:server>\n"), "\(settings.stdout)")
        #expect(
            settings.stdout.contains(
                #"<cfg:server ports="8443" port="9090" mode="standby" secure="true" label="backup" weight="0.25">"#),
            "\(settings.stdout)")
        #expect(!settings.stdout.contains(#"port="8080""#) && !settings.stdout.contains(#"version="2""#))
        // The element default fills the empty <retries/>, which is written back spelled out;
        // the list-typed attribute default is applied and not written.
        #expect(settings.stdout.contains("<cfg:retries>3</cfg:retries>"), "\(settings.stdout)")
        #expect(!settings.stdout.contains("ports=\"80 443\"") && settings.stdout.contains("ports=\"8443\""))
        #expect(
            settings.stdout.hasSuffix("defaults: 8080 active false main server 1.5 2 3 [80, 443]\n"),
            "\(settings.stdout)")
        // xsi:type chooses the derived class and is written back; a substitution group's members
        // stand in their head's place and are written as themselves; an abstract type needs xsi:type.
        let shapes = try await run("shapes", "shapes.xml")
        #expect(shapes.status == 0, "\(shapes.stdout)")
        #expect(shapes.stdout.hasPrefix("round trip: same\n"))
        for text in [
            #"<sh:shape xsi:type="sh:Circle" id="c1" radius="2.5"/>"#,
            #"<sh:shape xsi:type="sh:Rounded" id="r1" side="2" corner="0.25"/>"#,
            #"<sh:circle id="c2" radius="1.0"/>"#, #"<sh:rounded id="r2" side="5"/>"#,
            #"<sh:background xsi:type="sh:Square" id="b1" side="9"/>"#,
            "kinds: Circle Square Rounded | Circle Square Rounded\n",
        ] {
            #expect(shapes.stdout.contains(text), "\(text) missing from \(shapes.stdout)")
        }
        let abstract = try await run("shapes", "shapes-abstract.xml")
        #expect(abstract.status == 1)
        #expect(
            abstract.stdout.contains(
                "shapes-abstract.xml:3:3: error: <shape> needs an xsi:type to choose its mapping"),
            "\(abstract.stdout)")
        // Mixed content: every piece of text written back in its place, escaped, nested too.
        let notes = try await run("notes", "notes.xml")
        #expect(notes.status == 0, "\(notes.stdout)")
        #expect(notes.stdout.hasPrefix("round trip: same\n"))
        for text in [
            #"<n:para id="p1">The <n:em>new</n:em> one, <n:b>bold</n:b> &amp; "#
                + #"<n:code lang="swift">let x = 1 &lt; 2</n:code>.</n:para>"#,
            "<n:para>Before <n:em>nested <n:code>x</n:code> after</n:em> &lt;raw&gt; end\n    on two lines</n:para>",
            #"<n:para>Styled: <n:i>it <n:code>c</n:code></n:i>, <n:u>under</n:u> <n:em>em</n:em> <n:i>again</n:i>"#
                + #"<n:mark color="red"/> and <n:hl color="x" level="2"/>!</n:para>"#,
            #"<n:para>Counts: <n:count xsi:nil="true"/>, <n:count>3</n:count>; levels <n:level/> and "#
                + #"<n:level>7</n:level>.</n:para>"#,
            "<n:para/>",
        ] {
            #expect(notes.stdout.contains(text), "\(text) missing from \(notes.stdout)")
        }
        // xs:redefine: the redefined type's fields after the original's, the group's too.
        let redefined = try await run("redefine", "redefine.xml")
        #expect(redefined.status == 0, "\(redefined.stdout)")
        #expect(redefined.stdout.hasPrefix("round trip: same\n"))
        for text in ["<r:age>37</r:age>", "<r:size>7</r:size>", "<r:note>fragile</r:note>", "<r:tag>blue</r:tag>"] {
            #expect(redefined.stdout.contains(text), "\(text) missing from \(redefined.stdout)")
        }
        // Shapes of real schemas (Fixtures/XSD/Real): XHTML's elements extending the type that
        // holds them, appengine-web.xsd's prefix declared elsewhere, SOAP 1.1's unqualified
        // local elements, written back in no namespace.
        let inline = try await run("inline", "Real/inline.xml")
        #expect(inline.status == 0, "\(inline.stdout)")
        #expect(inline.stdout.hasPrefix("round trip: same\n"))
        #expect(
            inline.stdout.contains(
                #"stressed <span title="t">and <em>nested</em></span> text</em>, then <span>more</span>.</p>"#),
            "\(inline.stdout)")
        let app = try await run("app", "Real/undeclared-prefix.xml")
        #expect(app.status == 0, "\(app.stdout)")
        #expect(app.stdout.hasPrefix("round trip: same\n"))
        for text in [#"id="a1""#, #"max="3""#, ">0.5</", ">2</"] {
            #expect(app.stdout.contains(text), "\(text) missing from \(app.stdout)")
        }
        let fault = try await run("fault", "Real/unqualified.xml")
        #expect(fault.status == 0, "\(fault.stdout)")
        #expect(fault.stdout.hasPrefix("round trip: same\n"))
        for text in [
            "<faultcode>Server</faultcode>", "<faultstring>Server Error</faultstring>", #"<detail code="7"/>"#,
        ] {
            #expect(fault.stdout.contains(text), "\(text) missing from \(fault.stdout)")
        }
        // xs:any of other namespaces (issue 31): a WSDL's <types> keeps its XML Schema, with the
        // declarations its QName values need; library.xsd's magazine keeps an XHTML extension.
        let types = try await run("wsdltypes", "Real/wsdl-types.xml")
        #expect(types.status == 0, "\(types.stdout)")
        #expect(types.stdout.hasPrefix("round trip: same\n"))
        for text in [
            #"<xs:element name="echo" type="tns:EchoRequest"/>"#, #"xmlns:tns="urn:example:echo""#,
            #"default="a &lt;b&gt; &amp; &quot;c&quot;""#,
        ] {
            #expect(types.stdout.contains(text), "\(text) missing from \(types.stdout)")
        }
        #expect(
            library.stdout.contains(
                #"<x:review x:stars="4" xmlns:h="http://www.w3.org/1999/xhtml"><h:p>Good <h:b>read</h:b> &amp; "#
                    + "&lt;more&gt;</h:p></x:review>")
                || library.stdout.contains("<h:p>Good <h:b>read</h:b> &amp; &lt;more&gt;</h:p></x:review>"),
            "\(library.stdout)")
        // Elements of xs:anyType keep their markup: written back, the same information.
        let anyTypes = try await run("anytype", "anytype.xml")
        #expect(anyTypes.status == 0, "\(anyTypes.stdout)")
        #expect(anyTypes.stdout.hasPrefix("round trip: same\n"))
        #expect(anyTypes.stdout.contains("<h:b>bold &amp; <h:i>nested</h:i></h:b>"), "\(anyTypes.stdout)")
        for (model, instance, output) in [
            ("wsdltypes", "Real/wsdl-types.xml", types.stdout), ("library", "library.xml", library.stdout),
            ("anytype", "anytype.xml", anyTypes.stdout),
        ] {
            let url = Self.fixtures.appendingPathComponent(instance)
            let original = try DTDInfoset.of(Data(contentsOf: url), file: instance, defaults: nil)
            let written = output.split(separator: "\n", maxSplits: 1).dropFirst().joined()
            let again = try DTDInfoset.of(Data(written.utf8), file: "written.xml", defaults: nil)
            #expect(original.firstDifference(from: again) == nil, "\(model): \(instance) written back differs")
        }
        let hostile = try await run("hostile", "hostile.xml")
        #expect(hostile.status == 0, "\(hostile.stdout)")
        #expect(hostile.stdout.contains(#">\(evil)<"#))

        let plugin = try await package.run("PluginCheck", [Self.fixtures.appendingPathComponent("po.xml").path])
        #expect(plugin.status == 0, "\(plugin.stdout)")
        #expect(plugin.stdout == "Alice Smith, 2 items\n")

        try await checkAgainstXMLSchema(run)
        try await checkChildOrder(run)
        try await checkQualifiedNames(run)
        try await checkIdentityConstraints(run)
        try await checkManyIdentities(package)

        let invalid = try await run("po", "po-invalid.xml")
        #expect(invalid.status == 1)
        let errors = invalid.stdout.split(separator: "\n").filter { $0.hasPrefix("po-invalid.xml:") }
        #expect(
            errors == [
                #"po-invalid.xml:2:49: error: cannot convert "urgent" to Priority for property 'priority' of <purchaseOrder>: not one of low, normal, high"#,
                "po-invalid.xml:3:3: error: <USAddress> is missing required property 'name' (child element <name>)",
                #"po-invalid.xml:14:10: error: cannot convert "9581x" to Decimal for property 'zip' of <USAddress>: not a decimal number"#,
                #"po-invalid.xml:17:20: error: cannot convert "872-aa" to String for property 'partNum' of <item>: does not match the pattern ^(?:\d{3}-[A-Z]{2})$"#,
                #"po-invalid.xml:19:17: error: cannot convert "100" to UInt for property 'quantity' of <item>: the value must be less than 100"#,
            ])
    }

    /// xmlschema (PyPI) as the reference: an instance it accepts binds, and writing it back
    /// gives what it decodes to the same values; one it refuses is refused by the binder, with
    /// as many located errors as it gives reasons.
    private func checkAgainstXMLSchema(_ run: (String, String) async throws -> ProcessRun) async throws {
        let python = URL(fileURLWithPath: try await WSDLGeneratedCodeTests.peersPython())
        let script = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Peers/xmlschema_peer.py").path
        func peer(_ arguments: [String]) async throws -> [String] {
            let result = try await ProcessRun.run(python, [script] + arguments, errorsIntoOutput: true)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        let cases: [(model: String, schema: String, instance: String)] = [
            ("po", "po.xsd", "po.xml"), ("po", "po.xsd", "po-invalid.xml"), ("library", "library.xsd", "library.xml"),
            ("library", "library.xsd", "library-too-many.xml"), ("settings", "settings.xsd", "settings.xml"),
            ("shapes", "shapes.xsd", "shapes.xml"), ("shapes", "shapes.xsd", "shapes-abstract.xml"),
            ("notes", "notes.xsd", "notes.xml"), ("redefine", "redefine.xsd", "redefine.xml"),
            ("redefine", "redefine.xsd", "redefine-invalid.xml"), ("ordered", "ordered.xsd", "ordered.xml"),
            ("page", "Real/page.xsd", "Real/page.xml"),
            ("wsdltypes", "Real/wsdl-types.xsd", "Real/wsdl-types.xml"), ("math", "Real/math.xsd", "Real/math.xml"),
            ("keys", "keys.xsd", "keys.xml"), ("keys", "keys.xsd", "keys-duplicate.xml"),
            ("keys", "keys.xsd", "keys-missing.xml"), ("keys", "keys.xsd", "keys-dangling.xml"),
            ("anytype", "anytype.xsd", "anytype.xml"),
        ]
        let folder = try temporaryDirectory()
        for (model, schema, instance) in cases {
            let schemaPath = Self.fixtures.appendingPathComponent(schema).path
            let instancePath = Self.fixtures.appendingPathComponent(instance).path
            let verdict = try await peer(["validate", schemaPath, instancePath])
            let bound = try await run(model, instance)
            if verdict.first == "valid" {
                #expect(bound.status == 0, "\(instance): xmlschema accepts it, the binder does not: \(bound.stdout)")
                let written = folder.appendingPathComponent(URL(fileURLWithPath: instance).lastPathComponent)
                let document = bound.stdout.split(separator: "\n").dropFirst().filter {
                    !$0.hasPrefix("defaults:") && !$0.hasPrefix("kinds:")
                }
                try Data(document.joined(separator: "\n").utf8).write(
                    to: written)
                let compared = try await peer(["compare", schemaPath, instancePath, written.path])
                #expect(compared.first == "same", "\(instance): written back, it decodes differently: \(compared)")
            } else {
                #expect(verdict.first == "invalid", "\(instance): \(verdict)")
                let errors = bound.stdout.split(separator: "\n").filter { $0.hasPrefix(instance + ":") }
                #expect(bound.status == 1)
                #expect(errors.count == verdict.count - 1, "\(instance): \(verdict.dropFirst()) against \(errors)")
            }
        }
    }

    /// Binds an order through the model the plugin generated at build time.
    static let pluginProgram = #"""
        import Foundation

        let url = URL(fileURLWithPath: CommandLine.arguments[1])
        let order = try PluginCheckSchema.binder.parse(
            contentsOf: url, as: PluginCheckSchema.PurchaseOrderType.self, file: url.lastPathComponent)
        print("\(order.shipTo?.name ?? "?"), \(order.items?.item.count ?? 0) items")

        """#

    /// Parses an instance through a model's binder, writes it, parses and writes that again:
    /// prints whether the two writes agree, then the first.
    static let program = #"""
        import Foundation
        import XMLBind

        @discardableResult
        func roundTrip<T>(_ binder: XMLBinder, _ type: T.Type, _ url: URL) throws -> T {
            let bound = try binder.parse(contentsOf: url, as: type, file: url.lastPathComponent)
            let first = try binder.xml(from: bound)
            let second = try binder.xml(from: binder.parse(first, as: type, file: "written.xml"))
            print(first == second ? "round trip: same" : "round trip: differs\n" + second)
            print(first)
            return bound
        }

        let url = URL(fileURLWithPath: CommandLine.arguments[2])
        do {
            switch CommandLine.arguments[1] {
            case "po": try roundTrip(PurchaseOrders.binder, PurchaseOrders.PurchaseOrderType.self, url)
            case "library": try roundTrip(Library.binder, Library.LibraryType.self, url)
            case "notes": try roundTrip(Notes.binder, Notes.NotesType.self, url)
            case "redefine": try roundTrip(Redefined.binder, Redefined.Record.self, url)
            case "inline": try roundTrip(InlineText.binder, InlineText.P.self, url)
            case "app": try roundTrip(AppConfig.binder, AppConfig.AppType.self, url)
            case "fault": try roundTrip(Faults.binder, Faults.Fault.self, url)
            case "ordered": try roundTrip(Ordered.binder, Ordered.Config.self, url)
            case "page": try roundTrip(Page.binder, Page.Html.self, url)
            case "math": try roundTrip(MathML.binder, MathML.Math.self, url)
            case "keys": try roundTrip(Keys.binder, Keys.Catalog.self, url)
            case "keys-many":
                // Many selected nodes, one duplicate key at the end: checked by hashing, one error.
                let count = Int(CommandLine.arguments[2]) ?? 0
                var text = "<catalog xmlns=\"urn:example:keys\"><products>"
                for id in 0..<count { text += "<product id=\"\(id)\"><sku>S\(id)</sku></product>" }
                text += "<product id=\"7\"><sku>T</sku></product></products><orders>"
                for id in 0..<count { text += "<order product=\"\(id)\"/>" }
                text += "</orders></catalog>"
                do {
                    _ = try Keys.binder.parse(text, as: Keys.Catalog.self, file: "many.xml")
                    print("accepted")
                } catch let error as XMLBindError {
                    print("errors:", error.diagnostics.count)
                    error.diagnostics.forEach { print($0.description.prefix { $0 != "\n" }) }
                }
            case "anytype": try roundTrip(AnyTypes.binder, AnyTypes.Config.self, url)
            case "qnames":
                // Each rule written alone: the prefixes its values use were declared on <rules>.
                let rules = try QNames.binder.parse(contentsOf: url, as: QNames.Rules.self, file: url.lastPathComponent)
                let names = { (rule: QNames.Rule) in
                    ([rule.kind, rule.matches, rule.fallback].map { $0?.description ?? "-" }
                        + [rule.also.map { $0.map(\.description).joined(separator: ",") } ?? "-"])
                        .joined(separator: " ")
                }
                for rule in rules.rule {
                    let alone = try QNames.binder.xml(from: rule)
                    let back = try QNames.binder.parse(alone, as: QNames.Rule.self, file: "alone.xml")
                    print("names:", names(rule), "|", names(back))
                    print(alone)
                    print("----")
                }
            case "wsdltypes": try roundTrip(WSDLTypes.binder, WSDLTypes.TDefinitions.self, url)
            case "shapes":
                let drawing = try roundTrip(Shapes.binder, Shapes.Drawing.self, url)
                let kinds = { (shapes: [Shapes.Shape]) in shapes.map { "\(type(of: $0))" }.joined(separator: " ") }
                print("kinds:", kinds(drawing.shape), "|", drawing.layer.map { kinds($0.figure) }.joined(separator: " | "))
            case "settings":
                let settings = try roundTrip(Settings.binder, Settings.SettingsType.self, url)
                let server = settings.server[0]
                print(
                    "defaults:", server.port.map { String($0) } ?? "-", server.mode?.rawValue ?? "-",
                    server.secure.map { String($0) } ?? "-", server.label ?? "-",
                    server.weight.map { "\($0)" } ?? "-", settings.version ?? "-",
                    server.retries.map { String($0) } ?? "-", server.ports.map { "\($0)" } ?? "-")
            default: try roundTrip(Hostile.binder, Hostile.Class.self, url)
            }
        } catch {
            print(error)
            exit(1)
        }

        """#
}
