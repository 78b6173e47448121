import Foundation
import Testing
import XMLBind

/// Every declaration is checked at registration: `register` throws what
/// `register` stops the program with.
@Suite("Registration checks: refused, never guessed")
struct RegistrationCheckTests {
    final class Counter: Bindable {
        var count = 0
        var doubled: Int {
            get { count * 2 }
            set { count = newValue / 2 }
        }
        init() {}
    }

    class OpenCounter: Bindable {
        var count = 0
        var label = ""
        var doubled: Int {
            get { count * 2 }
            set { count = newValue / 2 }
        }
        required init() {}
    }

    final class Message: Bindable {
        var n: String?
        init() {}
    }

    final class Exchange: Bindable {
        var request: Message?
        var response: Message?
        var all: [Message] = []
        var others: [Message] = []
        var name: String?
        init() {}
    }

    typealias Case = RegistrationCase

    static let cases: [Case] = [
        Case(
            testDescription: "a computed property without xml:",
            register: { try XMLBinder().register(mapping(Counter.self, element: "c").attribute(\.doubled)) },
            expected: [
                "Counter <c>, declaration 1 .attribute(<computed Int>): cannot tell the name of a computed "
                    + "property; declare it with xml:"
            ]),
        Case(
            testDescription: "a computed property of a class that is not final",
            register: {
                try XMLBinder().register(
                    mapping(OpenCounter.self, element: "c").attribute(\.count).attribute(\.doubled))
            },
            expected: [
                "OpenCounter <c>, declaration 2 .attribute(<computed Int>): cannot tell the name of a computed "
                    + "property; declare it with xml:"
            ]),
        Case(
            testDescription: "two single slots of one type",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").child(\.request).child(\.response),
                    mapping(Message.self, element: "message").attribute(\.n))
            },
            expected: [
                "Exchange <exchange>, declaration 2 .child(\\.response): takes the same children (Message) as "
                    + "declaration 1 (.child(\\.request)): the two are ambiguous; name the elements each takes "
                    + "with xml:"
            ]),
        Case(
            testDescription: "two arrays of one type",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").children(\.all).children(\.others),
                    mapping(Message.self, element: "message").attribute(\.n))
            },
            expected: [
                "Exchange <exchange>, declaration 2 .children(\\.others): takes the same children (Message) as "
                    + "declaration 1 (.children(\\.all)): the two are ambiguous; name the elements each takes "
                    + "with xml:"
            ]),
        Case(
            testDescription: "two properties for one attribute",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").property(\.name).attribute(\.name, xml: "name"))
            },
            expected: [
                "Exchange <exchange>, declaration 2 .attribute(\\.name, xml: \"name\"): attribute 'name' is also "
                    + "taken by declaration 1 (.property(\\.name)): the two are ambiguous; give one of them another "
                    + "xml: name"
            ]),
        Case(
            testDescription: "a named slot and a property for one element",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").element(\.name, xml: "request")
                        .child(\.request, xml: "request"),
                    mapping(Message.self, element: "message").attribute(\.n))
            },
            expected: [
                "Exchange <exchange>, declaration 2 .child(\\.request, xml: \"request\"): child element <request> "
                    + "is also taken by declaration 1 (.element(\\.name, xml: \"request\")): the two are ambiguous; "
                    + "give one of them another xml: name"
            ]),
        Case(
            testDescription: "a slot path ending in an attribute",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").child(\.request, xml: "calls/@request"),
                    mapping(Message.self, element: "message").attribute(\.n))
            },
            expected: [
                "Exchange <exchange>: the child slot 'request' takes elements: its xml: cannot end in an attribute"
            ]),
        Case(
            testDescription: "modifiers that fit nothing",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").attribute(\.name).writtenAsCDATA()
                        .attribute(
                            \.request, xml: "r", conversion: .init(parse: { _ in Message() }, format: { $0.n ?? "" })
                        )
                        .written(as: .element).child(\.response).writtenAsCDATA(),
                    mapping(Message.self, element: "message").attribute(\.n))
            },
            expected: [
                "Exchange <exchange>, declaration 1 .attribute(\\.name): an attribute cannot hold CDATA",
                "Exchange <exchange>, declaration 2 .attribute(\\.request, xml: \"r\"): .written(as:) applies to a "
                    + ".property declaration without a path, which is read from either form",
                "Exchange <exchange>, declaration 3 .child(\\.response): .writtenAsCDATA() does not apply to a "
                    + "child slot",
            ]),
        Case(
            testDescription: "two declarations of the element's text",
            register: {
                try XMLBinder().register(mapping(Message.self, element: "m").text(\.n).attribute(\.n).text(\.n))
            },
            expected: [
                "Message <m>, declaration 3 .text(\\.n): the element's text is also taken by declaration 1 "
                    + "(.text(\\.n)): the two are ambiguous"
            ]),
        Case(
            testDescription: "distinct names register",
            register: {
                try XMLBinder().register(
                    mapping(Exchange.self, element: "exchange").child(\.request, xml: "request")
                        .child(\.response, xml: "response").children(\.all),
                    mapping(Message.self, element: "message").attribute(\.n), mapping(Counter.self, element: "c"))
            },
            expected: []),
    ]

    @Test(arguments: cases)
    func eachCase(_ test: Case) {
        test.check()
    }

    @Test func aComputedPropertyWithXMLGoesThroughItsSetter() throws {
        let binder = try XMLBinder().register(
            mapping(Counter.self, element: "c").attribute(\.count).attribute(\.doubled, xml: "doubled"))
        #expect(try binder.parse(#"<c doubled="10"/>"#, as: Counter.self).count == 5)
        #expect(try binder.parse(#"<c count="10"/>"#, as: Counter.self).count == 10)
        // The stored properties of a class that is not final keep their own names.
        let open = try XMLBinder().register(
            mapping(OpenCounter.self, element: "c").attribute(\.count).attribute(\.label)
                .attribute(\.doubled, xml: "twice"))
        let counter = try open.parse(#"<c label="l" twice="8"/>"#, as: OpenCounter.self)
        #expect((counter.count, counter.label) == (4, "l"))
    }

    @Test func theErrorPrintsEveryProblem() {
        #expect {
            _ = try XMLBinder().register(
                mapping(Counter.self, element: "c").attribute(\.doubled).required().required())
        } throws: { error in
            String(describing: error) == """
                XMLBind: cannot register the mappings:
                  Counter <c>, declaration 1 .attribute(<computed Int>): cannot tell the name of a computed \
                property; declare it with xml:
                """
        }
    }

    @Test func registeredAtSetupStopsTheProgramOnAMistake() async {
        await #expect(processExitsWith: .failure) {
            _ = XMLBinder().registeredAtSetup(mapping(Counter.self, element: "c").attribute(\.doubled))
        }
    }

    // `.required()` applies to the declaration just before it, child slots included.

    final class Server: Bindable {
        var host: String?
        init() {}
    }

    final class Config: Bindable {
        var name: String?
        var server: Server?
        var backups: [Server] = []
        init() {}
    }

    static let required = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").attribute(\.name).child(\.server).required()
            .children(\.backups, xml: "backup").required(),
        mapping(Server.self, element: "server").attribute(\.host))

    @Test func requiredAfterAChildRequiresTheChild() throws {
        let config = try Self.required.parse(
            #"<config><server host="a"/><backup host="b"/></config>"#, as: Config.self)
        #expect(config.name == nil)  // the property before the child is not required
        #expect(config.server?.host == "a")
        #expect(config.backups.map(\.host) == ["b"])
        #expect {
            _ = try Self.required.parse(#"<config name="x"/>"#, as: Config.self, file: "c.xml")
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.map(\.message) == [
                "<config> is missing required property 'server' (a child of type Server)",
                "<config> is missing required property 'backups' (at least one child element <backup>)",
            ]
        }
    }
}

extension RegistrationCheckTests {
    class Animal: Bindable {
        var name = ""
        required init() {}
    }
    final class Dog: Animal {}

    final class Yard: Bindable {
        var dogs: [Dog] = []
        var animals: [Animal] = []
        init() {}
    }

    @Test func aSubclassThatFitsTwoSlotsIsAmbiguous() {
        let problems = registrationProblems {
            try XMLBinder().register(
                mapping(Yard.self, element: "yard").children(\.dogs).children(\.animals),
                mapping(Dog.self, element: "dog").attribute(\.name),
                mapping(Animal.self, element: "animal").attribute(\.name))
        }
        #expect(
            problems == [
                "Yard <yard>, declaration 2 .children(\\.animals): takes <dog> (Dog) as declaration 1 "
                    + "(.children(\\.dogs)) does: the two are ambiguous; name the elements each takes with xml:"
            ])
    }
}
