import Foundation
import Testing

@testable import XMLBind

@Suite("Keyed maps: .elements(…, key:) into [String: T]")
struct KeyedMapTests {
    final class MimeType: Bindable {
        var type: String?
        var comment: String?
        var comments: [String: String] = [:]
        var priorities: [String: Int] = [:]
        init() {}
    }

    struct Info: Bindable {
        var types: [MimeType] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Info.self, element: "mime-info").children(\.types),
        mapping(MimeType.self, element: "mime-type").attribute(\.type)
            .element(\.comment)
            .elements(\.comments, xml: "comment", key: "xml:lang")
            .elements(\.priorities, xml: "priority", key: "@for")
    )

    static func describe(_ info: Info) -> String {
        info.types.map { type in
            let comments = type.comments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let priorities = type.priorities.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(type.type ?? "-") '\(type.comment ?? "-")' [\(comments.joined(separator: ","))] "
                + "[\(priorities.joined(separator: ","))]"
        }.joined(separator: "; ")
    }

    static let document = """
        <mime-info>
          <mime-type type="text/plain">
            <comment>plain text document</comment>
            <comment xml:lang="de">Einfaches Textdokument</comment>
            <comment xml:lang="fr">document texte brut</comment>
            <priority for="glob">50</priority>
          </mime-type>
        </mime-info>
        """

    @Test func elementsWithTheKeyGoToTheMapTheOtherToThePlainProperty() throws {
        let info = try Self.binder.parse(Self.document, as: Info.self)
        #expect(
            Self.describe(info)
                == "text/plain 'plain text document' [de=Einfaches Textdokument,fr=document texte brut] [glob=50]")
    }

    /// Children the engine remembers (`ChildNameCache`) of a mapping with keyed maps go through
    /// the general property start every time: a `<comment>` without the key still goes to the
    /// plain property, after one with it and at later places too.
    @Test func rememberedElementsOfAMappingWithMapsGoWhereTheirKeySays() throws {
        let info = try Self.binder.parse(
            """
            <mime-info><mime-type type="a"><comment>one</comment><comment xml:lang="de">eins</comment></mime-type>\
            <mime-type type="b"><comment>two</comment><comment xml:lang="de">zwei</comment>\
            <priority for="glob">5</priority></mime-type>\
            <mime-type type="c"><comment xml:lang="fr">trois</comment><comment>three</comment></mime-type></mime-info>
            """, as: Info.self)
        #expect(Self.describe(info) == "a 'one' [de=eins] []; b 'two' [de=zwei] [glob=5]; c 'three' [fr=trois] []")
        // A map's element without its key and without a plain sibling is reported each time.
        let error = bindError {
            _ = try Self.binder.parse(
                """
                <mime-info><mime-type type="a"><priority for="glob">1</priority><priority>2</priority></mime-type>
                <mime-type type="b"><priority>3</priority></mime-type></mime-info>
                """, as: Info.self)
        }
        #expect(error?.diagnostics.map(\.code) == [.missingValue, .missingValue])
        #expect(error?.diagnostics.map { $0.origin?.line ?? 0 } == [1, 2])
    }

    @Test func roundTripIsStableAndSortedByKey() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Info.self, describe: Self.describe)
        let written = try Self.binder.xml(
            from: try Self.binder.parse(Self.document, as: Info.self), options: WritingOptions(layout: .compact))
        #expect(
            written.contains(
                #"<comment>plain text document</comment><comment xml:lang="de">Einfaches Textdokument</comment>"#
                    + #"<comment xml:lang="fr">document texte brut</comment><priority for="glob">50</priority>"#))
    }

    @Test func aDuplicateKeyIsAnErrorWithANoteAtTheFirst() throws {
        let document = """
            <mime-info>
              <mime-type>
                <comment xml:lang="de">eins</comment>
                <comment xml:lang="de">zwei</comment>
              </mime-type>
            </mime-info>
            """
        let error = #expect(throws: XMLBindError.self) { try Self.binder.parse(document, as: Info.self, file: "m.xml") }
        #expect(
            error?.description == """
                m.xml:4:24: error: map 'comments' of <mime-type> is given the key "de" more than once
                    4 |     <comment xml:lang="de">zwei</comment>
                      |                        ^
                m.xml:3:24: note: first given here
                    3 |     <comment xml:lang="de">eins</comment>
                      |                        ^
                """)
    }

    @Test func aValueThatFailsPointsAtItsElement() throws {
        let document = "<mime-info><mime-type>\n  <priority for='a'>high</priority></mime-type></mime-info>"
        let error = #expect(throws: XMLBindError.self) { try Self.binder.parse(document, as: Info.self, file: "m.xml") }
        #expect(
            error?.message
                == #"cannot convert "high" to Int for 'priority' (property 'priorities') of <mime-type>: not an integer"#
        )
        #expect(error?.diagnostics.first?.origin?.line == 2)
        #expect(error?.diagnostics.first?.origin?.column == 21)
    }

    @Test func aMapElementWithoutItsKeyAndNoPlainSiblingIsAnError() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<mime-info><mime-type><priority>1</priority></mime-type></mime-info>", as: Info.self)
        }
        #expect(
            error?.message
                == "<priority> in <mime-type> has no 'for' attribute, the key of map 'priorities'")
    }

    @Test func mapsStream() throws {
        var seen: [String] = []
        try Self.binder.stream(Self.document, as: MimeType.self) { type in
            seen.append(type.comments.keys.sorted().joined(separator: ","))
            return .continue
        }
        #expect(seen == ["de,fr"])
    }

    @Test func aMapThroughAPathIsRefused() {
        var map = PropertyBinding.map(
            \MimeType.comments, xml: "comments/comment", key: "xml:lang", conversion: String.xmlConversion)
        _ = map.resolve(sample: MimeType(), fields: FieldTable(MimeType.self), prefixes: [:])
        map.resolveCollection(prefixes: [:])
        let problems = ShapeChecks.problems([map], paths: PathNode.root(for: [map]), ignoredElements: [])
        #expect(problems.first?.hasPrefix("the keyed map 'comments' reads child elements") == true)
    }
}

