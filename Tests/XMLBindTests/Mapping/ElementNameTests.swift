import Foundation
import Testing

@testable import XMLBind

@Suite("Element names (.elementName), ignored names (.ignoring) and xsi:nil")
struct ElementNameTests {
    /// fontconfig's typed values: one type for <string>, <int>, <bool>, <const>.
    struct Value: Bindable {
        var kind = ""
        var text = ""
        init() {}
    }

    final class Match: Bindable {
        var target: String?
        var values: [Value] = []
        var qualifiedNames: [Tagged] = []
        init() {}
    }

    struct Tagged: Bindable {
        var name: String?
        init() {}
    }

    static let valueElements = ["string", "int", "bool", "const"]
    static let binder = XMLBinder(prefixes: ["fc": "urn:fc"]).registeredAtSetup(
        mapping(Match.self, element: "match").attribute(\.target).children(\.values).children(\.qualifiedNames)
            .ignoring("test").ignoring("@qual").ignoring(namespace: "urn:comments"),
        mapping(Value.self, element: "string").elementName(\.kind).text(\.text),
        mapping(Value.self, element: "int").elementName(\.kind).text(\.text),
        mapping(Value.self, element: "bool").elementName(\.kind).text(\.text),
        mapping(Value.self, element: "const").elementName(\.kind).text(\.text),
        mapping(Tagged.self, element: "fc:tag").elementName(\.name, qualified: true)
    )

    static func describe(_ match: Match) -> String {
        "\(match.target ?? "-") " + match.values.map { "\($0.kind):\($0.text)" }.joined(separator: ",")
            + " " + match.qualifiedNames.map { $0.name ?? "-" }.joined(separator: ",")
    }

    static let document = """
        <match target="pattern" qual="any" xmlns:c="urn:comments" xmlns:fc="urn:fc">
          <test name="family"><string>mono</string></test>
          <c:note c:by="me">ignored, with everything in it <string>x</string></c:note>
          <string>DejaVu Sans Mono</string>
          <int>12</int>
          <bool>true</bool>
          <const>bold</const>
          <fc:tag/>
        </match>
        """

    @Test func eachValueKnowsItsElement() throws {
        let match = try Self.binder.parse(Self.document, as: Match.self)
        #expect(Self.describe(match) == "pattern string:DejaVu Sans Mono,int:12,bool:true,const:bold fc:tag")
    }

    @Test func writingUsesTheStoredName() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Match.self, describe: Self.describe)
        let match = Match()
        var value = Value()
        value.kind = "int"
        value.text = "3"
        match.values = [value]
        #expect(
            try Self.binder.xml(from: match, options: WritingOptions(layout: .compact, includesDeclaration: false))
                == "<match><int>3</int></match>")
        value.kind = "double"
        match.values = [value]
        let error = #expect(throws: XMLBindError.self) { try Self.binder.xml(from: match) }
        #expect(error?.message == "cannot write a Value as <double>: Value is not registered for that element")
    }

    @Test func ignoringSkipsOnlyWhatItNames() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<match><test/><tset/><c:x xmlns:c='urn:other'/></match>", as: Match.self)
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                "unknown element <tset> inside <match>", "unknown element <c:x> inside <match>",
            ])
    }

    @Test func anIgnoredNameThatIsDeclaredIsRefused() {
        var property = PropertyBinding(\Match.target, xml: nil, form: .element, conversion: String?.xmlConversion)
        _ = property.resolve(sample: Match(), fields: FieldTable(Match.self), prefixes: [:])
        let problems = ShapeChecks.problems(
            [property], paths: nil, ignoredElements: [XMLName(parsing: "target", unprefixed: .any)])
        #expect(problems == ["<target> is both ignored and declared as property 'target'"])
    }

    // xsi:nil

    final class Config: Bindable {
        var name: String? = "default"
        var size = 0
        var child: Config?
        var items: [Config] = []
        init() {}
    }

    static let nilBinder = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").element(\.name).element(\.size).child(\.child)
    )

    static let xsi = #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance""#

    @Test func xsiNilMakesAnOptionalNil() throws {
        let config = try Self.nilBinder.parse(
            "<config \(Self.xsi) xsi:schemaLocation='urn:x x.xsd'><name xsi:nil='true'/><size>3</size>"
                + "<config xsi:nil='true'/></config>",
            as: Config.self)
        #expect(config.name == nil)
        #expect(config.size == 3)
        #expect(config.child == nil)
        let kept = try Self.nilBinder.parse(
            "<config \(Self.xsi)><name xsi:nil='false'>n</name><config><name>inner</name></config></config>",
            as: Config.self)
        #expect(kept.name == "n")
        #expect(kept.child?.name == "inner")
    }

    @Test func xsiNilOnANonOptionalIsAnError() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.nilBinder.parse("<config \(Self.xsi)><size xsi:nil='true'/></config>", as: Config.self)
        }
        #expect(
            error?.message == #"xsi:nil="true" on <size>, but property 'size' of <config> is not optional"#)
    }

    @Test func nilRoundTrips() throws {
        try expectStableRoundTrip(
            Self.nilBinder, "<config \(Self.xsi)><name xsi:nil='true'/><config xsi:nil='1'/></config>",
            as: Config.self, describe: { "\($0.name ?? "nil") \($0.child == nil)" })
    }
}
