import Foundation
import Testing

@testable import XMLBind

/// The child-name cache compares a remembered name of up to 15 bytes as two words loaded
/// from the child's name (`ChildNameCache.ShortName`), and longer ones with `strncmp`: both
/// must answer exactly for the name remembered, whatever its length, and never for a name
/// that is a prefix or an extension of it, nor read into an unmapped page.
@Suite struct ChildNameCacheShortNameTests {
    struct Case: CustomTestStringConvertible {
        let length: Int
        var testDescription: String { "a name of \(length) bytes" }
    }

    /// Lengths around the word boundaries (8 and 16 bytes with the NUL) and past the short ones.
    static let cases = [1, 2, 6, 7, 8, 9, 14, 15, 16, 17, 31, ChildNameCache.longestName].map(Case.init)

    private static func name(_ length: Int, last: Character = "z") -> String {
        String((0..<length).map { index in index == length - 1 ? last : Character(UnicodeScalar(97 + index % 25)!) })
    }

    private static func answer(_ child: Int) -> ChildNameCache.Answer {
        .init(kind: .property, namespace: -1, child: child)
    }

    /// `name`'s answer by its place, from a cache that remembered `remembered` at place 0.
    private static func lookUp(_ name: String, rememberedAs remembered: String) -> Int? {
        var cache = ChildNameCache(bindingCount: 1)
        defer { cache.deallocate() }
        remembered.withCString { cache.remember($0, length: strlen($0), as: answer(7), under: 0, ordinal: 0) }
        return name.withCString { cache.lookupByPlace($0, under: 0, ordinal: 0)?.child }
    }

    @Test(arguments: cases)
    func theRememberedNameIsFoundAndNoOther(_ item: Case) {
        let name = Self.name(item.length)
        #expect(Self.lookUp(name, rememberedAs: name) == 7)
        // The same length, one byte different: the first, the last.
        #expect(Self.lookUp("Q" + name.dropFirst(), rememberedAs: name) == nil)
        #expect(Self.lookUp(Self.name(item.length, last: "Q"), rememberedAs: name) == nil)
        // A prefix (the NUL compared where the remembered name has a byte) and an extension
        // (a byte where the remembered name has its NUL).
        if item.length > 1 { #expect(Self.lookUp(String(name.dropLast()), rememberedAs: name) == nil) }
        #expect(Self.lookUp(name + "z", rememberedAs: name) == nil)
        #expect(Self.lookUp(name, rememberedAs: name + "z") == nil)
    }

    @Test func aCacheThatRemembersNothingAnswersNothing() {
        let cache = ChildNameCache(bindingCount: 2)
        defer { cache.deallocate() }
        for length in [1, 7, 8, 15, 16, 40] {
            Self.name(length).withCString { name in
                for ordinal in 0..<ChildNameCache.places {
                    #expect(cache.lookup(name, under: 1, ordinal: ordinal) == nil)
                }
            }
        }
    }

    /// A place that held a guess takes over the name its entry found, words and all.
    @Test func aGuessedPlaceTakesOverTheShortNameItsEntryFound() {
        var cache = ChildNameCache(bindingCount: 1)
        defer { cache.deallocate() }
        "title".withCString { cache.remember($0, length: 5, as: Self.answer(1), under: 0, ordinal: 0) }
        "link".withCString { cache.remember($0, length: 4, as: Self.answer(2), under: 0, ordinal: 1) }
        // The later places were empty when `title` was remembered: they guess `title`.
        "title".withCString { #expect(cache.lookupByPlace($0, under: 0, ordinal: 5)?.child == 1) }
        "link".withCString { name in
            #expect(cache.lookupByPlace(name, under: 0, ordinal: 5) == nil)
            #expect(cache.lookup(name, under: 0, ordinal: 5)?.child == 2)
            #expect(cache.lookupByPlace(name, under: 0, ordinal: 5)?.child == 2)
        }
        "title".withCString { #expect(cache.lookupByPlace($0, under: 0, ordinal: 5) == nil) }
        // A long name's guess and takeover copy its bytes, not a short name's words.
        let long = "urn:a-long-namespace|title"
        long.withCString { cache.remember($0, length: strlen($0), as: Self.answer(4), under: 0, ordinal: 6) }
        long.withCString { name in
            #expect(cache.lookupByPlace(name, under: 0, ordinal: 7) == nil)
            #expect(cache.lookup(name, under: 0, ordinal: 7)?.child == 4)
            #expect(cache.lookupByPlace(name, under: 0, ordinal: 7)?.child == 4)
        }
    }

    /// Names that end at the last byte of a page followed by an unmapped one: at every start
    /// within 16 bytes of the page's end the compare falls back to `strncmp`, which stops at
    /// the NUL, and a name starting earlier loads its words within the page. A read past the
    /// page would crash the test.
    @Test(arguments: [1, 5, 7, 8, 15, 16, 17])
    func namesAtThePageEndAreComparedWithoutReadingPastIt(_ length: Int) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapped == MAP_FAILED ? nil : mapped)
        defer { munmap(base, 2 * page) }
        try #require(mprotect(base + page, page, PROT_NONE) == 0)
        let name = Self.name(length)
        var cache = ChildNameCache(bindingCount: 1)
        defer { cache.deallocate() }
        name.withCString { cache.remember($0, length: length, as: Self.answer(3), under: 0, ordinal: 0) }
        // Names ending at every byte of the page's last 40, the last ending at its last byte.
        for end in (page - 40)..<page where end - length >= 0 {
            let start = (base + end - length).assumingMemoryBound(to: CChar.self)
            name.withCString { start.update(from: $0, count: length + 1) }
            #expect(cache.lookupByPlace(start, under: 0, ordinal: 0)?.child == 3, "ending at \(end)")
            // One byte different (the last): not the name.
            start[length - 1] = CChar(UInt8(ascii: "Q"))
            #expect(cache.lookupByPlace(start, under: 0, ordinal: 0) == nil, "ending at \(end)")
        }
    }
}
