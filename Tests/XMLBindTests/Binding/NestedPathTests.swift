import Foundation
import Testing

@testable import XMLBind

@Suite("Nested paths, read and written")
struct NestedPathTests {
    struct Item: Bindable {
        var id: String?
        var price: Double?
        var currency: String?
        var weight: Int?
        var color: String?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Item.self, element: "item")
            .attribute(\.id)
            .property(\.price, xml: "details/price")
            .attribute(\.currency, xml: "details/price/@currency")
            .element(\.weight, xml: "details/weight")
            .property(\.color, xml: "look/@color"))

    static func item(price: Double? = nil, currency: String? = nil, weight: Int? = nil, color: String? = nil) -> Item {
        var item = Item()
        item.id = "1"
        item.price = price
        item.currency = currency
        item.weight = weight
        item.color = color
        return item
    }

    @Test func readingNestedPaths() throws {
        let item = try Self.binder.parse(
            """
            <item id="1">
              <look color="red"/>
              <details>
                <weight>2</weight>
                <price currency="EUR"> 9.99 </price>
              </details>
            </item>
            """, as: Item.self)
        #expect(item.price == 9.99)
        #expect(item.currency == "EUR")
        #expect(item.weight == 2)
        #expect(item.color == "red")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let item: Item
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "every value", item: item(price: 9.99, currency: "EUR", weight: 2, color: "red"),
            expected: """
                <item id="1">
                    <details>
                        <price currency="EUR">9.99</price>
                        <weight>2</weight>
                    </details>
                    <look color="red"/>
                </item>

                """),
        Case(
            testDescription: "an attribute without the text", item: item(currency: "EUR"),
            expected: """
                <item id="1">
                    <details>
                        <price currency="EUR"/>
                    </details>
                </item>

                """),
        Case(
            testDescription: "a path with no values is not written", item: item(weight: 5),
            expected: """
                <item id="1">
                    <details>
                        <weight>5</weight>
                    </details>
                </item>

                """),
        Case(testDescription: "no values at all", item: item(), expected: "<item id=\"1\"/>\n"),
    ]

    @Test(arguments: cases)
    func writingNestedPaths(_ test: Case) throws {
        let text = try Self.binder.xml(from: test.item, options: WritingOptions(includesDeclaration: false))
        #expect(text == test.expected)
        let back = try Self.binder.parse(text, as: Item.self)
        #expect(back.price == test.item.price)
        #expect(back.currency == test.item.currency)
        #expect(back.weight == test.item.weight)
        #expect(back.color == test.item.color)
    }

    struct Named: Bindable {
        var name: String?
        var nick: String?
        init() {}
    }

    @Test func emptyTextIsAValueOnlyOnAnElementThatHoldsNothingElse() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Named.self, element: "n").element(\.name, xml: "a/name").element(\.nick, xml: "b/nick")
                .attribute(\.nick, xml: "b/nick/@x"))
        var named = Named()
        named.name = ""
        let text = try binder.xml(from: named, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(text == "<n><a><name/></a></n>")
        #expect(try binder.parse(text, as: Named.self).name == "")
        #expect(try binder.parse("<n><b><nick x='1'/></b></n>", as: Named.self).nick == "1")
    }

    @Test func aClarkNameMayHoldSlashes() throws {
        struct Doc: Bindable {
            var title: String?
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Doc.self, element: "doc").element(\.title, xml: "{http://a/b}meta/title"))
        var doc = Doc()
        doc.title = "T"
        let text = try binder.xml(from: doc, options: WritingOptions(layout: .compact, includesDeclaration: false))
        // `doc` and `title` are registered in any namespace, so the default namespace serves.
        #expect(text == #"<doc xmlns="http://a/b"><meta><title>T</title></meta></doc>"#)
        #expect(try binder.parse(text, as: Doc.self).title == "T")
        #expect(
            try binder.parse("<doc><m:meta xmlns:m='http://a/b'><title>U</title></m:meta></doc>", as: Doc.self).title
                == "U")
    }

    @Test func anAtSignAloneMakesAPropertyAnAttribute() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Named.self, element: "n").property(\.name, xml: "@label"))
        var named = Named()
        named.name = "x"
        let options = WritingOptions(layout: .compact, includesDeclaration: false, propertyForm: .element)
        #expect(try binder.xml(from: named, options: options) == #"<n label="x"/>"#)
        let error = bindError { _ = try binder.parse("<n><label>x</label></n>", as: Named.self) }
        #expect(error?.message == "unknown element <label> inside <n>")
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let document: String
        let message: String
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            testDescription: "a misspelt path element",
            document: "<item><detail><price>1</price></detail></item>",
            message: "unknown element <detail> inside <item>; did you mean 'details'?"),
        ErrorCase(
            testDescription: "an unknown element inside a path",
            document: "<item><details><prize/></details></item>",
            message: "unknown element <prize> inside <details> in <item>; did you mean 'price'?"),
        ErrorCase(
            testDescription: "an unknown attribute on a path element",
            document: "<item><details><price currncy='EUR'>1</price></details></item>",
            message: "unknown attribute 'currncy' on <price> in <item>; did you mean 'currency'?"),
        ErrorCase(
            testDescription: "a bad value",
            document: "<item><details><weight>heavy</weight></details></item>",
            message: "cannot convert \"heavy\" to Int for property 'weight' of <item>: not an integer"),
        ErrorCase(
            testDescription: "a value given twice",
            document: "<item><details><weight>1</weight></details><details><weight>2</weight></details></item>",
            message: "property 'weight' of <item> is given more than once"),
    ]

    @Test(arguments: errorCases)
    func mistakesInPathsAreReported(_ test: ErrorCase) {
        let error = bindError { _ = try Self.binder.parse(test.document, as: Item.self) }
        #expect(error?.message == test.message)
    }

    @Test func aRequiredPathPropertyNamesItsPlace() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Item.self, element: "item").property(\.price, xml: "details/price").required()
                .attribute(\.currency, xml: "details/price/@currency").required())
        let error = bindError { _ = try binder.parse("<item><details/></item>", as: Item.self) }
        #expect(
            error?.errors.map(\.message) == [
                "<item> is missing required property 'price' (element <details/price>)",
                "<item> is missing required property 'currency' (attribute 'currency' of <details/price>)",
            ])
    }
}
