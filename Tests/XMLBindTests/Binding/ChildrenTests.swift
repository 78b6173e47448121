import Foundation
import Testing

@testable import XMLBind

@Suite("Child objects: typed key paths, Ancestor, structs and classes")
struct ChildrenTests {
    // A server.xml-like shape, all structs, nested four deep.
    struct Server: Bindable, Equatable {
        var port = 0
        var services: [Service] = []
        init() {}
    }
    struct Service: Bindable, Equatable {
        var name = ""
        var connectors: [Connector] = []
        var engine: Engine?
        init() {}
    }
    struct Connector: Bindable, Equatable {
        var port = 0
        var secure = false
        init() {}
    }
    struct Engine: Bindable, Equatable {
        var defaultHost = ""
        var hosts: [Host] = []
        init() {}
    }
    struct Host: Bindable, Equatable {
        var name = ""
        var aliases: [String] = []
        init() {}
    }

    static let server = XMLBinder().registeredAtSetup(
        mapping(Server.self, element: "Server").property(\.port).children(\.services),
        mapping(Service.self, element: "Service").property(\.name).children(\.connectors).child(\.engine),
        mapping(Connector.self, element: "Connector").property(\.port).property(\.secure),
        mapping(Engine.self, element: "Engine").property(\.defaultHost).children(\.hosts),
        mapping(Host.self, element: "Host").property(\.name).property(\.aliases)
    )

    static let serverXML = """
        <Server port="8005">
          <Service name="Catalina">
            <Connector port="8080"/>
            <Connector port="8443" secure="true"/>
            <Engine defaultHost="localhost">
              <Host name="localhost" aliases="127.0.0.1 ::1"/>
              <Host name="example.com"/>
            </Engine>
          </Service>
          <Service name="Admin"/>
        </Server>
        """

    @Test func nestedStructsAreBuiltInsideStructParents() throws {
        let server = try Self.server.parse(Self.serverXML, as: Server.self)
        var expected = Server()
        expected.port = 8005
        var catalina = Service()
        catalina.name = "Catalina"
        var plain = Connector()
        plain.port = 8080
        var secure = Connector()
        secure.port = 8443
        secure.secure = true
        catalina.connectors = [plain, secure]
        var engine = Engine()
        engine.defaultHost = "localhost"
        var localhost = Host()
        localhost.name = "localhost"
        localhost.aliases = ["127.0.0.1", "::1"]
        var example = Host()
        example.name = "example.com"
        engine.hosts = [localhost, example]
        catalina.engine = engine
        var admin = Service()
        admin.name = "Admin"
        expected.services = [catalina, admin]
        #expect(server == expected)
    }

    // Classes, with a non-optional `.child`, an optional one, and Ancestor for the rest.
    final class Document: Bindable, Ancestor {
        var header = Header()
        var footer: Footer?
        var sections: [Section] = []
        var others: [Any] = []
        init() {}
        func addChild(_ child: Any) { others.append(child) }
    }
    final class Header: Bindable {
        var title = ""
        init() {}
    }
    final class Footer: Bindable {
        var note = ""
        init() {}
    }
    final class Section: Bindable {
        var id = ""
        init() {}
    }
    final class Note: Bindable {
        var text = ""
        init() {}
    }

    static let document = XMLBinder().registeredAtSetup(
        mapping(Document.self, element: "doc").child(\.header).child(\.footer).children(\.sections),
        mapping(Header.self, element: "header").property(\.title),
        mapping(Footer.self, element: "footer").property(\.note),
        mapping(Section.self, element: "section").property(\.id),
        mapping(Note.self, element: "note").text(\.text)
    )

    @Test func childAndChildrenTakeTheirTypesAndAncestorTheRest() throws {
        let document = try Self.document.parse(
            """
            <doc>
              <note>first</note>
              <section id="s1"/>
              <header title="New"/>
              <section id="s2"/>
              <footer note="end"/>
              <note>last</note>
            </doc>
            """, as: Document.self)
        #expect(document.header.title == "New")
        #expect(document.footer?.note == "end")
        #expect(document.sections.map(\.id) == ["s1", "s2"])
        #expect(document.others.compactMap { ($0 as? Note)?.text } == ["first", "last"])
        #expect(document.others.count == 2)
    }

    @Test func optionalChildStaysNilWhenAbsent() throws {
        let document = try Self.document.parse("<doc><section id='only'/></doc>", as: Document.self)
        #expect(document.footer == nil)
        #expect(document.header.title == "")
        #expect(document.sections.map(\.id) == ["only"])
        #expect(document.others.isEmpty)
    }

