import Testing

@testable import XMLBind

/// `ASCIIString` decides whether text is ASCII with wide overlapping loads before it makes a
/// `String` without the standard library's check. Every length reads the bytes differently
/// (bytes, half words, words, one or more 16-byte loads and rounds of 64), so each length
/// and each position of a non-ASCII byte is checked against the standard library, with
/// non-ASCII bytes on both sides of the run that a read past its ends would see.
@Suite struct ASCIIStringTests {
    /// `length` bytes of ASCII text inside a larger buffer of 0xFF bytes, with the byte at
    /// `marked` (if any) replaced by `mark`; `body` sees only the run.
    private func withRun<Result>(
        length: Int, marked: Int? = nil, mark: UInt8 = 0xC3, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var storage = [UInt8](repeating: 0xFF, count: length + 64)
        for index in 0..<length { storage[32 + index] = UInt8(ascii: "a") + UInt8(index % 26) }
        if let marked { storage[32 + marked] = mark }
        return storage.withUnsafeBufferPointer { whole in
            body(UnsafeBufferPointer(rebasing: whole[32..<(32 + length)]))
        }
    }

    @Test func asciiRunsOfEveryLengthMakeTheStandardLibrarysString() {
        for length in 0...200 {
            let made = withRun(length: length) { ASCIIString.make($0) }
            let expected = withRun(length: length) { String(decoding: $0, as: UTF8.self) }
            #expect(made == expected, "length \(length)")
            #expect(made.utf8.count == length)
            #if !SafeMode
                #expect(withRun(length: length) { ASCIIString.isASCII($0) }, "length \(length)")
            #endif
        }
    }

    @Test func aNonASCIIByteAnywhereIsFound() {
        for length in 1...150 {
            for marked in 0..<length {
                #if !SafeMode
                    #expect(
                        !withRun(length: length, marked: marked, mark: 0x80) { ASCIIString.isASCII($0) },
                        "length \(length), byte \(marked)")
                #endif
                // A lone lead byte is not UTF-8: the standard way repairs it, as it always did.
                let made = withRun(length: length, marked: marked) { ASCIIString.make($0) }
                let expected = withRun(length: length, marked: marked) { String(decoding: $0, as: UTF8.self) }
                #expect(made == expected, "length \(length), byte \(marked)")
            }
        }
    }

    @Test func multibyteTextIsKeptExactly() {
        for prefix in [0, 5, 15, 16, 17, 63, 64, 65, 130] {
            let text = String(repeating: "x", count: prefix) + "é, ü and 中文" + String(repeating: "y", count: prefix)
            let made = Array(text.utf8).withUnsafeBufferPointer { ASCIIString.make($0) }
            #expect(made == text)
            #expect(Array(made.utf8) == Array(text.utf8))
        }
    }
}
