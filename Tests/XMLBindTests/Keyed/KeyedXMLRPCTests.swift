import Foundation
import Testing
import XMLBind

/// XML-RPC structs read through `.keyedMembers`: members chosen by their `<name>`'s
/// text, typed wrappers, bare values, nested structs typed by their property, and arrays
/// of scalars and of structs.
@Suite("Keyed members: XML-RPC structs")
struct KeyedXMLRPCTests {
    /// XML-RPC's value shape, declared once.
    static let value = MemberValue.element("value", list: "array/data/value")
        .wrapped("int", for: Int.self)
        .wrapped("i4")
        .wrapped("double", for: Double.self)
        .wrapped("boolean", for: Bool.self, written: { $0 == "true" ? "1" : "0" })
        .wrapped("string", for: String.self)
        .wrappedNil("nil")
    static let shape = KeyedMembers(element: "member", key: .child("name"), value: value)

    final class Address: Bindable, OriginAware {
        var city = ""
        var zip: Int?
        var origin: Origin?
        init() {}
    }

    final class Phone: Bindable {
        var kind = ""
        var number = ""
        init() {}
    }

    final class Person: Bindable, OriginAware {
        var name = ""
        var age = 0
        var firstName: String?
        var score = 0.0
        var active = false
        var tags: [String] = []
        var home: Address?
        var work: Address?
        var phones: [Phone] = []
        var origin: Origin?
        init() {}
    }

    /// Three types are all `<struct>`: a nested one is bound with the mapping of its
    /// property's type; the root, with the last registration for the element.
    static let binder = XMLBinder().registeredAtSetup(
        mapping(Address.self, element: "struct").keyedMembers(shape).property(\.city).property(\.zip),
        mapping(Phone.self, element: "struct").keyedMembers(shape).property(\.kind).property(\.number),
        mapping(Person.self, element: "struct").keyedMembers(shape)
            .property(\.name).required()
            .property(\.age)
            .property(\.firstName, xml: "first-name")
            .property(\.score)
            .property(\.active)
            .elements(\.tags)
            .child(\.home)
            .child(\.work)
            .children(\.phones))

    static let document = """
        <struct>
          <member><name>name</name><value><string>Ada</string></value></member>
          <member><name>age</name><value><int>36</int></value></member>
          <member><name>first-name</name><value>Augusta</value></member>
          <member>
            <name>score</name>
            <value><double>9.5</double></value>
          </member>
          <member><name>active</name><value><boolean>1</boolean></value></member>
          <member><name>tags</name><value><array><data>
            <value><string>math</string></value>
            <value>poetry</value>
          </data></array></value></member>
          <member><name>home</name><value><struct>
            <member><name>city</name><value>London</value></member>
            <member><name>zip</name><value><i4>1815</i4></value></member>
          </struct></value></member>
          <member><name>work</name><value><struct>
            <member><name>city</name><value><string>Marylebone</string></value></member>
            <member><name>zip</name><value><nil/></value></member>
          </struct></value></member>
          <member><name>phones</name><value><array><data>
            <value><struct><member><name>kind</name><value>home</value></member>
              <member><name>number</name><value>1</value></member></struct></value>
            <value><struct><member><name>kind</name><value>work</value></member></struct></value>
          </data></array></value></member>
        </struct>
        """

    @Test func readsScalarsNestedStructsAndArrays() throws {
        let person = try Self.binder.parse(Self.document, as: Person.self, file: "p.xml")
        #expect(person.name == "Ada")
        #expect(person.age == 36)
        #expect(person.firstName == "Augusta")
        #expect(person.score == 9.5)
        #expect(person.active)
        #expect(person.tags == ["math", "poetry"])
        #expect(person.home?.city == "London")
        #expect(person.home?.zip == 1815)
        #expect(person.work?.city == "Marylebone")
        #expect(person.work?.zip == nil)
        #expect(person.phones.map(\.kind) == ["home", "work"])
        #expect(person.phones.map(\.number) == ["1", ""])
        #expect(person.origin?.description == "p.xml:1:1")
        #expect(person.home?.origin?.description == "p.xml:14:35")
    }
}

/// Writing XML-RPC structs back in the shape they are read in.
@Suite("Keyed members: writing XML-RPC structs")
struct KeyedXMLRPCWritingTests {
    typealias Person = KeyedXMLRPCTests.Person

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    @Test func writesMembersInDeclarationOrderWithTheirWrappers() throws {
        let person = Person()
        person.name = "Ada"
        person.age = 36
        person.active = true
        person.tags = ["math", "poetry"]
        let home = KeyedXMLRPCTests.Address()
        home.city = "London"
        home.zip = 1815
        person.home = home
        let phone = KeyedXMLRPCTests.Phone()
        phone.kind = "home"
        phone.number = "1"
        person.phones = [phone]
        let xml = try KeyedXMLRPCTests.binder.xml(from: person, options: Self.compact)
        #expect(
            xml == "<struct>"
                + "<member><name>name</name><value><string>Ada</string></value></member>"
                + "<member><name>age</name><value><int>36</int></value></member>"
                + "<member><name>score</name><value><double>0.0</double></value></member>"
                + "<member><name>active</name><value><boolean>1</boolean></value></member>"
                + "<member><name>tags</name><value><array><data>"
                + "<value><string>math</string></value><value><string>poetry</string></value>"
                + "</data></array></value></member>"
                + "<member><name>home</name><value><struct>"
                + "<member><name>city</name><value><string>London</string></value></member>"
                + "<member><name>zip</name><value><int>1815</int></value></member>"
                + "</struct></value></member>"
                + "<member><name>phones</name><value><array><data><value><struct>"
                + "<member><name>kind</name><value><string>home</string></value></member>"
                + "<member><name>number</name><value><string>1</string></value></member>"
                + "</struct></value></data></array></value></member>"
                + "</struct>")
    }

    @Test func aDocumentReadsBackTheSame() throws {
        let binder = KeyedXMLRPCTests.binder
        let first = try binder.parse(KeyedXMLRPCTests.document, as: Person.self)
        let written = try binder.xml(from: first)
        let second = try binder.parse(written, as: Person.self)
        #expect(try binder.xml(from: second) == written)
        #expect(second.name == "Ada" && second.age == 36 && second.firstName == "Augusta")
        #expect(second.score == 9.5 && second.active && second.tags == ["math", "poetry"])
        #expect(second.home?.zip == 1815 && second.work?.city == "Marylebone" && second.work?.zip == nil)
        #expect(second.phones.map(\.kind) == ["home", "work"])
    }

    @Test func prettyLayoutKeepsScalarsOnTheirMembersLines() throws {
        let person = Person()
        person.name = "Ada"
        person.tags = ["x"]
        let xml = try KeyedXMLRPCTests.binder.xml(
            from: person, options: WritingOptions(layout: .pretty(indent: "  "), includesDeclaration: false))
        #expect(
            xml == """
                <struct>
                  <member>
                    <name>name</name>
                    <value><string>Ada</string></value>
                  </member>
                  <member>
                    <name>age</name>
                    <value><int>0</int></value>
                  </member>
                  <member>
                    <name>score</name>
                    <value><double>0.0</double></value>
                  </member>
                  <member>
                    <name>active</name>
                    <value><boolean>0</boolean></value>
                  </member>
                  <member>
                    <name>tags</name>
                    <value>
                      <array>
                        <data>
                          <value><string>x</string></value>
                        </data>
                      </array>
                    </value>
                  </member>
                </struct>

                """)
    }
}
