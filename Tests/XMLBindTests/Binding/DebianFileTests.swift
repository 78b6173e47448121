import Foundation
import Testing

@testable import XMLBind

/// Real files shipped with Debian (excerpts in `Fixtures/Debian/`), bound into the models
/// their users would write, with no `addChild` and no types that exist only for shape.
@Suite("Debian files: shared-mime-info, xkb rules, fontconfig, D-Bus introspection")
struct DebianFileTests {
    static func fixture(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/Debian"))
    }

    // MARK: shared-mime-info

    final class MimeInfo: Bindable {
        var types: [String: MimeType] = [:]
        init() {}
    }

    final class MimeType: Bindable, OriginAware {
        var type: String?
        var comment: String?
        var comments: [String: String] = [:]
        var superTypes: [String] = []
        var aliases: [String] = []
        var globs: [String] = []
        var genericIcon: String?
        var origin: Origin?
        init() {}
    }

    static let mime = XMLBinder().registeredAtSetup(
        mapping(MimeInfo.self, element: "mime-info").children(\.types, key: \.type),
        mapping(MimeType.self, element: "mime-type").attribute(\.type)
            .element(\.comment).elements(\.comments, xml: "comment", key: "xml:lang")
            .elements(\.superTypes, xml: "sub-class-of/@type").elements(\.aliases, xml: "alias/@type")
            .elements(\.globs, xml: "glob/@pattern").attribute(\.genericIcon, xml: "generic-icon/@name")
            .ignoring("magic").ignoring("treemagic").ignoring("@weight").ignoring("@case-sensitive")
    )

    @Test func sharedMimeInfo() throws {
        let info = try Self.mime.parse(contentsOf: Self.fixture("freedesktop.org.xml"), as: MimeInfo.self)
        #expect(info.types.keys.sorted() == ["application/x-desktop", "text/x-csrc", "x-content/image-dcf"])
        let c = try #require(info.types["text/x-csrc"])
        #expect(c.comment == "C source code")
        #expect(c.comments["de"] == "C-Quelltext")
        #expect(c.comments.count > 40)
        #expect(c.superTypes == ["text/plain"])
        #expect(c.aliases == ["text/x-c"])
        #expect(c.globs == ["*.c"])
        let desktop = try #require(info.types["application/x-desktop"])
        #expect(desktop.globs == ["*.desktop", "*.kdelnk"])
        #expect(desktop.genericIcon == "text-x-generic")
        #expect(info.types["x-content/image-dcf"]?.comments["fr"] == "photos numériques")
        #expect(c.origin?.line == 46)
        try expectStableRoundTrip(
            Self.mime, String(decoding: Data(contentsOf: Self.fixture("freedesktop.org.xml")), as: UTF8.self),
            as: MimeInfo.self,
            describe: { info in
                info.types.sorted { $0.key < $1.key }.map { key, type in
                    "\(key) \(type.comment ?? "-") \(type.comments.sorted { $0.key < $1.key }) \(type.superTypes) "
                        + "\(type.aliases) \(type.globs) \(type.genericIcon ?? "-")"
                }.joined(separator: "\n")
            })
    }

    // MARK: xkb rules

    final class Model: Bindable {
        var name = ""
        var description: String?
        var vendor: String?
        init() {}
    }

    final class Variant: Bindable {
        var name = ""
        var shortDescription: String?
        var description: String?
        var languages: [String] = []
        init() {}
    }

    final class Layout: Bindable {
        var name = ""
        var shortDescription: String?
        var description: String?
        var countries: [String] = []
        var languages: [String] = []
        var variants: [Variant] = []
        init() {}
    }

    final class Registry: Bindable {
        var version: String?
        var models: [Model] = []
        var layouts: [Layout] = []
        init() {}
    }

    static let xkb = XMLBinder().registeredAtSetup(
        mapping(Registry.self, element: "xkbConfigRegistry").attribute(\.version)
            .children(\.models, xml: "modelList/model").children(\.layouts, xml: "layoutList/layout"),
        mapping(Model.self, element: "model").element(\.name, xml: "configItem/name")
            .element(\.description, xml: "configItem/description").element(\.vendor, xml: "configItem/vendor"),
        mapping(Layout.self, element: "layout").element(\.name, xml: "configItem/name")
            .element(\.shortDescription, xml: "configItem/shortDescription")
            .element(\.description, xml: "configItem/description")
            .elements(\.countries, xml: "configItem/countryList/iso3166Id")
            .elements(\.languages, xml: "configItem/languageList/iso639Id")
            .children(\.variants, xml: "variantList/variant"),
        mapping(Variant.self, element: "variant").element(\.name, xml: "configItem/name")
            .element(\.shortDescription, xml: "configItem/shortDescription")
            .element(\.description, xml: "configItem/description")
            .elements(\.languages, xml: "configItem/languageList/iso639Id")
    )

