import Foundation
import Testing

@testable import XMLBind

/// Parse → write → parse gives an equal graph, and writing twice gives the same bytes.
@Suite("Round trips: documents and values")
struct RoundTripTests {
    // MARK: The demo configuration

    /// The `xmlbind demo` model, restated: the test target cannot see the tool's types.
    final class Beans: Bindable, NamespaceAware {
        var namespace: String?
        var schemaLocation: String?
        var beans: [Bean] = []
        var defines: [Define] = []
    }
    final class Bean: Bindable, XMLAttributeContainer {
        var id: String?
        var clazz: String?
        var scope = "singleton"
        var lazy = false
        var properties: [Property] = []
        var others: [(name: String, value: String)] = []
        func addAttribute(_ name: String, value: String) { others.append((name, value)) }
        var attributesToWrite: [(name: String, value: String)] { others }
    }
    final class Property: Bindable {
        var name: String?
        var value: String?
        var ref: String?
        var text = ""
        var bean: Bean?
    }
    final class Define: Bindable {
        var namespace: String?
        var key: String?
        var type: String?
        var value: String?
    }

    static let beansBinder = XMLBinder(prefixes: [
        "xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "configuration": "http://www.example.com/schema/configuration",
    ]).registeredAtSetup(
        mapping(Beans.self, element: "beans").attribute(\.schemaLocation, xml: "xsi:schemaLocation").children(\.beans)
            .children(\.defines),
        mapping(Bean.self, element: "bean").attribute(\.id).attribute(\.clazz, xml: "class").attribute(\.scope)
            .attribute(\.lazy).children(\.properties),
        mapping(Property.self, element: "property").attribute(\.name).attribute(\.value).attribute(\.ref)
            .text(\.text, conversion: .trimmed).child(\.bean),
        mapping(Define.self, element: "configuration:define").property(\.namespace).property(\.key).property(\.type)
            .property(\.value))

    static func describe(_ beans: Beans) -> String {
        func text(_ bean: Bean) -> String {
            let others = bean.others.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
            let properties = bean.properties.map { property in
                "property(\(property.name ?? "-"),\(property.value ?? "-"),\(property.ref ?? "-"),\(property.text),"
                    + "\(property.bean.map(text) ?? "-"))"
            }
            return "bean(\(bean.id ?? "-"),\(bean.clazz ?? "-"),\(bean.scope),\(bean.lazy),[\(others)],\(properties))"
        }
        let defines = beans.defines.map {
            "define(\($0.namespace ?? "-"),\($0.key ?? "-"),\($0.type ?? "-"),\($0.value ?? "-"))"
        }
        return "beans(\(beans.namespace ?? "-"),\(beans.schemaLocation ?? "-"),\(beans.beans.map(text)),\(defines))"
    }

    static let demoFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/xmlbind/Demo/beans.xml").standardized

    static let layouts: [WritingOptions] = [
        WritingOptions(), WritingOptions(layout: .compact, includesDeclaration: false),
        WritingOptions(layout: .pretty(indent: "\t"), propertyForm: .element),
        WritingOptions(
            layout: .compact, omitsDefaultValues: true,
            preferredPrefixes: ["http://www.example.com/schema/configuration": "c"]),
    ]

    @Test(arguments: layouts.indices)
    func theDemoConfiguration(_ layout: Int) throws {
        let options = Self.layouts[layout]
        let first = try Self.beansBinder.parse(contentsOf: Self.demoFile, as: Beans.self)
        let written = try Self.beansBinder.xml(from: first, options: options)
        let second = try Self.beansBinder.parse(written, as: Beans.self)
        #expect(Self.describe(second) == Self.describe(first))
        #expect(try Self.beansBinder.xml(from: second, options: options) == written)
        #expect(second.beans.count == 2 && second.defines.count == 2 && second.beans[0].others.count == 1)
    }

    // MARK: Documents with CDATA, entities, namespaces and paths

    struct Article: Bindable {
        var title: String?
        var lang: String?
        var code: String?
        var body = ""
        var price: Decimal?
        var currency: String?
        var sections: [Section] = []
        init() {}
    }
    struct Section: Bindable {
        var heading: String?
        var text = ""
        init() {}
    }

    static let articleBinder = XMLBinder(prefixes: ["a": "urn:articles"]).registeredAtSetup(
        mapping(Article.self, element: "a:article").property(\.title).attribute(\.lang, xml: "xml:lang")
            .element(\.code).writtenAsCDATA().property(\.price, xml: "meta/price")
            .attribute(\.currency, xml: "meta/price/@currency").children(\.sections).text(\.body),
        mapping(Section.self, element: "a:section").attribute(\.heading).text(\.text))

    static func describe(_ article: Article) -> String {
        "\(article.title ?? "-")|\(article.lang ?? "-")|\(article.code ?? "-")|\(article.body)|"
            + "\(article.price.map { "\($0)" } ?? "-")|\(article.currency ?? "-")|"
            + article.sections.map { "\($0.heading ?? "-"):\($0.text)" }.joined(separator: ";")
    }

