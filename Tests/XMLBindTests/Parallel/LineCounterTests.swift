import Testing

@testable import XMLBind

/// The line count that places each piece (eight bytes at a time) against a count byte by
/// byte, on text with LF, CR and CR LF at every alignment, and multi-byte characters.
@Suite("Parallel binding: line counter")
struct LineCounterTests {
    /// Lines and columns as expat counts them, byte by byte.
    static func expected(_ bytes: [UInt8], at target: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 0
        var index = 0
        while index < target {
            let byte = bytes[index]
            if byte == 0x0D {
                line += 1
                column = 0
                if index + 1 < target, bytes[index + 1] == 0x0A { index += 1 }
            } else if byte == 0x0A {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    @Test(arguments: [1, 7, 8, 9, 63, 300])
    func countsAsByteByByte(_ seed: Int) {
        // A small generator of its own, so that each seed gives the same text.
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("é".utf8), Array("abc".utf8), [0x20]]
        var bytes: [UInt8] = []
        for _ in 0..<(200 + seed * 3) { bytes += pieces[next() % pieces.count] }
        var targets = (0..<12).map { _ in next() % (bytes.count + 1) }.sorted()
        // A target right after a CR, before its LF: the pair is counted once, whichever side.
        targets = targets.filter { $0 == 0 || bytes[$0 - 1] != 0x0D || $0 == bytes.count || bytes[$0] != 0x0A }
        bytes.withUnsafeBytes { raw in
            var counter = LineCounter(raw, start: 0)
            for target in targets {
                let found = counter.position(of: target)
                let wanted = Self.expected(bytes, at: target)
                #expect(found == wanted, "at \(target) of \(bytes.count)")
            }
        }
    }

    @Test func matchesCountsEachByteOfAWord() {
        for mask in [0, 1, 0x80, 0xFF, 0x5A, 0x81, 0x3C] {
            var word: UInt64 = 0
            for index in 0..<8 {
                let isMatch = (mask >> index) & 1 == 1
                let byte: UInt64 = isMatch ? 0x0A : UInt64(0x0B + index)
                word |= byte << UInt64(8 * index)
            }
            #expect(LineCounter.matches(0x0A, in: word) == mask.nonzeroBitCount)
        }
        // Bytes next to a match that would borrow in a plain subtraction trick.
        #expect(LineCounter.matches(0x0A, in: 0x0A0B_0A09_0A0A_010A) == 5)
        #expect(LineCounter.matches(0x0D, in: 0x8D0D_0D8D_FF00_0D0C) == 3)
    }
}
