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
