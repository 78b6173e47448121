import Foundation
import Testing

@testable import XMLBind

@Suite("xsi:type in slots declared with xml: chooses a subclass's mapping")
struct NamedSlotTypeTests {
    class Address: Bindable {
        var name = ""
        required init() {}
    }
    final class USAddress: Address {
        var zip = 0
        required init() { super.init() }
    }
    final class UKAddress: Address {
        var postcode = ""
        required init() { super.init() }
    }
    /// Registered with `.xsiType` but not an address: no slot of addresses takes it.
    final class Note: Bindable {
        var text = ""
        init() {}
    }
    final class Order: Bindable {
        var billTo: Address?
        var shipTo: Address?
        var alternates: [Address] = []
        var note: Note?
        init() {}
    }

    static let binder = XMLBinder(prefixes: ["po": "urn:po"]).registeredAtSetup(
        mapping(Order.self, element: "order")
            .child(\.billTo, xml: "billTo").child(\.shipTo, xml: "shipTo")
            .children(\.alternates, xml: "alternate").child(\.note),
        mapping(Address.self, element: "address").attribute(\.name),
        mapping(USAddress.self, element: "address").xsiType("po:USAddress").attribute(\.name).attribute(\.zip),
        mapping(UKAddress.self, element: "address").xsiType("po:UKAddress").attribute(\.name)
            .attribute(\.postcode),
        mapping(Note.self, element: "note").xsiType("po:Note").attribute(\.text)
    )

    static func describe(_ address: Address?) -> String {
        switch address {
        case let us as USAddress: "us(\(us.name) \(us.zip))"
        case let uk as UKAddress: "uk(\(uk.name) \(uk.postcode))"
        case let plain?: "plain(\(plain.name))"
        case nil: "-"
        }
    }

    static func describe(_ order: Order) -> String {
        ([order.billTo, order.shipTo] + order.alternates.map { $0 }).map { describe($0) }.joined(separator: " ")
    }

    static let document = """
        <order xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:p="urn:po">
          <billTo xsi:type="p:USAddress" name="Ann" zip="12345"/>
          <shipTo name="Bob"/>
          <alternate xsi:type="p:UKAddress" name="Cy" postcode="SW1"/>
          <alternate name="Di"/>
          <alternate xsi:type="p:USAddress" name="Ed" zip="7"/>
        </order>
        """

    @Test func theTypeChoosesTheSubclassInEachNamedSlot() throws {
        let order = try Self.binder.parse(Self.document, as: Order.self)
        #expect(Self.describe(order) == "us(Ann 12345) plain(Bob) uk(Cy SW1) plain(Di) us(Ed 7)")
    }

    @Test func theSameSlotChoosesAgainForEachElement() throws {
        // The second <billTo>-like element of a name must not reuse the first one's choice.
        let order = try Self.binder.parse(
            #"<order xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:p="urn:po">"#
                + #"<alternate name="A"/><alternate xsi:type="p:UKAddress" name="B" postcode="X"/>"#
                + #"<alternate name="C"/></order>"#, as: Order.self)
        #expect(order.alternates.map { Self.describe($0) } == ["plain(A)", "uk(B X)", "plain(C)"])
    }

    @Test func aTypeOfAnotherClassIsALocatedError() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse(
                "<order xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:p=\"urn:po\">\n"
                    + "  <billTo xsi:type=\"p:Note\" text=\"hi\"/>\n</order>", as: Order.self, file: "order.xml")
        }
        #expect(error?.message.contains(#"<billTo> has xsi:type "p:Note""#) == true)
        #expect(error?.message.contains("which is not a") == true)
        #expect(error?.origin?.line == 2)
        #expect(error?.description.hasPrefix("order.xml:2:3: error:") == true)
    }

    @Test func anUnknownTypeNamesTheTypesTheSlotTakes() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse(
                #"<order xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:o="urn:other">"#
                    + #"<shipTo xsi:type="o:USAddress" name="x"/></order>"#, as: Order.self)
        }
        #expect(
            error?.message
                == #"<shipTo> has xsi:type "o:USAddress", which names none of the types property 'shipTo' of "#
                + #"<order> takes ('po:USAddress', 'po:UKAddress')"#)
    }

    @Test func writingPutsTheTypeBackUnderTheSlotsName() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Order.self, describe: Self.describe)
        let written = try Self.binder.xml(
            from: try Self.binder.parse(Self.document, as: Order.self),
            options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(
            written
                == #"<order xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:po="urn:po">"#
                + #"<billTo xsi:type="po:USAddress" name="Ann" zip="12345"/><shipTo name="Bob"/>"#
                + #"<alternate xsi:type="po:UKAddress" name="Cy" postcode="SW1"/><alternate name="Di"/>"#
                + #"<alternate xsi:type="po:USAddress" name="Ed" zip="7"/></order>"#)
    }
}
