import Foundation

@testable import XMLBind

/// The model the editing tests bind: a configuration of groups of settings, with values in
/// attributes, element text and an element's own text, and content the mappings ignore.
enum EditingModel {
    final class Config: Bindable {
        var version = 0
        var title: String?
        var groups: [Group] = []
        init() {}
    }

    final class Group: Bindable {
        var id = ""
        var label: String?
        var note: String?
        var enabled = true
        var settings: [Setting] = []
        init() {}
    }

    final class Setting: Bindable {
        var name = ""
        var level = 0
        var value: String?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").attribute(\.version).element(\.title).children(\.groups)
            .ignoring("extra").ignoring("@xmlns:ext"),
        mapping(Group.self, element: "group").property(\.id).property(\.label).element(\.note)
            .property(\.enabled).children(\.settings).ignoring("extra"),
        mapping(Setting.self, element: "setting").attribute(\.name).attribute(\.level).text(\.value)
    )

    /// The graph as one line per object, for comparing two graphs.
    static func describe(_ config: Config) -> String {
        var lines = ["config \(config.version) \(String(reflecting: config.title))"]
        for group in config.groups {
            lines.append(
                "  group \(String(reflecting: group.id)) \(String(reflecting: group.label)) "
                    + "\(String(reflecting: group.note)) \(group.enabled)")
            for setting in group.settings {
                lines.append(
                    "    setting \(String(reflecting: setting.name)) \(setting.level) \(String(reflecting: setting.value))"
                )
            }
        }
        return lines.joined(separator: "\n")
    }
}
