import Testing

@testable import XMLBind

/// String and optional-string properties get exactly the text of the document, whatever its
/// length (inline, up to 15 bytes; allocated beyond), its characters (ASCII or not) and
/// however often it repeats (repeats may share one `String` through the parse's cache).
@Suite("Values: strings bound exactly")
struct StringValueTests {
    final class Entry: Bindable {
        var name: String?
        var plain = ""
        var text = ""
        init() {}
    }

    final class List: Bindable {
        var entries: [Entry] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(List.self, element: "list").children(\.entries),
        mapping(Entry.self, element: "entry").attribute(\.name).attribute(\.plain).text(\.text))

    /// `count` characters cycling through the alphabet, with `insert` put in at `position`.
    static func text(count: Int, insert: String = "", at position: Int = 0) -> String {
        let letters = (0..<count).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) }
        var value = String(letters)
        let index = value.index(value.startIndex, offsetBy: min(position, count))
        value.insert(contentsOf: insert, at: index)
        return value
    }

    static func document(_ values: [String]) -> String {
        "<list>" + values.map { "<entry name='\($0)' plain='\($0)'>\($0)</entry>" }.joined() + "</list>"
    }

    static func bound(_ values: [String]) throws -> [Entry] {
        try binder.parse(document(values), as: List.self).entries
    }

    @Test func everyLengthBindsExactly() throws {
        let values = (0...200).map { Self.text(count: $0) }
        let entries = try Self.bound(values)
        #expect(entries.count == values.count)
        for (entry, value) in zip(entries, values) {
            #expect(entry.name == value)
            #expect(entry.plain == value)
            #expect(entry.text == value)
            #expect(Array(entry.plain.utf8) == Array(value.utf8))
        }
    }

    @Test(arguments: ["\u{E9}", "\u{FC} and \u{4E2D}\u{6587}", "\u{1F600}", "\u{80}"])
    func multibyteCharactersAnywhereBindExactly(_ insert: String) throws {
        var values: [String] = []
        for count in [0, 1, 7, 14, 15, 16, 17, 63, 64, 65, 130] {
            for position in Set([0, count / 2, count]) {
                values.append(Self.text(count: count, insert: insert, at: position))
            }
        }
        let entries = try Self.bound(values)
        #expect(entries.map(\.plain) == values)
        #expect(entries.map(\.name) == values)
        #expect(entries.map { Array($0.text.utf8) } == values.map { Array($0.utf8) })
    }

    @Test func repeatedValuesBindAsEqualIndependentStrings() throws {
        // Enough repeats of a few values, short and long, for the cache to share them.
        let pool = ["bean", "com.example.service.DataSourceFactory", "a value of exactly 32 bytes long", "x"]
        let values = (0..<600).map { pool[$0 % pool.count] + ($0 % 5 == 0 ? "\($0)" : "") }
        let entries = try Self.bound(values)
        #expect(entries.map(\.plain) == values)
        #expect(entries.map(\.name) == values)
        #expect(entries.map(\.text) == values)
        // A value changed in one object is changed there only.
        entries[1].plain += " changed"
        #expect(entries[1].plain == values[1] + " changed")
        #expect(entries[5].plain == values[5])
        #expect(entries[9].plain == values[9])
    }

    @Test func parsesOneAfterAnotherAgree() throws {
        let values = (0..<100).map { Self.text(count: $0 % 70) }
        let first = try Self.bound(values).map(\.plain)
        let second = try Self.bound(values).map(\.plain)
        #expect(first == values)
        #expect(second == values)
    }

    @Test func fieldsWhoseDefaultOwnsStorageAreReplacedProperly() throws {
        final class Defaults: Bindable {
            var heap: String? = String(repeating: "default", count: 5)
            var plain: String = String(repeating: "plain", count: 5)
            var literal: String? = "a literal longer than fifteen bytes"
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Defaults.self, element: "d").attribute(\.heap).attribute(\.plain).attribute(\.literal))
        for _ in 0..<3 {
            let value = try binder.parse(
                "<d heap='h' plain='a value longer than fifteen bytes' literal='l'/>", as: Defaults.self)
            #expect(value.heap == "h")
            #expect(value.plain == "a value longer than fifteen bytes")
            #expect(value.literal == "l")
        }
        let untouched = try binder.parse("<d/>", as: Defaults.self)
        #expect(untouched.heap == String(repeating: "default", count: 5))
    }

    @Test func theCacheReturnsTheBytesItIsGiven() {
        var cache = StringCache()
        cache.prepare(propertyCount: 2)
        defer { cache.release() }
        let texts = ["", "x", "bean17", "0123456789abcde", "0123456789abcdef", "caf\u{E9}", Self.text(count: 64)]
        for round in 0..<200 {
            var copy = texts[round % texts.count]
            let made = copy.withUTF8 { cache.string($0, property: round % 2) }
            #expect(made == texts[round % texts.count])
        }
    }

    @Test func madeStringsMatchTheStandardLibrarysAtEveryShortLength() {
        for count in 0...20 {
            let ascii = Array(Self.text(count: count).utf8)
            #expect(ascii.withUnsafeBufferPointer(StringCache.make) == String(decoding: ascii, as: UTF8.self))
            // A two-byte character at every place, and a lone lead byte (repaired, as always).
            for position in 0..<max(count - 1, 0) {
                var bytes = ascii
                bytes[position] = 0xC3
                bytes[position + 1] = 0xA9
                let made = bytes.withUnsafeBufferPointer(StringCache.make)
                #expect(made == String(decoding: bytes, as: UTF8.self), "length \(count) at \(position)")
                #expect(Array(made.utf8) == bytes)
                bytes[position + 1] = UInt8(ascii: "x")
                let repaired = bytes.withUnsafeBufferPointer(StringCache.make)
                #expect(repaired == String(decoding: bytes, as: UTF8.self), "length \(count) at \(position)")
            }
        }
    }

    @Test func repeatedShortValuesComeBackExactly() {
        // Short values that differ in one byte only, at every length and place, repeated: each
        // comes back exactly, however the cache treats short values.
        var texts: [String] = []
        for count in 1...15 {
            let base = Self.text(count: count)
            texts.append(base)
            for position in 0..<count {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "Z")
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        var cache = StringCache()
        cache.prepare(propertyCount: 1)
        defer { cache.release() }
        for round in 0..<(texts.count * 6) {
            let text = texts[(round * 7) % texts.count]
            var copy = text
            let made = copy.withUTF8 { cache.string($0, property: 0) }
            #expect(made == text, "round \(round)")
        }
    }
}