@Suite("Shape declarations refused at registration (register throws)")
struct ShapeRegistrationTests {
    final class Item: Bindable {
        var id: String?
        var tags: [String] = []
        var names: [String: String] = [:]
        init() {}
    }

    @Test func refusedShapes() {
        #expect(
            registrationProblems {
                try XMLBinder().register(mapping(Item.self, element: "item").attribute(\.id).wholeText())
            }
                == ["Item <item>, declaration 1 .attribute(\\.id): .wholeText() does not apply to an attribute"])
        #expect(
            registrationProblems {
                try XMLBinder().register(mapping(Item.self, element: "item").elements(\.tags, xml: "@tag"))
            }
            .first?.contains("cannot come from an attribute of the element itself") == true)
        #expect(
            registrationProblems {
                try XMLBinder().register(
                    mapping(Item.self, element: "item").elements(\.names, xml: "names/name", key: "lang"))
            }.first?.contains("the keyed map 'names' reads child elements") == true)
        #expect(
            registrationProblems {
                try XMLBinder().register(mapping(Item.self, element: "item").element(\.id).ignoring("id"))
            } == ["Item <item>: <id> is both ignored and declared as property 'id'"])
    }

    @Test func aMapAndAPlainPropertyShareTheirElement() {
        #expect(
            registrationProblems {
                try XMLBinder().register(
                    mapping(Item.self, element: "item").element(\.id, xml: "name").elements(
                        \.names, xml: "name", key: "lang"))
            } == [])
        #expect(
            registrationProblems {
                try XMLBinder().register(
                    mapping(Item.self, element: "item").element(\.id, xml: "name").elements(\.tags, xml: "name"))
            }.first?.contains("is also taken by") == true)
    }
}
