import Foundation
import Testing

@testable import XMLBind

@Suite("Keyed children (.children(_:key:)) and ordered mixed sequences")
struct KeyedChildrenTests {
    final class Layout: Bindable {
        var name = ""
        var description: String?
        var languages: [String] = []
        init() {}
    }

    struct Registry: Bindable {
        var layouts: [String: Layout] = [:]
        init() {}
    }

    // A list of values inside a flattened path inside a keyed map: xkb's
    // <layout><configItem><name/><languageList><iso639Id/>…</languageList></configItem></layout>.
    static let binder = XMLBinder().registeredAtSetup(
        mapping(Registry.self, element: "layoutList").children(\.layouts, key: \.name),
        mapping(Layout.self, element: "layout")
            .element(\.name, xml: "configItem/name")
            .element(\.description, xml: "configItem/description")
            .elements(\.languages, xml: "configItem/languageList/iso639Id")
    )

    static func describe(_ registry: Registry) -> String {
        registry.layouts.sorted { $0.key < $1.key }.map { key, layout in
            "\(key): \(layout.description ?? "-") \(layout.languages)"
        }.joined(separator: "; ")
    }

    static let document = """
        <layoutList>
          <layout>
            <configItem>
              <name>us</name>
              <description>English (US)</description>
              <languageList><iso639Id>eng</iso639Id></languageList>
            </configItem>
          </layout>
          <layout>
            <configItem>
              <name>ch</name>
              <description>German (Switzerland)</description>
              <languageList><iso639Id>ger</iso639Id><iso639Id>gsw</iso639Id></languageList>
            </configItem>
          </layout>
        </layoutList>
        """

    @Test func childrenAreKeyedByTheirProperty() throws {
        let registry = try Self.binder.parse(Self.document, as: Registry.self)
        #expect(
            Self.describe(registry)
                == #"ch: German (Switzerland) ["ger", "gsw"]; us: English (US) ["eng"]"#)
    }

    @Test func roundTripIsStableAndSortedByKey() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Registry.self, describe: Self.describe)
        let written = try Self.binder.xml(from: try Self.binder.parse(Self.document, as: Registry.self))
        let ch = try #require(written.range(of: "<name>ch</name>"))
        let us = try #require(written.range(of: "<name>us</name>"))
        #expect(ch.lowerBound < us.lowerBound)
    }

    @Test func aDuplicateKeyIsAnErrorWithANoteAtTheFirst() throws {
        let document = """
            <layoutList>
              <layout><configItem><name>us</name></configItem></layout>
              <layout><configItem><name>us</name></configItem></layout>
            </layoutList>
            """
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse(document, as: Registry.self, file: "b.xml")
        }
        #expect(
            error?.description == """
                b.xml:3:3: error: map 'layouts' of <layoutList> is given the key "us" more than once
                    3 |   <layout><configItem><name>us</name></configItem></layout>
                      |   ^
                b.xml:2:3: note: first given here
                    2 |   <layout><configItem><name>us</name></configItem></layout>
                      |   ^
                """)
    }

    @Test func aChildWithoutItsKeyIsAnError() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<layoutList><layout/></layoutList>", as: Registry.self)
        }
        #expect(error?.message == "<layout> has no key for map 'layouts' of <layoutList>")
    }

    @Test func aListValueFailingInsideAPathPointsAtItsElement() throws {
        struct Numbers: Bindable {
            var values: [Int] = []
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Numbers.self, element: "n").elements(\.values, xml: "list/v"))
        let error = #expect(throws: XMLBindError.self) {
            try binder.parse("<n>\n<list><v>1</v>\n <v>x</v></list></n>", as: Numbers.self, file: "n.xml")
        }
        #expect(error?.diagnostics.first?.origin?.line == 3)
        #expect(error?.diagnostics.first?.origin?.column == 5)
    }

    // Ordered mixed sequences: children of several types in one array, in document order.

    protocol FontConfigItem {}
    final class Dir: Bindable, FontConfigItem {
        var path = ""
        init() {}
    }
    final class Alias: Bindable, FontConfigItem {
        var family = ""
        var prefer: [String] = []
        init() {}
    }
    struct Include: Bindable, FontConfigItem {
        var file = ""
        var ignoreMissing = false
        var kind = ""
        init() {}
    }
    final class FontConfig: Bindable {
        var items: [any FontConfigItem] = []
        init() {}
    }

    static let yesNo = Conversion<Bool>(
        parse: { text in
            guard text == "yes" || text == "no" else { throw ConversionError("expected yes or no") }
            return text == "yes"
        }, format: { $0 ? "yes" : "no" })

    static let fontBinder = XMLBinder().registeredAtSetup(
        mapping(FontConfig.self, element: "fontconfig").children(\.items),
        mapping(Dir.self, element: "dir").text(\.path),
        mapping(Alias.self, element: "alias").element(\.family).elements(\.prefer, xml: "prefer/family"),
        mapping(Include.self, element: "include").elementName(\.kind)
            .attribute(\.ignoreMissing, xml: "ignore_missing", conversion: yesNo).text(\.file)
    )

    static func describe(_ config: FontConfig) -> String {
        config.items.map { item -> String in
            switch item {
            case let dir as Dir: "dir(\(dir.path))"
            case let alias as Alias: "alias(\(alias.family) \(alias.prefer))"
            case let include as Include: "\(include.kind)(\(include.file) \(include.ignoreMissing))"
            default: "?"
            }
        }.joined(separator: " ")
    }

    static let fontDocument = """
        <fontconfig>
          <dir>/usr/share/fonts</dir>
          <include ignore_missing="yes">conf.d</include>
          <alias><family>serif</family><prefer><family>DejaVu Serif</family><family>Noto Serif</family></prefer></alias>
          <dir>~/.fonts</dir>
        </fontconfig>
        """

    @Test func severalTypesKeepDocumentOrderInOneArray() throws {
        let config = try Self.fontBinder.parse(Self.fontDocument, as: FontConfig.self)
        #expect(
            Self.describe(config)
                == #"dir(/usr/share/fonts) include(conf.d true) alias(serif ["DejaVu Serif", "Noto Serif"]) dir(~/.fonts)"#
        )
        try expectStableRoundTrip(Self.fontBinder, Self.fontDocument, as: FontConfig.self, describe: Self.describe)
    }
}
