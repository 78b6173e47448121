import Foundation
import Testing
import XMLBind

/// `.choice(…)`: an element holds at most one of a group of child elements (XML Schema's
/// `choice`), checked from the binder's bits of given properties as each member is bound.
@Suite("Choices: at most one of these elements")
struct ChoiceTests {
    final class Voucher: Bindable {
        var code: String?
        init() {}
    }

    final class Payment: Bindable {
        var card: String?
        var iban: String?
        var voucher: Voucher?
        var note: String?
        var tags: [String] = []
        var amount = 0
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Payment.self, element: "payment")
            .attribute(\.amount)
            .element(\.card)
            .element(\.iban)
            .child(\.voucher)
            .elements(\.tags, xml: "tag")
            .element(\.note)
            .choice(\.card, \.iban, \.voucher, \.tags),
        mapping(Voucher.self, element: "voucher").attribute(\.code))

    static let lenient = {
        var lenient = binder
        lenient.options = ParseOptions(mode: .lenient)
        return lenient
    }()

    struct Accepted: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var member: String
        var testDescription: String { name }
    }

    static let accepted: [Accepted] = [
        Accepted(name: "none", document: #"<payment amount="1"><note>n</note></payment>"#, member: "none"),
        Accepted(name: "a value", document: "<payment><card>4111</card><note>n</note></payment>", member: "card 4111"),
        Accepted(name: "the other value", document: "<payment><iban>DE89</iban></payment>", member: "iban DE89"),
        Accepted(name: "a child object", document: #"<payment><voucher code="X"/></payment>"#, member: "voucher X"),
        Accepted(
            name: "a list member, repeated", document: "<payment><tag>a</tag><note>n</note><tag>b</tag></payment>",
            member: "tags a,b"),
    ]

    static func member(_ payment: Payment) -> String {
        if let card = payment.card { return "card \(card)" }
        if let iban = payment.iban { return "iban \(iban)" }
        if let voucher = payment.voucher { return "voucher \(voucher.code ?? "")" }
        if !payment.tags.isEmpty { return "tags " + payment.tags.joined(separator: ",") }
        return "none"
    }

    @Test(arguments: accepted)
    func oneMemberOrNoneIsAccepted(_ testCase: Accepted) throws {
        let payment = try Self.binder.parse(testCase.document, as: Payment.self)
        #expect(Self.member(payment) == testCase.member)
    }

    @Test func twoValuesAreAnErrorAtTheSecondWithANoteAtTheFirst() {
        let document = """
            <payment>
              <card>4111</card>
              <iban>DE89</iban>
            </payment>
            """
        #expect {
            _ = try Self.binder.parse(document, as: Payment.self, file: "p.xml")
        } throws: { error in
            (error as? XMLBindError)?.code == .choiceConflict
                && String(describing: error) == """
                    p.xml:3:3: error: <payment> holds only one of <card>, <iban>, <voucher> or <tag>: <iban> follows <card>
                        3 |   <iban>DE89</iban>
                          |   ^
                    p.xml:2:3: note: <card> given here
                        2 |   <card>4111</card>
                          |   ^
                    """
        }
    }

    @Test func aChildObjectAfterAValue() {
        let document = "<payment>\n<tag>a</tag>\n<voucher code=\"X\"/>\n</payment>"
        #expect {
            _ = try Self.binder.parse(document, as: Payment.self, file: "p.xml")
        } throws: { error in
            String(describing: error) == """
                p.xml:3:1: error: <payment> holds only one of <card>, <iban>, <voucher> or <tag>: <voucher> follows <tag>
                    3 | <voucher code="X"/>
                      | ^
                p.xml:2:1: note: <tag> given here
                    2 | <tag>a</tag>
                      | ^
                """
        }
    }

    @Test func aValueAfterAChildObject() {
        let document = "<payment><voucher code=\"X\"/><card>1</card></payment>"
        let error = bindError { _ = try Self.binder.parse(document, as: Payment.self) }
        #expect(error?.code == .choiceConflict)
        #expect(error?.diagnostics.map(\.origin?.column) == [29])
        #expect(error?.diagnostics.first?.notes.map(\.message) == ["<voucher> given here"])
        #expect(error?.diagnostics.first?.notes.map(\.origin?.column) == [10])
    }

    @Test func everyConflictOfADocumentIsReported() {
        let document = "<payment><card>1</card><iban>2</iban><tag>3</tag></payment>"
        let error = bindError { _ = try Self.binder.parse(document, as: Payment.self) }
        #expect(
            error?.diagnostics.map(\.message) == [
                "<payment> holds only one of <card>, <iban>, <voucher> or <tag>: <iban> follows <card>",
                "<payment> holds only one of <card>, <iban>, <voucher> or <tag>: <tag> follows <card>",
            ])
    }

    @Test func theFirstMemberStaysInLenientMode() throws {
        let log = WarningLog()
        let payment = try Self.lenient.parse(
            #"<payment><iban>DE89</iban><voucher code="X"/><card>4111</card></payment>"#, as: Payment.self,
            warnings: log)
        #expect(Self.member(payment) == "iban DE89")
        #expect(payment.voucher == nil && payment.card == nil)
        #expect(log.warnings.map(\.severity) == [.warning, .warning])
        #expect(log.warnings.map(\.code) == [.choiceConflict, .choiceConflict])
        #expect(log.warnings.first?.message.hasSuffix("<voucher> follows <iban>; the first is kept") == true)
    }

    @Test func aDeclaredMessageReplacesTheGeneratedOne() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Payment.self, element: "payment").element(\.card).element(\.iban)
                .choice(\.card, \.iban, message: "a payment is by card or by transfer, not both"))
        let error = bindError {
            _ = try binder.parse("<payment><iban>1</iban><card>2</card></payment>", as: Payment.self)
        }
        #expect(error?.diagnostics.map(\.message) == ["a payment is by card or by transfer, not both"])
        #expect(error?.diagnostics.first?.notes.map(\.message) == ["<iban> given here"])
    }

    @Test func anXsiNilMemberCountsAsGiven() {
        let document = """
            <payment xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><card>1</card><iban xsi:nil="true"/></payment>
            """
        let error = bindError { _ = try Self.binder.parse(document, as: Payment.self) }
        #expect(error?.code == .choiceConflict)
        #expect(error?.diagnostics.first?.message.hasSuffix("<iban> follows <card>") == true)
    }

    final class Shipment: Bindable {
        var express: Voucher?
        var standard: Voucher?
        var label: String?
        init() {}
    }

    @Test func namedChildSlotsAndNamespacedElements() throws {
        let binder = XMLBinder(prefixes: ["s": "urn:ship"]).registeredAtSetup(
            mapping(Shipment.self, element: "s:shipment")
                .child(\.express, xml: "s:express").child(\.standard, xml: "s:standard").element(
                    \.label, xml: "s:label"
                )
                .choice(\.express, \.standard, \.label),
            mapping(Voucher.self, element: "s:voucher").attribute(\.code))
        let one = try binder.parse(
            #"<shipment xmlns="urn:ship"><standard code="b"/></shipment>"#, as: Shipment.self)
        #expect(one.standard?.code == "b" && one.express == nil)
        let error = bindError {
            _ = try binder.parse(
                #"<x:shipment xmlns:x="urn:ship"><x:express code="a"/><x:label>l</x:label></x:shipment>"#,
                as: Shipment.self)
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                "<shipment> holds only one of <express>, <standard> or <label>: <label> follows <express>"
            ])
    }

    @Test func writingIsUnchanged() throws {
        let payment = try Self.binder.parse(#"<payment amount="3"><voucher code="X"/></payment>"#, as: Payment.self)
        let written = try Self.binder.xml(from: payment, options: WritingOptions(layout: .compact))
        #expect(written.hasSuffix(#"<payment amount="3"><voucher code="X"/></payment>"#))
        let again = try Self.binder.parse(written, as: Payment.self)
        #expect(Self.member(again) == "voucher X")
    }

    // MARK: Registration

    struct Refused: CustomTestStringConvertible, Sendable {
        var name: String
        var register: @Sendable () throws -> XMLBinder
        var problem: String
        var testDescription: String { name }
    }

    static let refused: [Refused] = [
        Refused(
            name: "an undeclared key path",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).choice(\.card, \.iban))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.iban): no declaration of this mapping binds \\.iban; "
                + "declare it with .element or .child first"),
        Refused(
            name: "an attribute",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).attribute(\.iban).choice(\.card, \.iban))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.iban): .attribute(\\.iban) can take an attribute, and a "
                + "choice is between child elements; declare it with .element"),
        Refused(
            name: "an attribute or element",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).property(\.iban).choice(\.card, \.iban))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.iban): .property(\\.iban) can take an attribute, and a "
                + "choice is between child elements; declare it with .element"),
        Refused(
            name: "the text",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).text(\.note).choice(\.card, \.note))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.note): .text(\\.note) takes the element's text, and a "
                + "choice is between child elements"),
        Refused(
            name: "a nested path",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).element(\.iban, xml: "bank/iban")
                        .choice(\.card, \.iban))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.iban): .element(\\.iban, xml: \"bank/iban\") reaches its "
                + "element through a path, and a choice is between the element's own children"),
        Refused(
            name: "one key path",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).choice(\.card))
            },
            problem: "Payment <payment>: .choice(\\.card): a choice is between two or more child elements; it names 1"),
        Refused(
            name: "a key path twice",
            register: {
                try XMLBinder().register(
                    mapping(Payment.self, element: "payment").element(\.card).element(\.iban)
                        .choice(\.card, \.iban, \.card))
            },
            problem: "Payment <payment>: .choice(\\.card, \\.iban, \\.card): it names \\.card twice"),
    ]

    @Test(arguments: refused)
    func aChoiceTheBinderCannotCheckIsRefused(_ testCase: Refused) {
        #expect {
            _ = try testCase.register()
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [testCase.problem]
        }
    }

    final class Basket: Bindable {
        var items: [Voucher] = []
        var single: Voucher?
        init() {}
    }

    @Test func aCollectionOfChildrenIsRefused() {
        #expect {
            _ = try XMLBinder().register(
                mapping(Basket.self, element: "basket").children(\.items).child(\.single, xml: "single")
                    .choice(\.items, \.single),
                mapping(Voucher.self, element: "voucher"))
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [
                "Basket <basket>: .choice(\\.items, \\.single): .children(\\.items) collects many children; a choice "
                    + "takes .child and .element declarations"
            ]
        }
    }
}
