import Foundation
import Testing

@testable import XMLBind

/// Editing in place, case by case: each change rewrites only its own bytes.
@Suite("Editing in place")
struct EditInPlaceTests {
    typealias Config = EditingModel.Config
    typealias Group = EditingModel.Group
    typealias Setting = EditingModel.Setting

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE config [ <!ENTITY vendor "ACME &amp; Co"> ]>
        <!-- Settings, kept by hand. -->
        <config version='3'>
          <title>Main &vendor; config</title>
          <?editor keep-this?>
          <extra reason="ignored"><deep/></extra>
          <group id="net"   label='Network &amp; more'>
            <note><![CDATA[Be <careful>]]></note>
            <!-- the proxy -->
            <setting name="proxy" level="2">http://proxy:8080</setting>
            <setting level="1" name="timeout">30</setting>
          </group>

          <group id="ui" enabled="false"/>
        </config>

        """

    private func edited(_ change: (Config) -> Void, warnings: WarningLog? = nil) throws -> String {
        let binder = EditingModel.binder
        let config = try binder.parse(Self.document, as: Config.self)
        change(config)
        return try binder.update(Self.document, with: config, warnings: warnings)
    }

    @Test("An unchanged graph gives the document back byte for byte")
    func unchanged() throws {
        #expect(try edited { _ in } == Self.document)
    }

    @Test("A changed attribute value is rewritten in its own quotes, escaped")
    func attributeValue() throws {
        let result = try edited { $0.groups[0].label = #"Wi-Fi "5" & <LAN>"# }
        #expect(
            result
                == Self.document.replacingOccurrences(
                    of: "label='Network &amp; more'", with: #"label='Wi-Fi "5" &amp; &lt;LAN>'"#))
        let single = try edited { $0.version = 4 }
        #expect(single == Self.document.replacingOccurrences(of: "version='3'", with: "version='4'"))
    }

    @Test("A changed text is rewritten in its element; CDATA stays CDATA")
    func elementText() throws {
        let result = try edited {
            $0.groups[0].settings[1].value = "45"
            $0.groups[0].note = "Be careful"
        }
        let expected = Self.document
            .replacingOccurrences(of: ">30</setting>", with: ">45</setting>")
            .replacingOccurrences(of: "<![CDATA[Be <careful>]]>", with: "<![CDATA[Be careful]]>")
        #expect(result == expected)
    }

    @Test("A value that only reads differently is kept as written")
    func sameValueOtherText() throws {
        let text = Self.document.replacingOccurrences(of: "level=\"2\"", with: "level=\" 02 \"")
        let binder = EditingModel.binder
        let config = try binder.parse(text, as: Config.self)
        #expect(config.groups[0].settings[0].level == 2)
        config.groups[0].settings[1].level = 1
        #expect(try binder.update(text, with: config) == text)
    }

    @Test("An added object goes after the last of its list, indented like it")
    func addedObject() throws {
        let result = try edited { config in
            let setting = Setting()
            setting.name = "retries"
            setting.level = 3
            setting.value = "5"
            config.groups[0].settings.append(setting)
        }
        let expected = Self.document.replacingOccurrences(
            of: "<setting level=\"1\" name=\"timeout\">30</setting>\n",
            with: "<setting level=\"1\" name=\"timeout\">30</setting>\n"
                + "    <setting name=\"retries\" level=\"3\">5</setting>\n")
        #expect(result == expected)
    }

    @Test("An object added to an empty element opens it")
    func addedToEmptyElement() throws {
        let result = try edited { config in
            let setting = Setting()
            setting.name = "theme"
            config.groups[1].settings.append(setting)
        }
        #expect(
            result.contains(
                """
                  <group id="ui" enabled="false">
                    <setting name="theme" level="0"/>
                  </group>
                """))
        let reparsed = try EditingModel.binder.parse(result, as: Config.self)
        #expect(reparsed.groups[1].settings.map(\.name) == ["theme"])
    }

    @Test("A removed object goes with its line")
    func removedObject() throws {
        let result = try edited { $0.groups[0].settings.remove(at: 0) }
        #expect(
            result
                == Self.document.replacingOccurrences(
                    of: "\n    <setting name=\"proxy\" level=\"2\">http://proxy:8080</setting>", with: ""))
    }

    @Test("An object inserted in the middle of its list keeps the others' bytes")
    func insertedInMiddle() throws {
        let result = try edited { config in
            let setting = Setting()
            setting.name = "dns"
            config.groups[0].settings.insert(setting, at: 1)
        }
        let reparsed = try EditingModel.binder.parse(result, as: Config.self)
        #expect(reparsed.groups[0].settings.map(\.name) == ["proxy", "dns", "timeout"])
        #expect(result.contains("<setting level=\"1\" name=\"timeout\">30</setting>"))
        #expect(result.contains("<!-- the proxy -->"))
    }

    @Test("A value set where the document had none is added where the writer puts it")
    func addedValue() throws {
        let result = try edited { $0.groups[1].label = "User interface" }
        #expect(result.contains(#"<group id="ui" enabled="false" label="User interface"/>"#))
        let removed = try edited { $0.groups[0].label = nil }
        #expect(removed.contains(#"<group id="net">"#))
    }

    @Test("A new value replacing an entity reference is written, with a located warning")
    func entityReplaced() throws {
        let log = WarningLog()
        let result = try edited({ $0.title = "Main config" }, warnings: log)
        #expect(result.contains("<title>Main config</title>"))
        let warning = try #require(log.warnings.first)
        #expect(warning.code == .inexactEdit)
        #expect(warning.message.contains("&vendor;"))
        #expect(warning.origin?.line == 5)
    }

    @Test("A substituted value is kept as ${…} unless it changed")
    func substitution() throws {
        var binder = EditingModel.binder
        binder.options.substitution = VariableSubstitution(variables: ["HOST": "db.local"])
        let text = #"<config version="1"><group id="${HOST}" label="x"/></config>"#
        let config = try binder.parse(text, as: Config.self)
        #expect(config.groups[0].id == "db.local")
        config.groups[0].label = "y"
        #expect(try binder.update(text, with: config) == text.replacingOccurrences(of: "\"x\"", with: "\"y\""))
        config.groups[0].id = "db.remote"
        let log = WarningLog()
        let changed = try binder.update(text, with: config, warnings: log)
        #expect(changed.contains(#"id="db.remote""#))
        #expect(log.warnings.first?.message.contains("${HOST}") == true)
    }

    @Test("A file is updated in place, and left alone when nothing changed")
    func fileInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-edit-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("config.xml")
        try Data(Self.document.utf8).write(to: url)
        let binder = EditingModel.binder
        let config = try binder.parse(contentsOf: url, as: Config.self)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        try binder.update(contentsOf: url, with: config)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        #expect(before == after)
        config.version = 7
        let copy = folder.appendingPathComponent("copy.xml")
        try binder.update(contentsOf: url, with: config, writingTo: copy)
        try binder.update(contentsOf: url, with: config)
        let expected = Self.document.replacingOccurrences(of: "version='3'", with: "version='7'")
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == expected)
        #expect(String(decoding: try Data(contentsOf: copy), as: UTF8.self) == expected)
    }

    @Test("A document in another encoding is refused with a clear error")
    func otherEncoding() throws {
        let text = #"<?xml version="1.0" encoding="ISO-8859-1"?><config version="1"/>"#
        let data = Data(text.utf8)
        let config = try EditingModel.binder.parse(data, as: Config.self)
        config.version = 2
        let error = try #require(throws: XMLBindError.self) { try EditingModel.binder.update(data, with: config) }
        #expect(error.code == .invalidEncoding)
        #expect(error.description.contains("ISO-8859-1".lowercased()))
    }

    @Test("The edits are reported as byte ranges of the original")
    func editsAsRanges() throws {
        let binder = EditingModel.binder
        let data = Data(Self.document.utf8)
        let config = try binder.parse(data, as: Config.self)
        config.groups[0].id = "lan"
        let edits = try binder.updateEdits(data, with: config)
        #expect(edits.count == 1)
        let range = try #require(edits.first?.range)
        #expect(String(decoding: data[range], as: UTF8.self) == "net")
    }

    final class Server: Bindable {
        var name = ""
        var port = 0
        init() {}
    }

    final class Servers: Bindable {
        var servers: [Server] = []
        init() {}
    }

    @Test("An element whose values lie in nested paths is written anew, with a located warning")
    func pathsWrittenWhole() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Servers.self, element: "servers").children(\.servers),
            mapping(Server.self, element: "server").attribute(\.name).element(\.port, xml: "net/port"))
        let first = #"<server name="a"><net><!-- web --><port>80</port></net></server>"#
        let text = "<servers>\n  \(first)\n  <server name=\"b\"><net><port>81</port></net></server>\n</servers>\n"
        let servers = try binder.parse(text, as: Servers.self)
        servers.servers[1].port = 8080
        let log = WarningLog()
        let result = try binder.update(text, with: servers, warnings: log)
        #expect(try binder.parse(result, as: Servers.self).servers.map(\.port) == [80, 8080])
        #expect(result.hasPrefix("<servers>\n  \(first)\n  <server name=\"b\">"))
        let warning = try #require(log.warnings.first)
        #expect(warning.code == .inexactEdit)
        #expect(warning.origin?.line == 3)
        #expect(warning.message.contains("<server> is written anew"))
    }

    @Test("Start tags whose values hold > and /> are read to their end when a value is rewritten")
    func markupInAttributeValues() throws {
        let document = """
            <config version="3">
              <group id="a/>b" label='x > y' enabled="true"><setting name="s>" level="1">1</setting></group>
            </config>
            """
        let binder = EditingModel.binder
        let config = try binder.parse(document, as: Config.self)
        config.groups[0].enabled = false
        config.groups[0].settings[0].level = 2
        let result = try binder.update(document, with: config)
        #expect(
            result
                == document.replacingOccurrences(of: #"enabled="true""#, with: #"enabled="false""#)
                .replacingOccurrences(of: #"level="1""#, with: #"level="2""#))
    }

    @Test("A String property set anew to the same text is left alone; set to other text, it is rewritten")
    func sameTextAnew() throws {
        let long = "a-group-id-longer-than-fifteen"
        let document = #"<config version="1"><group id="\#(long)"/></config>"#
        let session = try EditingModel.binder.parseForEditing(Data(document.utf8), as: Config.self)
        // The same bytes in a string of its own (no storage shared with the parsed one).
        session.root.groups[0].id = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(try session.edits().isEmpty)
        session.root.groups[0].id = "another-" + long
        #expect(
            String(decoding: try session.updated(), as: UTF8.self)
                == document.replacingOccurrences(of: long, with: "another-" + long))
    }
}
