import Foundation
import Testing

@testable import XMLBind

/// The engine remembers, per parent mapping and per place among an element's children,
/// what a child turned out to be (`ChildNameCache`): an object element, a property
/// element, or an unknown element. Whatever it remembers, the document must bind and be
/// reported exactly as with a fresh engine, which remembers nothing yet.
@Suite struct RememberedChildTests {
    final class Item: Bindable {
        var title: String?
        var link: String?
        var tags: [String] = []
        var note: String?
        init() {}
    }
    final class Feed: Bindable {
        var items: [Item] = []
        init() {}
    }
    final class Card: Bindable {
        var card: String?
        var iban: String?
        init() {}
    }
    final class Cards: Bindable {
        var cards: [Card] = []
        init() {}
    }

    private static let binder = XMLBinder(options: ParseOptions(unknownContent: .warning)).registeredAtSetup(
        mapping(Feed.self, element: "feed").children(\.items).ignoring("skip"),
        mapping(Item.self, element: "item").element(\.title).element(\.link).elements(\.tags, xml: "tag")
            .element(\.note).ignoring("quiet"))

    private static func summary(_ feed: Feed) -> [String] {
        feed.items.map { item in
            [item.title ?? "-", item.link ?? "-", item.tags.joined(separator: ","), item.note ?? "-"]
                .joined(separator: "|")
        }
    }

    /// Each warning's code, line and column.
    private static func places(_ warnings: [Diagnostic]) -> [String] {
        warnings.map { "\($0.code) \($0.origin?.line ?? 0):\($0.origin?.column ?? 0)" }
    }

