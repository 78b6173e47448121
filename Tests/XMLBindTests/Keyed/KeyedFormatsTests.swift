import Foundation
import Testing
import XMLBind

/// The keyed shape in other formats: Java's properties XML (keys in an attribute, the
/// member's text the value) and a configuration file's key/value list (a key element and
/// a value element); both read and written back.
@Suite("Keyed members: Java properties XML and configuration lists")
struct KeyedFormatsTests {
    /// `java.util.Properties.storeToXML`: a comment element, then entries keyed by attribute.
    final class Settings: Bindable, OriginAware {
        var comment: String?
        var timeout = 0
        var host = ""
        var verbose = false
        var origin: Origin?
        init() {}
    }

    static let properties = XMLBinder().registeredAtSetup(
        mapping(Settings.self, element: "properties")
            .element(\.comment)
            .keyedMembers(element: "entry", key: .attribute("key"))
            .property(\.timeout).required()
            .property(\.host, xml: "server.host")
            .property(\.verbose, default: false))

    static let propertiesDocument = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE properties SYSTEM "http://java.sun.com/dtd/properties.dtd">
        <properties>
          <comment>written by hand</comment>
          <entry key="server.host">db.example.com</entry>
          <entry key="timeout">30</entry>
        </properties>
        """

    @Test func readsJavaProperties() throws {
        let settings = try Self.properties.parse(Self.propertiesDocument, as: Settings.self, file: "app.xml")
        #expect(settings.comment == "written by hand")
        #expect(settings.host == "db.example.com")
        #expect(settings.timeout == 30)
        #expect(settings.verbose == false)
        #expect(settings.origin?.description == "app.xml:3:1")
    }

    @Test func writesJavaPropertiesBack() throws {
        let settings = try Self.properties.parse(Self.propertiesDocument, as: Settings.self)
        let xml = try Self.properties.xml(
            from: settings, options: WritingOptions(layout: .pretty(indent: "  "), includesDeclaration: false))
        #expect(
            xml == """
                <properties>
                  <comment>written by hand</comment>
                  <entry key="timeout">30</entry>
                  <entry key="server.host">db.example.com</entry>
                  <entry key="verbose">false</entry>
                </properties>

                """)
        let again = try Self.properties.parse(xml, as: Settings.self)
        #expect(again.timeout == 30 && again.host == "db.example.com" && again.comment == "written by hand")
    }

    @Test func aMissingEntryAndAnEntryWithoutKeyAreLocated() {
        #expect {
            _ = try Self.properties.parse(
                """
                <properties>
                  <entry>30</entry>
                  <entry key="timeuot">30</entry>
                </properties>
                """, as: Settings.self, file: "app.xml")
        } throws: { error in
            String(describing: error) == """
                app.xml:1:1: error: <properties> is missing required property 'timeout' (member 'timeout')
                    1 | <properties>
                      | ^
                app.xml:2:3: error: <entry> in <properties> has no key: attribute 'key' is missing
                    2 |   <entry>30</entry>
                      |   ^
                app.xml:3:3: error: unknown member 'timeuot' in <properties>; did you mean 'timeout'?
                    3 |   <entry key="timeuot">30</entry>
                      |   ^
                """
        }
    }

    /// A configuration file's parameter list: `<param><name>…</name><value>…</value></param>`.
    final class Pool: Bindable {
        var size = 0
        var timeout: Double?
        var hosts: [String] = []
        init() {}
    }

    static let configuration = XMLBinder().registeredAtSetup(
        mapping(Pool.self, element: "pool")
            .keyedMembers(element: "param", key: .child("name"), value: "value")
            .property(\.size)
            .property(\.timeout)
            .elements(\.hosts, xml: "host"))

    @Test func readsAndWritesAConfigurationList() throws {
        let pool = try Self.configuration.parse(
            """
            <pool>
              <param><name>size</name><value> 8 </value></param>
              <param><name>host</name><value>a.example.com</value></param>
              <param><name>timeout</name><value>2.5</value></param>
              <param><name>host</name><value>b.example.com</value></param>
            </pool>
            """, as: Pool.self)
        #expect(pool.size == 8)
        #expect(pool.timeout == 2.5)
        #expect(pool.hosts == ["a.example.com", "b.example.com"])
        let xml = try Self.configuration.xml(
            from: pool, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(
            xml == "<pool>"
                + "<param><name>size</name><value>8</value></param>"
                + "<param><name>timeout</name><value>2.5</value></param>"
                + "<param><name>host</name><value>a.example.com</value></param>"
                + "<param><name>host</name><value>b.example.com</value></param>"
                + "</pool>")
        let again = try Self.configuration.parse(xml, as: Pool.self)
        #expect(again.size == 8 && again.timeout == 2.5 && again.hosts == pool.hosts)
    }

    @Test func aNilOptionalIsLeftOut() throws {
        let pool = Pool()
        pool.size = 1
        let xml = try Self.configuration.xml(
            from: pool, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(xml == "<pool><param><name>size</name><value>1</value></param></pool>")
    }
}
