import Foundation
import Testing

@testable import XMLBind

@Suite("Paths that hold objects: .children(_, xml: \"a/b\"), .child(_, xml: \"a/b\"), flattened wrappers")
struct ChildPathTests {
    // xkb's rules: every item wraps its fields in <configItem>, its lists in <…List>.
    final class Model: Bindable {
        var name = ""
        var vendor: String?
        init() {}
    }

    final class Variant: Bindable {
        var name = ""
        var description: String?
        var languages: [String] = []
        init() {}
    }

    final class Layout: Bindable, OriginAware {
        var name = ""
        var shortDescription: String?
        var countries: [String] = []
        var variants: [Variant] = []
        var origin: Origin?
        init() {}
    }

    final class Settings: Bindable {
        var level = 0
        init() {}
    }

    final class Registry: Bindable {
        var models: [Model] = []
        var layouts: [Layout] = []
        var settings: Settings?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Registry.self, element: "xkbConfigRegistry")
            .children(\.models, xml: "modelList/model")
            .children(\.layouts, xml: "layoutList/layout")
            .child(\.settings, xml: "options/settings").ignoring("@version"),
        mapping(Model.self, element: "model")
            .element(\.name, xml: "configItem/name").element(\.vendor, xml: "configItem/vendor"),
        mapping(Layout.self, element: "layout")
            .element(\.name, xml: "configItem/name")
            .element(\.shortDescription, xml: "configItem/shortDescription")
            .elements(\.countries, xml: "configItem/countryList/iso3166Id")
            .children(\.variants, xml: "variantList/variant"),
        mapping(Variant.self, element: "variant")
            .element(\.name, xml: "configItem/name")
            .element(\.description, xml: "configItem/description")
            .elements(\.languages, xml: "configItem/languageList/iso639Id"),
        mapping(Settings.self, element: "settings").attribute(\.level)
    )

    static func describe(_ registry: Registry) -> String {
        let models = registry.models.map { "\($0.name)/\($0.vendor ?? "-")" }
        let layouts = registry.layouts.map { layout in
            let variants = layout.variants.map { "\($0.name)(\($0.description ?? "-") \($0.languages))" }
            return
                "\(layout.name) \(layout.shortDescription ?? "-") \(layout.countries) [\(variants.joined(separator: ", "))]"
        }
        return "models \(models) layouts \(layouts.joined(separator: "; ")) settings \(registry.settings?.level ?? -1)"
    }

    static let document = """
        <xkbConfigRegistry version="1.1">
          <modelList>
            <model><configItem><name>pc105</name><vendor>Generic</vendor></configItem></model>
            <model><configItem><name>latitude</name></configItem></model>
          </modelList>
          <layoutList>
            <layout>
              <configItem>
                <name>ch</name>
                <shortDescription>de</shortDescription>
                <countryList><iso3166Id>CH</iso3166Id></countryList>
              </configItem>
              <variantList>
                <variant>
                  <configItem>
                    <name>fr</name>
                    <description>French (Switzerland)</description>
                    <languageList><iso639Id>fra</iso639Id></languageList>
                  </configItem>
                </variant>
                <variant><configItem><name>legacy</name></configItem></variant>
              </variantList>
            </layout>
          </layoutList>
          <options><settings level="3"/></options>
        </xkbConfigRegistry>
        """

    @Test func objectsAndListsThroughWrapperElements() throws {
        let registry = try Self.binder.parse(
            Self.document, as: Registry.self)
        #expect(
            Self.describe(registry)
                == #"models ["pc105/Generic", "latitude/-"] layouts ch de ["CH"] "#
                + #"[fr(French (Switzerland) ["fra"]), legacy(- [])] settings 3"#)
        #expect(registry.layouts.first?.origin?.line == 7)
    }

    @Test func strictModeStillReportsTyposInsideWrappers() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse(
                "<xkbConfigRegistry><modelList><modle/></modelList></xkbConfigRegistry>", as: Registry.self)
        }
        #expect(error?.message.hasPrefix("unknown element <modle> inside <modelList> in <xkbConfigRegistry>") == true)
    }

    @Test func roundTripIsStable() throws {
        let binder = Self.binder
        try expectStableRoundTrip(binder, Self.document, as: Registry.self, describe: Self.describe)
        let written = try binder.xml(
            from: try binder.parse(Self.document, as: Registry.self),
            options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(
            written.hasPrefix(
                "<xkbConfigRegistry><modelList><model><configItem><name>pc105</name><vendor>Generic</vendor>"
                    + "</configItem></model><model><configItem><name>latitude</name></configItem></model></modelList>"))
        #expect(written.hasSuffix(#"</layoutList><options><settings level="3"/></options></xkbConfigRegistry>"#))
    }

    @Test func objectsThroughPathsStream() throws {
        var names: [String] = []
        try Self.binder.stream(Self.document, as: Variant.self) {
            names.append($0.name)
            return .continue
        }
        #expect(names == ["fr", "legacy"])
    }

    @Test func aSlotPathEndingInAnAttributeIsRefused() {
        var slot = ChildSlot.make(
            \Registry.models, xml: "modelList/@model", element: Model.self, storeAt: { _, _ in }, store: { _, _ in },
            read: { _ in [] })
        slot.resolveName(sample: Registry(), fields: FieldTable(Registry.self), prefixes: [:])
        #expect(
            ShapeChecks.problems([], slots: [slot], paths: nil, ignoredElements: [])
                == ["the child slot 'models' takes elements: its xml: cannot end in an attribute"])
    }
}
