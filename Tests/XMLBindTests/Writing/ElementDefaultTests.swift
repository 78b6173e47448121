import Foundation
import Testing

@testable import XMLBind

@Suite("Element defaults (.defaultWhenEmpty): an empty element binds to the default, which is written spelled out")
struct ElementDefaultTests {
    final class Box: Bindable {
        var size: Int?
        var label: String?
        var sizes: [Int]?
        var weight = 0
        init() {}
    }

    /// A list-typed value in one element (`xs:list`): its default is a list too.
    static let numbers = Conversion<[Int]>(
        parse: { text in
            try text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map { part in
                guard let value = Int(part) else { throw ConversionError("'\(part)' is not an integer") }
                return value
            }
        },
        format: { $0.map(String.init).joined(separator: " ") })

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Box.self, element: "box")
            .element(\.size, xml: "size", default: 10).defaultWhenEmpty()
            .element(\.label, xml: "label", default: "none").defaultWhenEmpty()
            .element(\.sizes, xml: "sizes", conversion: numbers, default: [1, 2, 3]).defaultWhenEmpty()
            .element(\.weight, xml: "weight", default: 5).defaultWhenEmpty().required())

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    @Test func anEmptyElementBindsToTheDefaultAndIsWrittenBackSpelledOut() throws {
        let document = "<box><size/><label> </label><sizes></sizes><weight/></box>"
        let box = try Self.binder.parse(document, as: Box.self)
        #expect(box.size == 10 && box.label == "none" && box.sizes == [1, 2, 3] && box.weight == 5)
        #expect(
            try Self.binder.xml(from: box, options: Self.compact)
                == "<box><size>10</size><label>none</label><sizes>1 2 3</sizes><weight>5</weight></box>")
    }

    @Test func anAbsentElementGetsNoDefaultAndARequiredOneIsStillMissing() throws {
        let box = try Self.binder.parse("<box><weight>7</weight></box>", as: Box.self)
        #expect(box.size == nil && box.label == nil && box.sizes == nil && box.weight == 7)
        // Writing adds nothing that was absent.
        #expect(try Self.binder.xml(from: box, options: Self.compact) == "<box><weight>7</weight></box>")
    }

    @Test func otherValuesAreWrittenAsTheyAre() throws {
        let box = try Self.binder.parse(
            "<box><size>3</size><label>x</label><sizes>4 5</sizes><weight>5</weight></box>", as: Box.self)
        #expect(box.size == 3 && box.label == "x" && box.sizes == [4, 5] && box.weight == 5)
        // The default given explicitly stays spelled out, as documents mostly write it
        // (IP-XACT's <direction>out</direction>): the same information set after a round trip.
        #expect(
            try Self.binder.xml(from: box, options: Self.compact)
                == "<box><size>3</size><label>x</label><sizes>4 5</sizes><weight>5</weight></box>")
    }

    @Test func aMissingRequiredElementIsALocatedError() {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<box>\n  <size/>\n</box>", as: Box.self, file: "box.xml")
        }
        #expect(error?.code == .missingValue)
        #expect(error?.message.contains("'weight'") == true)
        #expect(error?.description.hasPrefix("box.xml:1:1: error:") == true)
    }

    @Test func aDefaultWhenEmptyWithoutADefaultOrOnAnAttributeIsARegistrationError() {
        #expect {
            _ = try XMLBinder().register(
                mapping(Box.self, element: "box").element(\.size, xml: "size").defaultWhenEmpty()
                    .attribute(\.label, default: "x").defaultWhenEmpty())
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [
                #"Box <box>, declaration 1 .element(\.size, xml: "size"): .defaultWhenEmpty() needs a declaration "#
                    + "with a default: value to fill the element with",
                #"Box <box>, declaration 2 .attribute(\.label): .defaultWhenEmpty() applies to an element "#
                    + "holding one value (.element)",
            ]
        }
    }
}
