import Foundation
import Testing

@testable import XMLBind

@Suite("Registration forms")
struct RegistrationTests {
    enum Scope: String { case singleton, prototype }
    enum Priority: Int { case low = 1, high = 2 }

    final class Bean: Bindable {
        var id: String?
        var clazz = ""
        var timeout = 0
        var lazy = false
        var scope: Scope = .singleton
        var priority: Priority?
        var tags: [String] = []
        init() {}
    }

    static let beans = XMLBinder().registeredAtSetup(
        mapping(Bean.self, element: "bean")
            .property(\.id)
            .property(\.clazz, xml: "class")
            .property(\.timeout)
            .property(\.lazy, xml: "lazy-init")
            .property(\.scope)
            .property(\.priority)
            .property(\.tags)
    )

    @Test func propertyMatchesAttributes() throws {
        let bean = try Self.beans.parse(
            "<bean id='db' class='Pool' timeout='30' lazy-init='true' scope='prototype' priority='2' tags='a b'/>",
            as: Bean.self)
        #expect(bean.id == "db")
        #expect(bean.clazz == "Pool")
        #expect(bean.timeout == 30)
        #expect(bean.lazy)
        #expect(bean.scope == .prototype)
        #expect(bean.priority == .high)
        #expect(bean.tags == ["a", "b"])
    }

    @Test func propertyMatchesChildElementText() throws {
        let bean = try Self.beans.parse(
            """
            <bean>
              <id>db</id>
              <class>Pool</class>
              <timeout> 30 </timeout>
              <lazy-init>1</lazy-init>
              <scope>prototype</scope>
              <priority>1</priority>
              <tags>
                a
                b
              </tags>
            </bean>
            """, as: Bean.self)
        #expect(bean.id == "db")
        #expect(bean.clazz == "Pool")
        #expect(bean.timeout == 30)
        #expect(bean.lazy)
        #expect(bean.scope == .prototype)
        #expect(bean.priority == .low)
        #expect(bean.tags == ["a", "b"])
    }

    @Test func absentPropertiesKeepTheirDefaults() throws {
        let bean = try Self.beans.parse("<bean/>", as: Bean.self)
        #expect(bean.id == nil)
        #expect(bean.clazz == "")
        #expect(bean.timeout == 0)
        #expect(bean.scope == .singleton)
        #expect(bean.priority == nil)
    }

