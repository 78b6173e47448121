import Foundation
import Testing
import XMLBind

/// A single-valued slot or property given twice: an error in strict mode, with a note at
/// the first; in lenient mode the first value stays, with a warning.
@Suite("Given more than once: strict and lenient")
struct GivenTwiceTests {
    final class Server: Bindable {
        var host: String?
        init() {}
    }

    final class Config: Bindable {
        var port = 0
        var server: Server?
        var backup: Server?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").property(\.port).child(\.server)
            .child(\.backup, xml: "backup"),
        mapping(Server.self, element: "server").attribute(\.host))

    static let twoServers = """
        <config>
          <server host="a"/>
          <server host="b"/>
        </config>
        """

    @Test func aSecondChildIsAnErrorInStrictMode() {
        #expect {
            _ = try Self.binder.parse(Self.twoServers, as: Config.self, file: "c.xml")
        } throws: { error in
            String(describing: error) == """
                c.xml:3:3: error: property 'server' of <config> is given more than once: it holds one child
                    3 |   <server host="b"/>
                      |   ^
                c.xml:2:3: note: first given here
                    2 |   <server host="a"/>
                      |   ^
                """
        }
    }

    @Test func theFirstChildWinsInLenientMode() throws {
        let log = WarningLog()
        var lenient = Self.binder
        lenient.options = ParseOptions(mode: .lenient)
        let config = try lenient.parse(
            Self.twoServers, as: Config.self, file: "c.xml", warnings: log)
        #expect(config.server?.host == "a")
        #expect(
            log.warnings.map(\.description) == [
                """
                c.xml:3:3: warning: property 'server' of <config> is given more than once: it holds one child; \
                the first value is kept
                    3 |   <server host="b"/>
                      |   ^
                c.xml:2:3: note: first given here
                    2 |   <server host="a"/>
                      |   ^
                """
            ])
    }

    @Test func aNamedSlotGivenTwice() throws {
        let document = #"<config><backup host="a"/><backup host="b"/></config>"#
        #expect(bindError { _ = try Self.binder.parse(document, as: Config.self) }?.code == .duplicateValue)
        let log = WarningLog()
        var lenient = Self.binder
        lenient.options = ParseOptions(mode: .lenient)
        let config = try lenient.parse(
            document, as: Config.self, warnings: log)
        #expect(config.backup?.host == "a")
        #expect(log.warnings.map(\.code) == [.duplicateValue])
    }

    @Test func aRepeatedPropertyIsAWarningInLenientMode() throws {
        let document = "<config port=\"1\">\n  <port>2</port>\n</config>"
        #expect(bindError { _ = try Self.binder.parse(document, as: Config.self) }?.code == .duplicateValue)
        let log = WarningLog()
        var lenient = Self.binder
        lenient.options = ParseOptions(mode: .lenient)
        let config = try lenient.parse(
            document, as: Config.self, file: "p.xml", warnings: log)
        #expect(config.port == 1)
        #expect(
            log.warnings.map(\.description) == [
                """
                p.xml:2:3: warning: property 'port' of <config> is given more than once; the first value is kept
                    2 |   <port>2</port>
                      |   ^
                p.xml:1:9: note: first given here
                    1 | <config port="1">
                      |         ^
                """
            ])
    }
}