    static func describe(_ registry: Registry) -> String {
        let models = registry.models.map { "\($0.name)|\($0.description ?? "-")|\($0.vendor ?? "-")" }
        let layouts = registry.layouts.map { layout in
            let variants = layout.variants.map {
                "\($0.name)|\($0.shortDescription ?? "-")|\($0.description ?? "-")|\($0.languages)"
            }
            return "\(layout.name)|\(layout.shortDescription ?? "-")|\(layout.description ?? "-")|"
                + "\(layout.countries)|\(layout.languages) [\(variants.joined(separator: "; "))]"
        }
        return "\(registry.version ?? "-") \(models) \(layouts)"
    }

    @Test func xkbRules() throws {
        let url = try Self.fixture("xkb-base.xml")
        let registry = try Self.xkb.parse(contentsOf: url, as: Registry.self)
        #expect(registry.models.map(\.name) == ["pc86", "pc101", "pc102"])
        #expect(registry.models[1].description == "Generic 101-key PC")
        let ch = try #require(registry.layouts.first)
        #expect(ch.name == "ch")
        #expect(ch.countries == ["CH"])
        #expect(ch.languages == ["deu", "gsw"])
        #expect(ch.variants.map(\.name) == ["legacy", "de_nodeadkeys", "fr"])
        #expect(ch.variants[2].languages == ["fra"])
        #expect(ch.variants[1].shortDescription == "de")
        try expectStableRoundTrip(
            Self.xkb, String(decoding: Data(contentsOf: url), as: UTF8.self), as: Registry.self,
            describe: Self.describe)
    }

    // MARK: fontconfig

    protocol FontConfigItem {}

    /// `<dir>` and `<cachedir>`: one type, told apart by its element's name.
    final class Directory: Bindable, FontConfigItem {
        var kind = ""
        var prefix: String?
        var path = ""
        init() {}
    }

    /// `<string>`, `<int>`, `<bool>`, `<const>`: typed values.
    struct Value: Bindable {
        var kind = ""
        var text = ""
        init() {}
    }

    final class Test: Bindable {
        var qual: String?
        var name = ""
        var values: [Value] = []
        init() {}
    }

    final class Edit: Bindable {
        var name = ""
        var mode: String?
        var binding: String?
        var values: [Value] = []
        init() {}
    }

    final class Match: Bindable, FontConfigItem {
        var target: String?
        var tests: [Test] = []
        var edits: [Edit] = []
        init() {}
    }

    final class SelectFont: Bindable, FontConfigItem {
        var rejectedGlobs: [String] = []
        init() {}
    }

    final class Include: Bindable, FontConfigItem {
        var ignoreMissing = false
        var path = ""
        init() {}
    }

    final class Config: Bindable, FontConfigItem {
        var rescan: Int?
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

    static let fontconfig: XMLBinder = {
        let value = { (name: String) in mapping(Value.self, element: name).elementName(\.kind).text(\.text) }
        let directory = { (name: String) in
            mapping(Directory.self, element: name).elementName(\.kind).attribute(\.prefix).text(\.path)
        }
        return XMLBinder().registeredAtSetup(
            mapping(FontConfig.self, element: "fontconfig").children(\.items),
            directory("dir"), directory("cachedir"),
            mapping(Match.self, element: "match").attribute(\.target).children(\.tests).children(\.edits),
            mapping(Test.self, element: "test").attribute(\.qual).attribute(\.name).children(\.values),
            mapping(Edit.self, element: "edit").attribute(\.name).attribute(\.mode).attribute(\.binding)
                .children(\.values),
            value("string"), value("int"), value("bool"), value("const"),
            mapping(SelectFont.self, element: "selectfont").elements(\.rejectedGlobs, xml: "rejectfont/glob"),
            mapping(Include.self, element: "include")
                .attribute(\.ignoreMissing, xml: "ignore_missing", conversion: yesNo).text(\.path),
            mapping(Config.self, element: "config").element(\.rescan, xml: "rescan/int"))
    }()

