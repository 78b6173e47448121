import Foundation
import Testing

@testable import XMLBind

/// The window of recent input: whatever is kept is located exactly as in the whole input.
@Suite("Streaming: the window of recent input")
struct StreamWindowTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let text: String
        let capacity: Int
        let piece: Int
        var description: String { "\(name), window \(capacity), pieces of \(piece)" }
    }

    static let lines = (1...40).map { "line \($0) caf\u{E9} \u{4E2D}" }

    static let cases: [Case] = [
        Case(name: "LF", text: lines.joined(separator: "\n"), capacity: 64, piece: 7),
        Case(name: "CR LF", text: lines.joined(separator: "\r\n"), capacity: 64, piece: 1),
        Case(name: "CR", text: lines.joined(separator: "\r"), capacity: 50, piece: 13),
        Case(
            name: "mixed", text: lines.enumerated().map { $1 + ["\n", "\r\n", "\r"][$0 % 3] }.joined(), capacity: 40,
            piece: 5),
        Case(name: "one long line", text: String(repeating: "ab\u{E9}c ", count: 200), capacity: 32, piece: 9),
        Case(
            name: "BOM then long line", text: "\u{FEFF}" + String(repeating: "xyz ", count: 100), capacity: 16, piece: 3
        ),
    ]

    @Test(arguments: cases)
    func keptOffsetsAreLocatedAsInTheWholeInput(_ test: Case) {
        let bytes = Array(test.text.utf8)
        var recent = RecentInput(capacity: test.capacity)
        var offset = 0
        var trimmed = false
        while offset < bytes.count {
            let end = min(offset + test.piece, bytes.count)
            bytes[offset..<end].withUnsafeBytes { recent.append($0) }
            offset = end
            trimmed = trimmed || recent.needsTrim
            recent.trim()
            let whole = SourceLocator(source: .bytes(Data(bytes[..<end])), encoding: .utf8)
            let kept = SourceLocator(source: .recent(recent), encoding: .utf8)
            let offsets = Array(recent.start..<end)
            let expected = whole.locate(offsets)
            let found = kept.locate(offsets)
            for target in offsets {
                #expect(found[target]?.line == expected[target]?.line, "line at \(target)")
                #expect(found[target]?.column == expected[target]?.column, "column at \(target)")
            }
            #expect(kept.locate(recent.start - 1)?.line == nil || recent.start == 0)
        }
        #expect(trimmed)
        #expect(recent.bytes.count <= 2 * test.capacity + test.piece)
    }

    @Test func aLineThatBeganBeforeTheWindowIsShownFromWhereItIsKept() {
        let text = String(repeating: "0123456789", count: 20) + "<here/>"
        var recent = RecentInput(capacity: 40)
        Array(text.utf8).withUnsafeBytes { recent.append($0) }
        recent.trim()
        let caret = text.utf8.count - 7
        let location = SourceLocator(source: .recent(recent), encoding: .utf8).locate(caret)
        #expect(location?.line == 1)
        #expect(location?.column == 201)
        #expect(location?.lineText == "…" + String(repeating: "0123456789", count: 4).dropFirst(7) + "<here/>")
        #expect(location?.caretColumn == 35)
    }
}
