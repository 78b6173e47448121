import Foundation
import Testing

@testable import XMLBind

@Suite("Lists of values: .elements into [T]")
struct ValueListTests {
    enum Kind: String { case alias, glob }

    final class MimeType: Bindable {
        var type: String?
        var superTypes: [String] = []
        var globs: [String] = []
        var weights: [Int] = []
        var kinds: [Kind] = []
        init() {}
    }

    struct Country: Bindable {
        var name: String?
        var codes: [String] = []
        var years: [Int] = []
        init() {}
    }

    struct Info: Bindable {
        var mimeTypes: [MimeType] = []
        var countries: [Country] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Info.self, element: "info").children(\.mimeTypes).children(\.countries),
        mapping(MimeType.self, element: "mime-type").attribute(\.type)
            .elements(\.superTypes, xml: "sub-class-of/@type")
            .elements(\.globs, xml: "glob/@pattern")
            .elements(\.weights, xml: "weight")
            .elements(\.kinds, xml: "kind"),
        mapping(Country.self, element: "country").attribute(\.name)
            .elements(\.codes, xml: "countryList/iso3166Id")
            .elements(\.years, xml: "years/year").required()
    )

    static func describe(_ info: Info) -> String {
        let types = info.mimeTypes.map {
            "\($0.type ?? "-") sub\($0.superTypes) glob\($0.globs) w\($0.weights) k\($0.kinds.map(\.rawValue))"
        }
        let countries = info.countries.map { "\($0.name ?? "-") \($0.codes) \($0.years)" }
        return (types + countries).joined(separator: "; ")
    }

    static let document = """
        <info>
          <mime-type type="text/x-c">
            <sub-class-of type="text/plain"/>
            <glob pattern="*.c"/>
            <sub-class-of type="text/x-csrc"/>
            <glob pattern="*.h"/>
            <weight>50</weight><weight>60</weight>
            <kind>glob</kind><kind>alias</kind>
          </mime-type>
          <country name="Europe">
            <countryList><iso3166Id>FR</iso3166Id><iso3166Id>DE</iso3166Id><iso3166Id/></countryList>
            <years><year>1993</year></years>
          </country>
        </info>
        """

    @Test func repeatedElementsAndAttributesFillLists() throws {
        let info = try Self.binder.parse(Self.document, as: Info.self)
        #expect(
            Self.describe(info)
                == #"text/x-c sub["text/plain", "text/x-csrc"] glob["*.c", "*.h"] w[50, 60] k["glob", "alias"]; "#
                + #"Europe ["FR", "DE", ""] [1993]"#)
    }

    @Test func roundTripIsStable() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Info.self, describe: Self.describe)
        let written = try Self.binder.xml(from: try Self.binder.parse(Self.document, as: Info.self))
        #expect(
            written == """
                <?xml version="1.0" encoding="UTF-8"?>
                <info>
                    <mime-type type="text/x-c">
                        <sub-class-of type="text/plain"/>
                        <sub-class-of type="text/x-csrc"/>
                        <glob pattern="*.c"/>
                        <glob pattern="*.h"/>
                        <weight>50</weight>
                        <weight>60</weight>
                        <kind>glob</kind>
                        <kind>alias</kind>
                    </mime-type>
                    <country name="Europe">
                        <countryList>
                            <iso3166Id>FR</iso3166Id>
                            <iso3166Id>DE</iso3166Id>
                            <iso3166Id/>
                        </countryList>
                        <years>
                            <year>1993</year>
                        </years>
                    </country>
                </info>

                """)
    }

    @Test func aValueThatFailsPointsAtItsElement() throws {
        let document = "<info>\n<mime-type>\n<weight>1</weight>\n  <weight>heavy</weight>\n</mime-type>\n</info>"
        let error = #expect(throws: XMLBindError.self) { try Self.binder.parse(document, as: Info.self, file: "m.xml") }
        #expect(
            error?.description == """
                m.xml:4:11: error: cannot convert "heavy" to Int for 'weight' (property 'weights') of <mime-type>: not an integer
                    4 |   <weight>heavy</weight>
                      |           ^
                """)
    }

    @Test func requiredListNeedsOneValue() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<info><country name='x'/></info>", as: Info.self)
        }
        #expect(error?.message.contains("missing required property 'years'") == true)
    }

    @Test func listsStream() throws {
        var codes: [[String]] = []
        try Self.binder.stream(Self.document + "", as: Country.self) { country in
            codes.append(country.codes)
            return .continue
        }
        #expect(codes == [["FR", "DE", ""]])
    }

    @Test func aListOfTheElementsOwnAttributeIsRefused() {
        let binder = XMLBinder()
        var list = PropertyBinding.list(\MimeType.globs, xml: "@pattern", conversion: String.xmlConversion)
        _ = list.resolve(sample: MimeType(), fields: FieldTable(MimeType.self), prefixes: [:])
        let problems = ShapeChecks.problems([list], paths: nil, ignoredElements: [])
        #expect(problems.first?.contains("cannot come from an attribute of the element itself") == true)
        _ = binder
    }

    @Test func aRepeatedPathElementHoldsNothingElse() {
        var list = PropertyBinding.list(\MimeType.globs, xml: "glob/@pattern", conversion: String.xmlConversion)
        var other = PropertyBinding(
            \MimeType.type, xml: "glob/@weight", form: .attribute, conversion: String?.xmlConversion)
        _ = list.resolve(sample: MimeType(), fields: FieldTable(MimeType.self), prefixes: [:])
        _ = other.resolve(sample: MimeType(), fields: FieldTable(MimeType.self), prefixes: [:])
        let problems = ShapeChecks.problems(
            [list, other], paths: PathNode.root(for: [list, other]), ignoredElements: [])
        #expect(
            problems == [
                "the list 'globs' repeats <glob>, so nothing else may be declared in <glob> (except other lists from "
                    + "its attributes, when each is a list of optionals such as [String?]: those keep one entry per "
                    + "element and so line up)"
            ])
    }
}