    static func describe(_ config: FontConfig) -> String {
        config.items.map { item -> String in
            switch item {
            case let directory as Directory: "\(directory.kind)(\(directory.prefix ?? "-"):\(directory.path))"
            case let match as Match:
                "match(\(match.target ?? "-") "
                    + match.tests.map { "\($0.name)\($0.values.map { "\($0.kind):\($0.text)" })" }.joined()
                    + " -> "
                    + match.edits.map { "\($0.name)/\($0.mode ?? "-")\($0.values.map { "\($0.kind):\($0.text)" })" }
                    .joined() + ")"
            case let select as SelectFont: "reject\(select.rejectedGlobs)"
            case let include as Include: "include(\(include.path) \(include.ignoreMissing))"
            case let config as Config: "rescan(\(config.rescan.map(String.init) ?? "-"))"
            default: "?"
            }
        }.joined(separator: " ")
    }

    @Test func fontconfig() throws {
        let url = try Self.fixture("fonts.conf")
        let config = try Self.fontconfig.parse(contentsOf: url, as: FontConfig.self)
        #expect(
            Self.describe(config)
                == "dir(-:/usr/share/fonts) dir(-:/usr/local/share/fonts) dir(xdg:fonts) dir(-:~/.fonts) "
                + #"match(pattern family["string:mono"] -> family/assign["string:monospace"]) "#
                + #"match(pattern family["string:sans serif"] -> family/assign["string:sans-serif"]) "#
                + #"match(pattern family["string:sans"] -> family/assign["string:sans-serif"]) "#
                + #"match(pattern family["string:system ui"] -> family/assign["string:system-ui"]) "#
                + #"reject["*.dpkg-tmp"] reject["*.dpkg-new"] include(conf.d true) "#
                + "cachedir(-:/var/cache/fontconfig) cachedir(xdg:fontconfig) cachedir(-:~/.fontconfig) rescan(30)")
        try expectStableRoundTrip(
            Self.fontconfig, String(decoding: Data(contentsOf: url), as: UTF8.self), as: FontConfig.self,
            describe: Self.describe)
    }

    // MARK: D-Bus introspection

    final class Argument: Bindable {
        var name: String?
        var type = ""
        var direction: String?
        var summary: String?
        init() {}
    }

    final class Method: Bindable {
        var name = ""
        var doc: String?
        var arguments: [Argument] = []
        init() {}
    }

    final class Property: Bindable {
        var name = ""
        var type = ""
        var access = ""
        var doc: String?
        init() {}
    }

    final class Interface: Bindable {
        var name = ""
        var doc: String?
        var properties: [Property] = []
        var methods: [Method] = []
        init() {}
    }

    final class Node: Bindable {
        var name: String?
        var interfaces: [Interface] = []
        init() {}
    }

    static let docPara = "doc:doc/doc:description/doc:para"
    static let dbus = XMLBinder(prefixes: ["doc": "http://www.freedesktop.org/dbus/1.0/doc.dtd"]).registeredAtSetup(
        mapping(Node.self, element: "node").attribute(\.name).children(\.interfaces),
        mapping(Interface.self, element: "interface").attribute(\.name)
            .element(\.doc, xml: docPara, conversion: .trimmed).wholeText()
            .children(\.properties).children(\.methods),
        mapping(Property.self, element: "property").attribute(\.name).attribute(\.type).attribute(\.access)
            .element(\.doc, xml: docPara, conversion: .trimmed).wholeText(),
        mapping(Method.self, element: "method").attribute(\.name)
            .element(\.doc, xml: docPara, conversion: .trimmed).wholeText()
            .children(\.arguments).ignoring("annotation"),
        mapping(Argument.self, element: "arg").attribute(\.name).attribute(\.type).attribute(\.direction)
            .element(\.summary, xml: "doc:doc/doc:summary/doc:para", conversion: .trimmed).wholeText()
    )

    @Test func dbusIntrospection() throws {
        let url = try Self.fixture("org.freedesktop.PackageKit.xml")
        let node = try Self.dbus.parse(contentsOf: url, as: Node.self)
        let interface = try #require(node.interfaces.first)
        #expect(interface.name == "org.freedesktop.PackageKit")
        #expect(interface.doc == "The root interface is used for interacting with the daemon.")
        #expect(interface.properties.map(\.name) == ["VersionMajor", "BackendName"])
        #expect(interface.properties[1].doc == #"The backend name, e.g. "dnf"."#)
        let method = try #require(interface.methods.first)
        #expect(method.name == "CreateTransaction")
        #expect(method.doc?.hasPrefix("Creates a new transaction that can have operations done on\n") == true)
        #expect(method.arguments.first?.summary == "The object_path, e.g. /45_dafeca")
        #expect(method.arguments.first?.direction == "out")
    }
}
