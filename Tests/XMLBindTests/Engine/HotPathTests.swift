import Foundation
import Synchronization
import Testing

@testable import XMLBind

/// The hot path's shortcuts (issue 5) must not change what a parse builds: shared
/// `String`s for repeated values, children collected until their parent ends.
@Suite("Hot path: shared strings and collected children")
struct HotPathTests {
    final class Entry: Bindable {
        var key: String?
        var label = ""
        var note: String?
        init() {}
    }

    final class Group: Bindable {
        var name: String?
        var entries: [Entry] = []
        var subgroups: [Group] = []
        var tags: [Tag] = []
        var checkedCount = -1
        init() {}
    }

    struct Tag: Bindable, Equatable {
        var value = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Group.self, element: "group")
            .attribute(\.name)
            .children(\.entries)
            .children(\.subgroups)
            .children(\.tags)
            .validate { group, _ in group.checkedCount = group.entries.count + group.subgroups.count },
        mapping(Entry.self, element: "entry").attribute(\.key).attribute(\.label).text(\.note),
        mapping(Tag.self, element: "tag").text(\.value))

    /// Values that repeat, values that differ in one byte or in length only, values at and
    /// past the cache's longest, empty values, and non-ASCII ones, many times over.
    static func value(_ index: Int) -> String {
        switch index % 9 {
        case 0: "org.example.service.PaymentGateway"
        case 1: "org.example.service.PaymentGatewaz"
        case 2: "org.example.service.PaymentGateway2"
        case 3: String(repeating: "x", count: StringCache.longest)
        case 4: String(repeating: "x", count: StringCache.longest + 1)
        case 5: ""
        case 6: "caf\u{E9} \u{65E5}\u{672C}"
        case 7: "unique-\(index)"
        default: "v\(index % 3)"
        }
    }

    @Test func repeatedAndUniqueValuesBindExactly() throws {
        let count = 1_000
        var xml = "<group name='root'>"
        for index in 0..<count {
            xml += "<entry key='\(Self.value(index))' label='\(Self.value(index + 4))'>\(Self.value(index + 7))</entry>"
        }
        xml += "</group>"
        let group = try Self.binder.parse(xml, as: Group.self)
        #expect(group.entries.count == count)
        for (index, entry) in group.entries.enumerated() {
            #expect(entry.key == Self.value(index))
            #expect(entry.label == Self.value(index + 4))
            // An element's empty text gives no value.
            let text: String? = Self.value(index + 7).isEmpty ? nil : Self.value(index + 7)
            #expect(entry.note == text)
            if entry.key != Self.value(index) || entry.note != text { break }
        }
    }

    @Test func interleavedChildrenKeepDocumentOrderPerArray() throws {
        let xml = """
            <group name="a">
              <entry key="1"/><group name="b"><entry key="b1"/></group><tag>t1</tag><entry key="2"/>
              <tag>t2</tag><group name="c"/><entry key="3"/>
            </group>
            """
        let group = try Self.binder.parse(xml, as: Group.self)
        #expect(group.entries.map(\.key) == ["1", "2", "3"])
        #expect(group.subgroups.map(\.name) == ["b", "c"])
        #expect(group.subgroups.first?.entries.map(\.key) == ["b1"])
        #expect(group.tags.map(\.value) == ["t1", "t2"])
        // Validators run once the arrays are complete.
        #expect(group.checkedCount == 5)
        #expect(group.subgroups.first?.checkedCount == 1)
    }

    final class Seeded: Bindable {
        var entries: [Entry] = []
        init() {
            let first = Entry()
            first.key = "seed"
            entries = [first]
        }
    }

    @Test func childrenAreAppendedAfterInitialElements() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Seeded.self, element: "seeded").children(\.entries),
            mapping(Entry.self, element: "entry").attribute(\.key))
        let seeded = try binder.parse("<seeded><entry key='a'/><entry key='b'/></seeded>", as: Seeded.self)
        #expect(seeded.entries.map(\.key) == ["seed", "a", "b"])
    }

    /// Counts its live instances, to see that a failed parse frees what it built.
    final class Counted: Bindable {
        static let live = Mutex(0)
        var key: String?
        init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    final class CountedGroup: Bindable {
        var items: [Counted] = []
        init() {}
    }

    @Test func objectsOfAFailedParseAreReleased() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(CountedGroup.self, element: "group").children(\.items),
            mapping(Counted.self, element: "item").attribute(\.key))
        let before = Counted.live.withLock { $0 }
        for document in [
            "<group><item key='a'/><item key='b'/><oops></group>",  // collected children, open parent
            "<group><item key='a'><item key='b'>",  // unfinished: open frames
        ] {
            #expect(throws: XMLBindError.self) { _ = try binder.parse(document, as: CountedGroup.self) }
        }
        #expect(Counted.live.withLock { $0 } == before)
        let group = try binder.parse("<group><item key='a'/><item key='b'/></group>", as: CountedGroup.self)
        #expect(Counted.live.withLock { $0 } == before + 2)
        #expect(group.items.map(\.key) == ["a", "b"])
    }

    @Test func stringCacheGivesBackEqualStringsForEveryProperty() {
        var cache = StringCache()
        cache.prepare(propertyCount: 2)
        defer { cache.release() }
        func make(_ text: String, _ property: Int) -> String {
            var text = text
            return text.withUTF8 { cache.string($0, property: property) }
        }
        // Property 0 never repeats (the cache stops looking after its trial); property 1
        // repeats a few values, including ones whose hashes share a slot with others.
        for index in 0..<2_000 {
            let unique = "id-\(index)"
            #expect(make(unique, 0) == unique)
            let repeated = ["singleton", "prototype", "", String(repeating: "é", count: 32)][index % 4]
            #expect(make(repeated, 1) == repeated)
        }
        // Out-of-range properties and long values are made directly.
        #expect(make("x", 7) == "x")
        let long = String(repeating: "y", count: StringCache.longest + 10)
        #expect(make(long, 1) == long)
    }

    /// An attribute in a namespace whose URI starts like a declared name is not that name.
    @Test func namespacedAttributesAreNotTakenForPlainOnes() throws {
        let lenient = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Entry.self, element: "entry").attribute(\.key))
        let entry = try lenient.parse("<entry xmlns:k='key' k:key='wrong' key='right'/>", as: Entry.self)
        #expect(entry.key == "right")
        let strict = XMLBinder().registeredAtSetup(mapping(Entry.self, element: "entry").attribute(\.key))
        let error = bindError { _ = try strict.parse("<entry xmlns:k='key' k:key='wrong'/>", as: Entry.self) }
        #expect(error?.message == "unknown attribute 'k:key' on <entry>")
    }

    /// A file is read in pieces; the piece that reaches the end is parsed as the last one.
    /// Files that end exactly on a piece boundary, just after one, and inside the first
    /// piece bind the same, and a document cut off at a boundary is still an error.
    @Test func filesEndingOnAndOffPieceBoundariesBind() throws {
        let piece = 64 << 10
        let binder = XMLBinder(options: ParseOptions(chunkSize: piece, wholeFileLimit: 0)).registeredAtSetup(
            mapping(Group.self, element: "group").children(\.entries),
            mapping(Entry.self, element: "entry").attribute(\.key))
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("xmlbind-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = (0..<3_000).map { "<entry key='k\($0)'/>" }.joined()
        for size in [piece * 2, piece * 2 + 1, piece * 3 - 1, 1_000_000] where size > body.utf8.count + 20 {
            let padding = String(repeating: " ", count: size - body.utf8.count - "<group></group>".utf8.count)
            let document = "<group>" + body + padding + "</group>"
            #expect(document.utf8.count == size)
            let url = directory.appendingPathComponent("\(size).xml")
            try Data(document.utf8).write(to: url)
            let group = try binder.parse(contentsOf: url, as: Group.self)
            #expect(group.entries.count == 3_000)
            #expect(group.entries.last?.key == "k2999")
            // The same document without its end tag, cut at the same place.
            let cut = directory.appendingPathComponent("\(size)-cut.xml")
            try Data(document.utf8.dropLast("</group>".utf8.count)).write(to: cut)
            let error = bindError { _ = try binder.parse(contentsOf: cut, as: Group.self) }
            #expect(error?.code == .malformedXML)
        }
        // A document smaller than one piece.
        let small = directory.appendingPathComponent("small.xml")
        try Data("<group><entry key='only'/></group>".utf8).write(to: small)
        #expect(try binder.parse(contentsOf: small, as: Group.self).entries.map(\.key) == ["only"])
    }
}