    @Test func propertyElementsInAnyOrderAndBeyondTheLastPlaceBindAsRead() throws {
        // The first items fill the places; the later ones read the same names at other
        // places, and more children than there are places (the last place is shared).
        let tags = (1...12).map { "<tag>t\($0)</tag>" }.joined()
        let feed = try Self.binder.parse(
            """
            <feed><item><title>a</title><link>l</link><note>n</note></item>\
            <item><title>b</title><link>m</link><note>o</note></item>\
            <item><link>x</link><title>c</title><tag>u</tag></item>\
            <item>\(tags)<title>d</title><tag>v</tag></item>\
            <item><note>p</note><tag>w</tag><title>e</title></item></feed>
            """, as: Feed.self)
        let all = (1...12).map { "t\($0)" }.joined(separator: ",")
        #expect(
            Self.summary(feed) == ["a|l||n", "b|m||o", "c|x|u|-", "d|-|\(all),v|-", "e|-|w|p"])
    }

    @Test func everyUnknownElementIsReportedWhereItIs() throws {
        let log = WarningLog()
        let feed = try Self.binder.parse(
            """
            <feed><item><title>a</title><junk/><link>l</link></item>
            <item><title>b</title><junk>x</junk><link>m</link></item>
            <item><title>c</title><junk/><junk/></item></feed>
            """, as: Feed.self, file: "f.xml", warnings: log)
        #expect(Self.summary(feed) == ["a|l||-", "b|m||-", "c|-||-"])
        #expect(
            Self.places(log.warnings) == [
                "unknown-element 1:29", "unknown-element 2:23", "unknown-element 3:23", "unknown-element 3:30",
            ])
        #expect(log.warnings.map(\.message) == Array(repeating: "unknown element <junk> inside <item>", count: 4))
    }

    @Test func ignoredNamesStayIgnoredOnlyWhereTheyAreIgnored() throws {
        let log = WarningLog()
        // `quiet` is ignored in <item> only, `skip` in <feed> only.
        let feed = try Self.binder.parse(
            """
            <feed><item><quiet/><skip/><title>a</title></item><skip/>
            <item><quiet/><skip/><title>b</title></item><quiet/><skip/></feed>
            """, as: Feed.self, file: "f.xml", warnings: log)
        #expect(Self.summary(feed) == ["a|-||-", "b|-||-"])
        #expect(Self.places(log.warnings) == ["unknown-element 1:21", "unknown-element 2:15", "unknown-element 2:45"])
    }

    @Test func strictModeReportsTheRepeatedUnknownElementsToo() {
        var strict = Self.binder
        strict.options = ParseOptions(mode: .strict)
        let error = bindError {
            _ = try strict.parse(
                "<feed><item><junk/></item>\n<item><junk/></item></feed>", as: Feed.self, file: "s.xml")
        }
        #expect(error?.diagnostics.map { $0.origin?.line ?? 0 } == [1, 2])
        #expect(error?.diagnostics.allSatisfy { $0.code == .unknownElement } == true)
    }

    @Test func aRememberedPropertyElementWithAttributesIsCheckedAsTheFirstWas() throws {
        let log = WarningLog()
        let feed = try Self.binder.parse(
            "<feed><item><title>a</title></item><item><title lang='en'>b</title></item></feed>", as: Feed.self,
            file: "f.xml", warnings: log)
        #expect(Self.summary(feed) == ["a|-||-", "b|-||-"])
        #expect(Self.places(log.warnings) == ["unknown-attribute 1:49"])
    }

    /// A remembered property element without attributes passes the driver's checks unmeasured
    /// (`ExpatDriver.admitTag(name:attributes:bare:)`): only when nothing about it could
    /// break a limit. Its namespace declarations still count, and limits below the cache's
    /// longest name have every tag measured.
    @Test func aRememberedPropertyElementIsHeldToTheLimitsAsTheFirstWas() throws {
        /// The code the parse of `<feed>body</feed>` fails with, or `nil` when it succeeds.
        func code(_ body: String, _ limits: ParseLimits) -> XMLBindError.Code? {
            let binder = XMLBinder(options: ParseOptions(limits: limits)).registeredAtSetup(
                mapping(Feed.self, element: "feed").children(\.items),
                mapping(Item.self, element: "item").element(\.title).element(\.link).elements(\.tags, xml: "tag"))
            do {
                _ = try binder.parse("<feed>\(body)</feed>", as: Feed.self)
                return nil
            } catch {
                return (error as? XMLBindError)?.code
            }
        }
        let twice = "<item><title>a</title><link>l</link></item><item><title>b</title><link>m</link></item>"
        // Namespace declarations count as attributes, on a remembered tag too.
        let twoAttributes = ParseLimits(maximumAttributes: 2)
        let declared = "<item><title>a</title></item><item><title xmlns:p='u' xmlns:q='v'>b</title></item>"
        #expect(code(declared + twice, twoAttributes) == nil)
        let tooMany = declared.replacingOccurrences(of: "xmlns:q='v'", with: "xmlns:q='v' xmlns:r='w'")
        #expect(code(tooMany, twoAttributes) == .attributeLimitExceeded)
        let none = ParseLimits(maximumAttributes: 0)
        #expect(code(twice, none) == nil)
        #expect(code(twice + "<item><link xmlns:p='u'>w</link></item>", none) == .attributeLimitExceeded)
        // Names of up to four bytes, below the cache's longest: `link` and `tag` pass every
        // time, `title` never.
        let fourByteNames = ParseLimits(maximumNameLength: 4)
        let short = "<item><link>l</link><tag>t</tag></item><item><link>m</link><tag>u</tag><tag>v</tag></item>"
        #expect(code(short, fourByteNames) == nil)
        #expect(code(short + twice, fourByteNames) == .nameLengthLimitExceeded)
    }

    /// Documents whose last item reads the same as alone, after items that filled the places.
    static let probes: [String] = [
        // The same local name in a namespace is another name: not the property.
        "<item><title xmlns='urn:x'>n</title><link>l</link></item>",
        "<item xmlns:p='urn:p'><p:title>n</p:title><p:junk/></item>",
        // Markup inside a property element's text is not a child of the item.
        "<item><title>a<junk/></title></item>",
        "<item><junk xmlns='urn:x'/><title>t</title></item>",
    ]

    @Test(arguments: probes) func aNameInANamespaceIsNeverTakenForTheRememberedOne(_ probe: String) throws {
        // Leaves `title` remembered at the first place (a property), `junk` at the second.
        let warmUp = "<item><junk/><link>w</link></item><item><title>w</title><junk/></item>"
        let aloneWarningsLog = WarningLog()
        let alone = try Self.binder.parse("<feed>\(probe)</feed>", as: Feed.self, warnings: aloneWarningsLog)
        let afterWarningsLog = WarningLog()
        let after = try Self.binder.parse(
            "<feed>\(warmUp)\(probe)</feed>", as: Feed.self, warnings: afterWarningsLog)
        #expect(Self.summary(after).suffix(1) == Self.summary(alone)[...])
        #expect(afterWarningsLog.warnings.dropFirst(2).map(\.message) == aloneWarningsLog.warnings.map(\.message))
        #expect(afterWarningsLog.warnings.dropFirst(2).map(\.code) == aloneWarningsLog.warnings.map(\.code))
    }

    @Test func aChoiceIsCheckedForEveryRememberedMember() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Cards.self, element: "cards").children(\.cards),
            mapping(Card.self, element: "card").element(\.card, xml: "number").element(\.iban)
                .choice(\.card, \.iban))
        let error = bindError {
            _ = try binder.parse(
                """
                <cards><card><number>1</number></card><card><iban>2</iban></card>
                <card><number>3</number><iban>4</iban></card></cards>
                """, as: Cards.self, file: "c.xml")
        }
        #expect(error?.diagnostics.map(\.code) == [.choiceConflict])
        #expect(error?.diagnostics.first?.origin?.line == 2)
    }
}