    @Test func enumValuesOutsideTheirCasesAreErrors() {
        let error = bindError { _ = try Self.beans.parse("<bean scope='session'/>", as: Bean.self) }
        #expect(
            error?.message
                == "cannot convert \"session\" to Scope for property 'scope' of <bean>: not a valid Scope value")
        let priority = bindError { _ = try Self.beans.parse("<bean><priority>3</priority></bean>", as: Bean.self) }
        #expect(
            priority?.message
                == "cannot convert \"3\" to Priority for property 'priority' of <bean>: not a valid Priority value")
        let raw = bindError { _ = try Self.beans.parse("<bean priority='high'/>", as: Bean.self) }
        #expect(raw?.message == "cannot convert \"high\" to Priority for property 'priority' of <bean>: not an integer")
    }

    struct Entry: Bindable, Equatable {
        var key = ""
        var note: String?
        var body = ""
        var level: Priority = .low
        var kind: Scope?
        init() {}
    }

    static let explicit = XMLBinder().registeredAtSetup(
        mapping(Entry.self, element: "entry")
            .attribute(\.key)
            .element(\.note)
            .text(\.body, conversion: .trimmed)
            .attribute(\.level)
            .element(\.kind, xml: "scope")
    )

    @Test func explicitFormsReadTheirOwnPlace() throws {
        let entry = try Self.explicit.parse(
            "<entry key='k' level='2'>\n  some <note>a note</note> text <scope>prototype</scope>\n</entry>",
            as: Entry.self)
        #expect(entry.key == "k")
        #expect(entry.note == "a note")
        #expect(entry.body == "some  text")
        #expect(entry.level == .high)
        #expect(entry.kind == .prototype)
    }

    @Test func attributeFormRejectsAChildElement() {
        let error = bindError { _ = try Self.explicit.parse("<entry><key>k</key></entry>", as: Entry.self) }
        #expect(error?.code == .unknownElement)
        #expect(error?.message == "unknown element <key> inside <entry>")
    }

    @Test func elementFormRejectsAnAttribute() {
        let error = bindError { _ = try Self.explicit.parse("<entry note='n'/>", as: Entry.self) }
        #expect(error?.code == .unknownAttribute)
        #expect(error?.message == "unknown attribute 'note' on <entry>")
    }

    @Test func textWithTheBuiltInConversion() throws {
        struct Port: Bindable {
            var number: UInt16 = 0
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(mapping(Port.self, element: "port").text(\.number))
        #expect(try binder.parse("<port>\n  8080\n</port>", as: Port.self).number == 8080)
        let error = bindError { _ = try binder.parse("<port>80800</port>", as: Port.self) }
        #expect(
            error?.message
                == "cannot convert \"80800\" to UInt16 for property 'number' of <port>: "
                + "value out of range for UInt16 (0...65535)")
    }

    @Test func textIsGatheredAcrossChildElementsAndReferences() throws {
        struct Para: Bindable {
            var text = ""
            var emphasis: String?
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Para.self, element: "p").text(\.text).element(\.emphasis, xml: "em"))
        let para = try binder.parse("<p>a &amp; <em>b</em> c<![CDATA[ <d> ]]>e</p>", as: Para.self)
        #expect(para.text == "a &  c <d> e")
        #expect(para.emphasis == "b")
    }

    @Test func conversionOverridesTheBuiltInOne() throws {
        final class Limit: Bindable {
            var max = 0
            var name = ""
            init() {}
        }
        let kilo = Conversion<Int>(
            parse: { text in
                guard text.hasSuffix("k"), let value = Int(text.dropLast()) else {
                    throw ConversionError("expected 12k")
                }
                return value * 1000
            },
            format: { "\($0 / 1000)k" })
        let binder = XMLBinder().registeredAtSetup(
            mapping(Limit.self, element: "limit").property(\.max, conversion: kilo).property(
                \.name, conversion: .trimmed))
        let limit = try binder.parse("<limit max='12k'><name>  cap  </name></limit>", as: Limit.self)
        #expect(limit.max == 12000)
        #expect(limit.name == "cap")
        let error = bindError { _ = try binder.parse("<limit max='12000'/>", as: Limit.self) }
        #expect(error?.message == "cannot convert \"12000\" to Int for property 'max' of <limit>: expected 12k")
    }

    struct First: Bindable {
        var a: String?
        init() {}
    }
    struct Second: Bindable {
        var b: String?
        init() {}
    }

    @Test func laterRegistrationReplacesEarlier() throws {
        let first = XMLBinder().registeredAtSetup(mapping(First.self, element: "item").property(\.a))
        let second = first.registeredAtSetup(mapping(Second.self, element: "item").property(\.b))
        #expect(try first.parse("<item a='1'/>", as: First.self).a == "1")
        #expect(try second.parse("<item b='2'/>", as: Second.self).b == "2")
        let error = bindError { _ = try second.parse("<item b='2'/>", as: First.self) }
        #expect(error?.code == .unexpectedRoot)
        let inOneCall = XMLBinder().registeredAtSetup(
            mapping(First.self, element: "item").property(\.a),
            mapping(Second.self, element: "item").property(\.b))
        #expect(try inOneCall.parse("<item b='3'/>", as: Second.self).b == "3")
    }

    @Test func registeringReturnsANewBinder() throws {
        let empty = XMLBinder()
        _ = empty.registeredAtSetup(mapping(First.self, element: "item"))
        let error = bindError { _ = try empty.parse("<item/>", as: First.self) }
        #expect(error?.message == "unknown element <item> as the root element")
    }
}
