import Foundation
import Testing

@testable import XMLBind

/// How a document in memory is cut (issue 35): a large one into pieces of about
/// ``PiecePlan/maximumPieceSize`` whatever the thread count, and each cut's line and column
/// as one count over the whole document gives them, in whatever order they are asked for.
@Suite("Parallel binding: the plan of the pieces")
struct PiecePlanTests {
    /// An RSS document of `count` items, each on four lines, one of them ended by CR LF.
    static func document(items count: Int) -> Data {
        var text = "<?xml version=\"1.0\"?>\n<rss version=\"2.0\">\n<channel>\n<title>t</title>\n"
        for index in 0..<count {
            text += "<item>\n  <title>item \(index) é</title>\r\n  <link>https://example.org/\(index)</link>\n</item>\n"
        }
        text += "</channel>\n</rss>\n"
        return Data(text.utf8)
    }

    static func plan(_ data: Data, threads: Int) -> PiecePlan? {
        let planned = data.withUnsafeBytes { PiecePlan.make($0, parallelism: .threads(threads), isString: false) }
        guard case .ready(let plan) = planned else { return nil }
        return plan
    }

    @Test func aLargeDocumentIsCutIntoPiecesOfAboutOneMebibyte() throws {
        // About 10 MB: one thread asks for 4 pieces (of 2.5 MB); more than 4 MiB makes more,
        // none much over 1 MiB.
        let data = Self.document(items: 120_000)
        let plan = try #require(Self.plan(data, threads: 1))
        let length = plan.cuts[plan.pieceCount] - plan.cuts[0]
        #expect(length > 8 * PiecePlan.maximumPieceSize)
        #expect(plan.pieceCount >= length / PiecePlan.maximumPieceSize)
        for index in 0..<plan.pieceCount {
            #expect(plan.cuts[index + 1] - plan.cuts[index] < PiecePlan.maximumPieceSize * 5 / 4)
        }
    }

    @Test func aSmallerDocumentHasItsPiecesPerThread() throws {
        let data = Self.document(items: 8_000)
        let plan = try #require(Self.plan(data, threads: 2))
        #expect(plan.pieceCount == 8)
    }

    @Test func positionsAreThoseOfOneCountInAnyOrder() throws {
        let data = Self.document(items: 60_000)
        let plan = try #require(Self.plan(data, threads: 2))
        let expected = data.withUnsafeBytes { bytes in
            var counter = LineCounter(bytes, start: 0)
            return plan.cuts.map { counter.position(of: $0) }
        }
        // The last first, then the rest backwards: each is counted once, up to the one asked.
        for index in plan.cuts.indices.reversed() {
            let position = plan.positions.position(of: index, in: data)
            #expect(position == expected[index], "cut \(index)")
        }
        #expect(expected.count > 2)
        #expect(expected[1].line > expected[0].line)
    }
}
