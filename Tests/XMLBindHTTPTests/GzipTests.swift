import Foundation
import Testing

@testable import XMLBindHTTP

@Suite("Gzip")
struct GzipTests {
    @Test func roundTripKeepsEveryByte() throws {
        let text = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.prefix(2) == Data([0x1f, 0x8b]))
        #expect(try Gzip.decompress(compressed, limit: 10_000) == text)
    }

    @Test func emptyBodyRoundTrips() throws {
        let compressed = try #require(Gzip.compress(Data()))
        #expect(try Gzip.decompress(compressed, limit: 10) == Data())
    }

    @Test func refusesOutputOverTheLimit() throws {
        let compressed = try #require(Gzip.compress(Data(repeating: 0x41, count: 100_000)))
        #expect(throws: Gzip.Failure.tooLarge) { try Gzip.decompress(compressed, limit: 99_999) }
    }

    @Test func refusesGarbageAndTruncatedStreams() throws {
        #expect(throws: Gzip.Failure.malformed) { try Gzip.decompress(Data("not gzip".utf8), limit: 100) }
        let compressed = try #require(Gzip.compress(Data(repeating: 0x42, count: 1000)))
        #expect(throws: Gzip.Failure.malformed) {
            try Gzip.decompress(compressed.prefix(compressed.count - 6), limit: 2000)
        }
    }

    @Test(arguments: [
        ("gzip", true), ("deflate, gzip;q=1.0", true), ("gzip;q=0", false), ("identity", false), ("*", true),
        ("br, deflate", false),
    ])
    func acceptEncoding(header: String, accepted: Bool) {
        #expect(Gzip.isAccepted(by: header) == accepted)
    }
}
