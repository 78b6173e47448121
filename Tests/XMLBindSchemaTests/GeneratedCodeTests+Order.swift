import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

/// The round trips xmlschema's comparison cannot see: children whose order is the document's
/// (its decoding groups them by name), and qualified names written where their prefixes were
/// not declared.
extension GeneratedCodeTests {
    /// Instances whose children of different names interleave, and mixed content: written
    /// back, each gives the same information set as the input, children in their order.
    func checkChildOrder(_ run: (String, String) async throws -> ProcessRun) async throws {
        let cases = [
            ("ordered", "ordered.xml"), ("page", "Real/page.xml"), ("notes", "notes.xml"),
            ("inline", "Real/inline.xml"), ("library", "library.xml"), ("math", "Real/math.xml"),
        ]
        var same = 0
        for (model, instance) in cases {
            let bound = try await run(model, instance)
            #expect(bound.status == 0, "\(instance): \(bound.stdout)")
            let written = bound.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .joined(separator: "\n")
            let original = try DTDInfoset.of(
                Data(contentsOf: Self.fixtures.appendingPathComponent(instance)), file: instance, defaults: nil)
            let back = try DTDInfoset.of(Data(written.utf8), file: "written.xml", defaults: nil)
            if let difference = original.firstDifference(from: back) {
                Issue.record("\(instance): written back, it differs at \(difference)")
            } else {
                same += 1
            }
        }
        // The figure of the report: instances written back with their children in order.
        print("XSD instances whose information set round-trips, order included: \(same) of \(cases.count)")
        // XHTML's head and body, in the document's order (not grouped by element name).
        let page = try await run("page", "Real/page.xml")
        let marks = [
            #"name="author""#, ">Order kept<", "page.css", #"name="keywords""#, ">First<", "Some <", ">Second<",
            ">one<", ">More.<", ">Third<", ">Last<",
        ]
        let positions = marks.compactMap { page.stdout.range(of: $0)?.lowerBound }
        #expect(positions.count == marks.count && positions == positions.sorted(), "\(page.stdout)")
        // Elements kept for xs:any in their places among declared ones, and among mixed text.
        let ordered = try await run("ordered", "ordered.xml")
        let keptMarks = [
            ">First<", "x:rating", "a.html", ">blue<", ">Second<", ">green <x:b>and</x:b> red<", "b.html", "c.html",
            ">Mixed <o:em>text</o:em> with <x:ref", #"id="r1">a <x:b>kept</x:b> element</x:ref>, <x:br "#, "/>and ",
            "<o:em>more</o:em> &amp; more.</o:remark>", #"source="notes.html">Read <h:a"#,
            #"href="spec.html">the <h:i>spec</h:i></h:a> first;"#,
            ">a paragraph</h:p>, <o:em>this</o:em> then the rest.</o:documentation>",
            // A family's classes keep their order too: Block and Section (a substitution group's member).
            ">one<", #"command="r""#, ">two<", #"<o:section title="T">"#, #"command="s""#, ">three<", #"command="t""#,
        ]
        let keptPositions = keptMarks.compactMap { ordered.stdout.range(of: $0)?.lowerBound }
        #expect(
            keptPositions.count == keptMarks.count && keptPositions == keptPositions.sorted(), "\(ordered.stdout)")
        // Members of substitution groups whose heads have no type, each its own class, in place.
        let math = try await run("math", "Real/math.xml")
        #expect(math.stdout.hasPrefix("round trip: same\n"), "\(math.stdout)")
        let mathMarks = [
            ">x<", #"stretchy="false">=<"#, #"mathvariant="bold">y<"#, ">2<", "plus/>", ">a<", ">3<", ">z<", "times/>",
            ">b<", ">c<", ">d<",
        ]
        let mathPositions = mathMarks.compactMap { math.stdout.range(of: $0)?.lowerBound }
        #expect(mathPositions.count == mathMarks.count && mathPositions == mathPositions.sorted(), "\(math.stdout)")
    }

    @Test("A family's classes keep their children's order, the property declared once, and xs:any content its order")
    func orderInFamiliesAndWildcards() throws {
        let result = Self.generate("Ordered", "ordered.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let file = { (name: String) in result.files.first { $0.name == "Ordered+\(name).swift" }?.contents ?? "" }
        #expect(file("Block").contains("public var childOrder: [String] = []"))
        #expect(file("Section").contains("public final class Section: Block {"))
        #expect(!file("Section").contains("childOrder"))
        let mappings = result.files[0].contents.components(separatedBy: "var definition = mapping(")
        for type in ["Block", "Section", "Entry", "Remark"] {
            let mapping = mappings.first { $0.hasPrefix(type + ".self") } ?? ""
            #expect(mapping.contains("definition.childOrder(\\.childOrder)"), "\(type)")
        }
        // Elements of the model's types under Documentation's xs:any are kept as trees, in place.
        #expect(file("Documentation").contains("public final class Documentation: Bindable, OriginAware {"))
    }

    @Test("A substitution group whose head has no type is a slot of a protocol its members' classes conform to")
    func untypedSubstitutionHeads() throws {
        let result = Self.generate("MathML", "Real/math.xsd")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        for expected in [
            "public protocol PresentationExpressionMember: AnyObject {}",
            "public var presentationExpression: [(any PresentationExpressionMember)] = []",
            "public var contExp: [(any ContExpMember)] = []",
            "public final class Token: Bindable, OriginAware, PresentationExpressionMember {",
            "public final class PlusElement: Bindable, OriginAware, ContExpMember, NaryArithClassMember {",
            // Two groups in one class: each by type, in the document's order.
            "definition = definition.children(\\.presentationExpression)\n"
                + "        definition = definition.children(\\.contExp)",
            "definition = definition.childOrder(\\.childOrder)",
        ] {
            #expect(text.contains(expected), "\(expected)")
        }
    }

    /// A rule whose qualified names use prefixes declared on the document's root, written
    /// alone: the writer declares them, xmlschema validates the result, and the names read
    /// back are the same expanded names.
    func checkQualifiedNames(_ run: (String, String) async throws -> ProcessRun) async throws {
        let bound = try await run("qnames", "qnames.xml")
        #expect(bound.status == 0, "\(bound.stdout)")
        let names = bound.stdout.split(separator: "\n").filter { $0.hasPrefix("names: ") }
        // The first rule's kind, matches, fallback and its list of names (`also`).
        let first: String =
            "{urn:example:animals}Mammal {urn:example:plants}Fern {urn:example:zoo}Keeper "
            + "{urn:example:animals}Bird,{urn:example:plants}Fern"
        #expect(
            names == [
                "names: \(first) | \(first)",
                "names: {urn:example:qnames}Local {urn:example:animals}Bird - - | "
                    + "{urn:example:qnames}Local {urn:example:animals}Bird - -",
            ], "\(bound.stdout)")
        let python = URL(fileURLWithPath: try await WSDLGeneratedCodeTests.peersPython())
        let script = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Peers/xmlschema_peer.py").path
        let schema = Self.fixtures.appendingPathComponent("qnames.xsd").path
        let folder = try temporaryDirectory()
        // Each document follows its `names:` line and ends before `----`.
        var documents: [String] = []
        var current: [Substring]?
        for line in bound.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("names: ") {
                current = []
            } else if line == "----" {
                documents.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        #expect(documents.count == 2)
        for (index, document) in documents.enumerated() {
            let file = folder.appendingPathComponent("rule-\(index).xml")
            try Data(document.utf8).write(to: file)
            let verdict = try await ProcessRun.run(
                python, [script, "validate", schema, file.path], errorsIntoOutput: true)
            #expect(verdict.stdout == "valid\n", "\(document): \(verdict.stdout)")
        }
    }
}