    static let documents: [String] = [
        """
        <?xml version="1.0"?>
        <!DOCTYPE article [ <!ENTITY co "ACME &amp; Co"> <!ENTITY nl "&#10;"> ]>
        <article xmlns="urn:articles" xml:lang="en" title="&co; &#x2014; &lt;news&gt;">
        <code><![CDATA[if (a < b && c]]]]><![CDATA[>d) { x = "]" }]]></code>
        Body&nl;with &co; and <![CDATA[<raw> & stuff]]>
        <meta><price currency="EUR">12.50</price></meta>
        <section heading="One">first &amp; only</section>
        <a:section xmlns:a="urn:articles" heading="&quot;Two&quot;">tab&#9;and&#13;cr</a:section>
        </article>
        """,
        """
        <x:article xmlns:x="urn:articles" title="t"><x:meta><x:price>1e3</x:price></x:meta></x:article>
        """,
        """
        <article xmlns="urn:articles"><title>  spaced  </title><meta><price currency="USD"/></meta>text</article>
        """,
    ]

    @Test(arguments: documents.indices)
    func documentsRoundTrip(_ index: Int) throws {
        let first = try Self.articleBinder.parse(Self.documents[index], as: Article.self)
        for options in Self.layouts {
            let written = try Self.articleBinder.xml(from: first, options: options)
            let second = try Self.articleBinder.parse(written, as: Article.self)
            #expect(Self.describe(second) == Self.describe(first), "\(written)")
            #expect(try Self.articleBinder.xml(from: second, options: options) == written)
        }
    }

    // MARK: Values

    enum Kind: String, CaseIterable {
        case small, large
    }

    struct Values: Bindable {
        var double = 0.0
        var float: Float = 0
        var int64: Int64 = 0
        var uint64: UInt64 = 0
        var int8: Int8 = 0
        var decimal: Decimal = 0
        var bool = false
        var date = Date(timeIntervalSince1970: 0)
        var data = Data()
        var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var url: URL?
        var kind: Kind = .small
        var list: [Int] = []
        var text = ""
        init() {}
    }

    static let valuesBinder = XMLBinder().registeredAtSetup(
        mapping(Values.self, element: "values").attribute(\.double).attribute(\.float).attribute(\.int64)
            .attribute(\.uint64).element(\.int8).element(\.decimal).attribute(\.bool).element(\.date)
            .element(\.data).attribute(\.uuid).element(\.url).attribute(\.kind).attribute(\.list).text(\.text))

    struct ValueCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let values: Values
        let expected: String
    }

    static func values(_ change: (inout Values) -> Void) -> Values {
        var values = Values()
        change(&values)
        return values
    }

    static let valueCases: [ValueCase] = [
        ValueCase(
            testDescription: "limits and shortest forms",
            values: values {
                $0.double = 0.1
                $0.float = 0.1
                $0.int64 = .min
                $0.uint64 = .max
                $0.int8 = -128
                $0.decimal = Decimal(string: "12345678901234567890.123456789")!
                $0.bool = true
                $0.date = Date(timeIntervalSince1970: 1_714_566_600.25)
                $0.data = Data([0, 1, 2, 253, 254, 255])
                $0.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
                $0.url = URL(string: "https://example.com/a?b=1&c=2")
                $0.kind = .large
                $0.list = [1, -2, 3]
                $0.text = "t"
            },
            expected: #"<values double="0.1" float="0.1" int64="-9223372036854775808" uint64="18446744073709551615" "#
                + #"bool="true" uuid="E621E1F8-C36C-495A-93FC-0C247A3E6E5F" kind="large" list="1 -2 3">"#
                + "<int8>-128</int8><decimal>12345678901234567890.123456789</decimal>"
                + "<date>2024-05-01T12:30:00.250Z</date><data>AAEC/f7/</data>"
                + "<url>https://example.com/a?b=1&amp;c=2</url>t</values>"),
        ValueCase(
            testDescription: "special floating-point values",
            values: values {
                $0.double = -.infinity
                $0.float = .nan
                $0.int64 = 0
                $0.decimal = Decimal(string: "-0.5")!
                $0.date = Date(timeIntervalSince1970: 0)
            },
            expected: #"<values double="-INF" float="NaN" int64="0" uint64="0" bool="false" "#
                + #"uuid="00000000-0000-0000-0000-000000000000" kind="small" list="">"#
                + "<int8>0</int8><decimal>-0.5</decimal><date>1970-01-01T00:00:00Z</date><data/></values>"),
        ValueCase(
            testDescription: "tiny and huge doubles",
            values: values {
                $0.double = .leastNonzeroMagnitude
                $0.float = .greatestFiniteMagnitude
            },
            expected: #"<values double="5e-324" float="3.4028235e+38" int64="0" uint64="0" bool="false" "#
                + #"uuid="00000000-0000-0000-0000-000000000000" kind="small" list="">"#
                + "<int8>0</int8><decimal>0</decimal><date>1970-01-01T00:00:00Z</date><data/></values>"),
    ]

    @Test(arguments: valueCases)
    func valuesRoundTripExactly(_ test: ValueCase) throws {
        let options = WritingOptions(layout: .compact, includesDeclaration: false)
        let text = try Self.valuesBinder.xml(from: test.values, options: options)
        #expect(text == test.expected)
        let back = try Self.valuesBinder.parse(text, as: Values.self)
        #expect(back.double.bitPattern == test.values.double.bitPattern)
        #expect(back.float.bitPattern == test.values.float.bitPattern || (back.float.isNaN && test.values.float.isNaN))
        #expect(back.int64 == test.values.int64 && back.uint64 == test.values.uint64 && back.int8 == test.values.int8)
        #expect(back.decimal == test.values.decimal)
        #expect(back.bool == test.values.bool)
        #expect(back.date == test.values.date)
        #expect(back.data == test.values.data)
        #expect(back.uuid == test.values.uuid)
        #expect(back.url == test.values.url)
        #expect(back.kind == test.values.kind)
        #expect(back.list == test.values.list)
        #expect(back.text == test.values.text)
    }
}
