import Foundation
import Testing

@testable import XMLBind

/// Editing in place on configuration files from this image (copied into
/// `Fixtures/Editing/`): fontconfig's `10-hinting-slight.conf` and `30-metric-aliases.conf`,
/// polkit's `org.freedesktop.hostname1.policy`, D-Bus's `session.conf` and xkb's
/// `evdev.xml`. Each is bound with a model that maps part of it, changed, and written back;
/// the result must be the file with exactly that change.
@Suite("Editing in place: fontconfig, polkit, D-Bus and xkb files")
struct EditInPlaceRealFileTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/Editing"))
        return try Data(contentsOf: url)
    }

    /// `original` with `replacements` made, each at the only place its text occurs
    /// (after the previous one's place when `ordered`).
    static func replacing(_ original: String, _ replacements: [(String, String)]) throws -> String {
        var text = original
        for (old, new) in replacements {
            let found = try #require(text.range(of: old), "\(old) is not in the file")
            text.replaceSubrange(found, with: new)
        }
        return text
    }

    static var lenient: ParseOptions {
        var options = ParseOptions()
        options.unknownContent = .ignore
        return options
    }

    // MARK: fontconfig

    final class FontConfig: Bindable {
        var description: String?
        var matches: [Match] = []
        var aliases: [Alias] = []
        init() {}
    }

    final class Match: Bindable {
        var target: String?
        var edits: [FontEdit] = []
        init() {}
    }

    final class FontEdit: Bindable {
        var name = ""
        var mode: String?
        var constant: String?
        init() {}
    }

    final class Alias: Bindable {
        var binding: String?
        var family = ""
        var fallback: Fallback?
        init() {}
    }

    final class Fallback: Bindable {
        var family: String?
        init() {}
    }

    static let fontconfig = XMLBinder(options: lenient).registeredAtSetup(
        mapping(FontConfig.self, element: "fontconfig").element(\.description).children(\.matches)
            .children(\.aliases),
        mapping(Match.self, element: "match").attribute(\.target).children(\.edits),
        mapping(FontEdit.self, element: "edit").attribute(\.name).attribute(\.mode).element(\.constant, xml: "const"),
        mapping(Alias.self, element: "alias").attribute(\.binding).element(\.family)
            .child(\.fallback, xml: "default"),
        mapping(Fallback.self, element: "fallback").element(\.family)
    )

    @Test func fontconfigHinting() throws {
        let data = try Self.fixture("10-hinting-slight.conf")
        let original = String(decoding: data, as: UTF8.self)
        let config = try Self.fontconfig.parse(data, as: FontConfig.self)
        let edit = try #require(config.matches.first?.edits.first)
        #expect(edit.constant == "hintslight")
        edit.mode = "assign"
        edit.constant = "hintfull"
        let result = String(decoding: try Self.fontconfig.update(data, with: config), as: UTF8.self)
        let expected = try Self.replacing(
            original, [(#"mode="append""#, #"mode="assign""#), ("<const>hintslight", "<const>hintfull")])
        #expect(result == expected)
    }

    @Test func fontconfigAliases() throws {
        let data = try Self.fixture("30-metric-aliases.conf")
        let original = String(decoding: data, as: UTF8.self)
        let config = try Self.fontconfig.parse(data, as: FontConfig.self)
        #expect(config.aliases.count > 20)
        #expect(config.aliases[1].family == "Nimbus Sans")
        #expect(config.aliases[2].fallback?.family == "Helvetica")
        config.aliases[1].family = "Nimbus Sans Next"
        config.aliases[2].fallback?.family = "Arial"
        let added = Alias()
        added.binding = "same"
        added.family = "Example Sans"
        config.aliases.append(added)
        let removed = config.aliases.remove(at: 3)
        #expect(removed.family == "Nimbus Sans Narrow")
        // It stood between two blank lines: one of them goes with it.
        let result = String(decoding: try Self.fontconfig.update(data, with: config), as: UTF8.self)
        let lastAlias = try #require(original.range(of: "</alias>", options: .backwards))
        var expected = original
        expected.insert(
            contentsOf: "\n\t<alias binding=\"same\">\n\t  <family>Example Sans</family>\n\t</alias>",
            at: lastAlias.upperBound)
        expected = try Self.replacing(
            expected,
            [
                ("<family>Nimbus Sans</family>", "<family>Nimbus Sans Next</family>"),
                (
                    "<family>TeX Gyre Heros</family>\n\t  <default>\n\t  <family>Helvetica</family>",
                    "<family>TeX Gyre Heros</family>\n\t  <default>\n\t  <family>Arial</family>"
                ),
                (
                    "\n\t<alias binding=\"same\">\n\t  <family>Nimbus Sans Narrow</family>\n\t  <default>\n\t  "
                        + "<family>Helvetica Narrow</family>\n\t  </default>\n\t</alias>\n", ""
                ),
            ])
        #expect(result == expected)
    }

    // MARK: polkit

    final class PolicyConfig: Bindable {
        var vendor: String?
        var actions: [Action] = []
        init() {}
    }

    final class Action: Bindable {
        var id = ""
        var description: String?
        var defaults: Defaults?
        init() {}
    }

    final class Defaults: Bindable {
        var allowAny: String?
        var allowInactive: String?
        var allowActive: String?
        init() {}
    }

    static let polkit = XMLBinder(options: lenient).registeredAtSetup(
        mapping(PolicyConfig.self, element: "policyconfig").element(\.vendor).children(\.actions),
        mapping(Action.self, element: "action").attribute(\.id).element(\.description).child(\.defaults),
        mapping(Defaults.self, element: "defaults").element(\.allowAny, xml: "allow_any")
            .element(\.allowInactive, xml: "allow_inactive").element(\.allowActive, xml: "allow_active")
    )

    @Test func polkitAction() throws {
        let data = try Self.fixture("org.freedesktop.hostname1.policy")
        let original = String(decoding: data, as: UTF8.self)
        let policy = try Self.polkit.parse(data, as: PolicyConfig.self)
        let action = try #require(policy.actions.first { $0.id == "org.freedesktop.hostname1.set-static-hostname" })
        action.defaults?.allowActive = "yes"
        action.description = "Set the static hostname"
        let result = String(decoding: try Self.polkit.update(data, with: policy), as: UTF8.self)
        let expected = try Self.replacing(
            original,
            [
                (
                    #"<description gettext-domain="systemd">Set static hostname</description>"#,
                    #"<description gettext-domain="systemd">Set the static hostname</description>"#
                ),
                (
                    "<allow_active>auth_admin_keep</allow_active>\n                </defaults>\n                <annotate",
                    "<allow_active>yes</allow_active>\n                </defaults>\n                <annotate"
                ),
            ])
        #expect(result == expected)
    }

    // MARK: D-Bus

    final class BusConfig: Bindable {
        var type: String?
        var auth: String?
        var policies: [Policy] = []
        var limits: [Limit] = []
        init() {}
    }

    final class Policy: Bindable {
        var context: String?
        var allows: [Allow] = []
        init() {}
    }

    final class Allow: Bindable {
        var own: String?
        var sendDestination: String?
        var eavesdrop: Bool?
        init() {}
    }

    final class Limit: Bindable {
        var name = ""
        var value = 0
        init() {}
    }

    static let dbus = XMLBinder(options: lenient).registeredAtSetup(
        mapping(BusConfig.self, element: "busconfig").element(\.type).element(\.auth).children(\.policies)
            .children(\.limits),
        mapping(Policy.self, element: "policy").attribute(\.context).children(\.allows),
        mapping(Allow.self, element: "allow").attribute(\.own).attribute(\.sendDestination, xml: "send_destination")
            .attribute(\.eavesdrop),
        mapping(Limit.self, element: "limit").attribute(\.name).text(\.value)
    )

    @Test func dbusSession() throws {
        let data = try Self.fixture("session.conf")
        let original = String(decoding: data, as: UTF8.self)
        let bus = try Self.dbus.parse(data, as: BusConfig.self)
        #expect(bus.type == "session")
        let limit = try #require(bus.limits.first { $0.name == "max_incoming_bytes" })
        limit.value = 2_000_000_000
        let allow = Allow()
        allow.own = "org.example.Service"
        bus.policies[0].allows.append(allow)
        bus.policies[0].allows[0].eavesdrop = false
        let result = String(decoding: try Self.dbus.update(data, with: bus), as: UTF8.self)
        let expected = try Self.replacing(
            original,
            [
                (
                    #"<allow send_destination="*" eavesdrop="true"/>"#,
                    #"<allow send_destination="*" eavesdrop="false"/>"#
                ),
                (#"<allow own="*"/>"#, #"<allow own="*"/>"# + "\n    " + #"<allow own="org.example.Service"/>"#),
                (
                    #"<limit name="max_incoming_bytes">1000000000</limit>"#,
                    #"<limit name="max_incoming_bytes">2000000000</limit>"#
                ),
            ])
        #expect(result == expected)
    }

    // MARK: xkb

    final class Registry: Bindable {
        var version: String?
        var modelList: ModelList?
        init() {}
    }

    final class ModelList: Bindable {
        var models: [Model] = []
        init() {}
    }

    final class Model: Bindable {
        var item: ConfigItem?
        init() {}
    }

    final class ConfigItem: Bindable {
        var name = ""
        var description: String?
        var vendor: String?
        init() {}
    }

    static let xkb = XMLBinder(options: lenient).registeredAtSetup(
        mapping(Registry.self, element: "xkbConfigRegistry").attribute(\.version).child(\.modelList),
        mapping(ModelList.self, element: "modelList").children(\.models),
        mapping(Model.self, element: "model").child(\.item),
        mapping(ConfigItem.self, element: "configItem").element(\.name).element(\.description).element(\.vendor)
    )

    @Test func xkbModels() throws {
        let data = try Self.fixture("evdev.xml")
        let original = String(decoding: data, as: UTF8.self)
        let registry = try Self.xkb.parse(data, as: Registry.self)
        let models = try #require(registry.modelList?.models)
        #expect(models.count > 100)
        let pc101 = try #require(models.first { $0.item?.name == "pc101" })
        pc101.item?.description = "Generic 101-key PC (edited)"
        registry.version = "1.2"
        let result = String(decoding: try Self.xkb.update(data, with: registry), as: UTF8.self)
        let expected = try Self.replacing(
            original,
            [
                (#"<xkbConfigRegistry version="1.1">"#, #"<xkbConfigRegistry version="1.2">"#),
                ("Generic 101-key PC</description>", "Generic 101-key PC (edited)</description>"),
            ])
        #expect(result == expected)
    }
}