    // A struct Ancestor: its mutating addChild must reach the stored value.
    struct Bag: Bindable, Ancestor {
        var names: [String] = []
        init() {}
        mutating func addChild(_ child: Any) {
            if let item = child as? Item { names.append(item.name) }
        }
    }
    struct Item: Bindable {
        var name = ""
        init() {}
    }

    @Test func structAncestorReceivesChildrenInOrder() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Bag.self, element: "bag"),
            mapping(Item.self, element: "item").property(\.name))
        let bag = try binder.parse(
            "<bag><item name='a'/><item><name>b</name></item><item name='c'/></bag>", as: Bag.self)
        #expect(bag.names == ["a", "b", "c"])
    }

    // A child element that is also a declared property of its parent is a property.
    final class Pool: Bindable {
        var name: String?
        var size = 0
        var names: [Name] = []
        init() {}
    }
    final class Name: Bindable {
        var value = ""
        init() {}
    }

    @Test func aPropertyAndAChildSlotForOneElementAreAmbiguous() throws {
        #expect {
            _ = try XMLBinder().register(
                mapping(Pool.self, element: "pool").property(\.name).property(\.size).children(\.names),
                mapping(Name.self, element: "name").text(\.value))
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [
                "Pool <pool>, declaration 3 .children(\\.names): takes <name> (Name), whose element declaration 1 "
                    + "(.property(\\.name)) also takes by name: the two are ambiguous; give one of them another xml: name"
            ]
        }
        // Told apart by the property's name in XML.
        let binder = try XMLBinder().register(
            mapping(Pool.self, element: "pool").property(\.name, xml: "title").property(\.size).children(\.names),
            mapping(Name.self, element: "name").text(\.value))
        let pool = try binder.parse("<pool><title>main</title><name>n</name><size>4</size></pool>", as: Pool.self)
        #expect(pool.name == "main")
        #expect(pool.size == 4)
        #expect(pool.names.map(\.value) == ["n"])
    }

    @Test func childrenOfTheWrongTypeGoNowhereInLenientMode() throws {
        let binder = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Pool.self, element: "pool").children(\.names),
            mapping(Item.self, element: "item").property(\.name),
            mapping(Name.self, element: "name").text(\.value))
        let pool = try binder.parse("<pool><item name='x'/><name>n</name></pool>", as: Pool.self)
        #expect(pool.names.map(\.value) == ["n"])
    }

    // Slots by class hierarchy and by protocol: a child goes to the slot its type fits, or
    // to the slot that names its element.
    class Animal: Bindable {
        var name = ""
        required init() {}
    }
    final class Dog: Animal {}
    final class Cat: Animal {}
    protocol Plant {}
    struct Fern: Bindable, Plant {
        var name = ""
        init() {}
    }
    final class Garden: Bindable {
        var dogs: [Dog] = []
        var animals: [Animal] = []
        var plants: [any Plant] = []
        var pool: Pool?
        init() {}
    }

    @Test func subclassesAndProtocolsFindTheirSlots() throws {
        let binder = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Garden.self, element: "garden").children(\.dogs, xml: "dog").children(\.animals)
                .children(\.plants).child(\.pool),
            mapping(Dog.self, element: "dog").property(\.name),
            mapping(Cat.self, element: "cat").property(\.name),
            mapping(Animal.self, element: "animal").property(\.name),
            mapping(Fern.self, element: "fern").property(\.name),
            mapping(Item.self, element: "item").property(\.name))
        let garden = try binder.parse(
            "<garden><dog name='d'/><cat name='c'/><animal name='a'/><fern name='f'/><item name='i'/></garden>",
            as: Garden.self)
        #expect(garden.dogs.map(\.name) == ["d"])
        #expect(garden.animals.map(\.name) == ["c", "a"])
        #expect(garden.animals.first is Cat)
        #expect(garden.plants.compactMap { ($0 as? Fern)?.name } == ["f"])
        #expect(garden.pool == nil)
    }

    @Test func rootMayBeAClassOrAStructThroughTheUntypedParse() throws {
        let root = try Self.server.parse("<Connector port='1' secure='0'/>", as: Any?.self)
        let connector = try #require(root as? Connector)
        #expect(connector.port == 1)
        let header = try #require(try Self.document.parse(Data("<header title='t'/>".utf8), as: Any?.self) as? Header)
        #expect(header.title == "t")
    }
}
