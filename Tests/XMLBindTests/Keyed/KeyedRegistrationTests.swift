import Foundation
import Testing
import XMLBind

/// What a keyed shape cannot honour exactly is refused when the mapping is registered.
@Suite("Keyed members: registration checks")
struct KeyedRegistrationTests {
    final class Record: Bindable {
        var name = ""
        var label = ""
        var note = ""
        var member = ""
        var children: [Record] = []
        var byName: [String: String] = [:]
        init() {}
    }

    static let shape = KeyedMembers(element: "member", key: .child("name"), value: "value")

    typealias Case = RegistrationCase

    static let cases: [Case] = [
        Case(
            testDescription: "an attribute after the keyed declaration",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").keyedMembers(shape).property(\.name).attribute(\.label))
            },
            expected: [
                "Record <struct>, declaration 2 .attribute(\\.label): a keyed member's value is the member's "
                    + "content: .attribute and .text do not apply after .keyedMembers; declare it before, or use "
                    + ".property"
            ]),
        Case(
            testDescription: "two members of one key",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").keyedMembers(shape).property(\.name)
                        .property(\.label, xml: "name"))
            },
            expected: [
                "Record <struct>, declaration 2 .property(\\.label, xml: \"name\"): member 'name' is also taken by "
                    + "declaration 1 (.property(\\.name)): each key names one declaration; give one of them another "
                    + "xml: name"
            ]),
        Case(
            testDescription: "a map after the keyed declaration",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").keyedMembers(shape).elements(\.byName, key: "id"))
            },
            expected: [
                "Record <struct>, declaration 1 .element(\\.byName): a map keyed by an attribute cannot be a keyed "
                    + "member: each member has one key"
            ]),
        Case(
            testDescription: "a declaration by element name that takes the member element",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").element(\.member).keyedMembers(shape).property(\.name))
            },
            expected: [
                "Record <struct>, declaration 1 .element(\\.member): child element <member> is the keyed members' "
                    + "element <member>: the two are ambiguous"
            ]),
        Case(
            testDescription: "a key element without a value element",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").keyedMembers(element: "member", key: .child("name"))
                        .property(\.label))
            },
            expected: [
                "Record <struct>: a member keyed by its child <name> needs a value element (value: \"value\"): its "
                    + "own text would stand before the key when written"
            ]),
        Case(
            testDescription: "two keyed declarations",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").keyedMembers(shape).property(\.name).keyedMembers(shape))
            },
            expected: [
                "Record <struct>, declaration 1 .property(\\.name): .keyedMembers is declared more than once: one "
                    + "shape keys a mapping's members"
            ]),
        Case(
            testDescription: "a keyed mapping with children and properties registers",
            register: {
                try XMLBinder().register(
                    mapping(Record.self, element: "struct").element(\.note).keyedMembers(shape).property(\.name)
                        .property(\.label, xml: "the label").children(\.children))
            },
            expected: []),
    ]

    @Test(arguments: cases)
    func refuses(_ test: Case) {
        test.check()
    }
}
