import Testing

@testable import XMLBind

/// `ShortASCIIString` writes the standard library's inline string form itself; the
/// strings it makes must be indistinguishable from the standard library's own. In SafeMode
/// it makes them with `String(decoding:as:)`, and the same contract is checked.
@Suite struct ShortASCIIStringTests {
    private func make(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer(ShortASCIIString.make)
    }

    @Test func isAvailableOnThisPlatform() {
        // Every platform we build on is 64-bit little-endian with the inline form.
        #expect(ShortASCIIString.isAvailable)
    }

    @Test(arguments: [
        "", "a", "id", "bean0", "true", "8080", "singleton", "12345678", "123456789",
        "0123456789abcde", "a b\tc\nd", "<&>\"'", "\u{7F}\u{01}",
    ])
    func madeStringsBehaveLikeTheStandardLibrarys(_ text: String) throws {
        let made = try #require(make(text))
        #expect(made == text)
        #expect(made.utf8.count == text.utf8.count)
        #expect(made.count == text.count)
        #expect(Array(made.unicodeScalars) == Array(text.unicodeScalars))
        #expect(made.hashValue == text.hashValue)
        #expect(Set([made, text]).count == 1)
        #expect(made + "!" == text + "!")
        #expect(made.uppercased() == text.uppercased())
        #expect(made.hasPrefix(String(text.prefix(2))))
        // Bit for bit the value the standard library makes from the same bytes.
        let decoded = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(decoded, to: (UInt64, UInt64).self))
    }

    @Test func everyLengthIsBitForBitTheStandardLibrarys() throws {
        // Each length reads its bytes differently (byte by byte, two half words, one
        // or two words); every byte distinct, so a misplaced byte shows.
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        for count in 0...ShortASCIIString.capacity {
            for offset in 0..<3 {
                let bytes = Array(alphabet[offset..<(offset + count)])
                let made = try #require(bytes.withUnsafeBufferPointer(ShortASCIIString.make))
                let decoded = String(decoding: bytes, as: UTF8.self)
                #expect(made == decoded)
                #expect(
                    unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(decoded, to: (UInt64, UInt64).self),
                    "length \(count)")
            }
        }
    }

    @Test func aNonASCIIByteAnywhereIsLeftToTheStandardLibrary() {
        for count in 1...ShortASCIIString.capacity {
            for position in 0..<count {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: count)
                bytes[position] = 0xC3
                if position + 1 < count { bytes[position + 1] = 0xA9 }
                #expect(bytes.withUnsafeBufferPointer(ShortASCIIString.make) == nil, "length \(count) at \(position)")
            }
        }
    }

    @Test(arguments: ["0123456789abcdef", "a much longer value than fits inline", "caf\u{E9}", "\u{65E5}", "x\u{80}"])
    func longOrNonASCIITextIsLeftToTheStandardLibrary(_ text: String) {
        #expect(make(text) == nil)
    }

    // `ownsNothing` serves the direct `String` field writes, which SafeMode does not compile
    // (see UncheckedLayerTests for what SafeMode checks instead).
    #if !SafeMode
        @Test func ownsNothingTellsValuesThatNeedNoRelease() {
            func ownsNothing(_ value: String?) -> Bool {
                withUnsafeBytes(of: value) { ShortASCIIString.ownsNothing($0.baseAddress) }
            }
            #expect(ownsNothing(nil))
            #expect(ownsNothing(""))
            #expect(ownsNothing("bean0"))
            #expect(ownsNothing("a literal longer than fifteen bytes"))
            #expect(!ownsNothing(String(repeating: "heap", count: 10)))
            #expect(!ownsNothing("caf\u{E9} " + String(repeating: "x", count: 20)))
        }
    #endif

    @Test func fieldsWhoseDefaultOwnsStorageAreReplacedProperly() throws {
        final class Defaults: Bindable {
            var heap: String? = String(repeating: "default", count: 5)
            var plain: String = String(repeating: "plain", count: 5)
            var literal: String? = "a literal longer than fifteen bytes"
            init() {}
        }
        let binder = XMLBinder().register(
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

    @Test func shortValuesBindThroughTheCacheUnchanged() {
        var cache = StringCache()
        cache.prepare(propertyCount: 1)
        defer { cache.release() }
        for text in ["", "x", "bean17", "0123456789abcde", "0123456789abcdef", "caf\u{E9}"] {
            var copy = text
            let made = copy.withUTF8 { cache.string($0, property: 0) }
            #expect(made == text)
            #expect(made.utf8.count == text.utf8.count)
        }
    }
}
