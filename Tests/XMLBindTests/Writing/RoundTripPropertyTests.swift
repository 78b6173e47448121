import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Random graphs of test types, written with random options and read back: the same graph
/// every time. The generator is seeded, so a failure names a seed that reproduces it.
@Suite("Round trips: random graphs")
struct RoundTripPropertyTests {
    /// SplitMix64: small, fast, and the same sequence on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Kind: String, CaseIterable {
        case alpha, beta, gamma
    }

    final class Node: Bindable {
        var id = 0
        var name: String?
        var score = 0.0
        var flag = false
        var kind: Kind?
        var tags: [Int] = []
        var note = ""
        var script: String?
        var stamp: Date?
        var blob: Data?
        var rank: Int16?
        var label: String?
        var children: [Node] = []
        var leaf: Leaf?
    }
    struct Leaf: Bindable {
        var weight: Float = 0
        var comment: String?
        init() {}
    }

    static let binder = XMLBinder(prefixes: ["g": "urn:graph"]).registeredAtSetup(
        mapping(Node.self, element: "g:node")
            .attribute(\.id).property(\.name).property(\.score).attribute(\.flag).property(\.kind).attribute(\.tags)
            .element(\.script).writtenAsCDATA().element(\.stamp).property(\.blob).property(\.rank, xml: "meta/rank")
            .attribute(\.label, xml: "meta/@label").children(\.children).child(\.leaf).text(\.note),
        mapping(Leaf.self, element: "leaf").attribute(\.weight).element(\.comment))

    static func describe(_ node: Node) -> String {
        let fields: [String] = [
            "\(node.id)", node.name ?? "-", "\(node.score.bitPattern)", "\(node.flag)", node.kind?.rawValue ?? "-",
            "\(node.tags)", node.note, node.script ?? "-", node.stamp.map { "\($0.timeIntervalSince1970)" } ?? "-",
            node.blob?.base64EncodedString() ?? "-", node.rank.map { "\($0)" } ?? "-", node.label ?? "-",
            node.leaf.map { "leaf(\($0.weight.bitPattern),\($0.comment ?? "-"))" } ?? "-",
        ]
        return "node(" + fields.joined(separator: "|") + ")[" + node.children.map(describe).joined(separator: ",") + "]"
    }

    // MARK: Generating

    /// Text with everything XML makes hard: markup characters, quotes, whitespace of each
    /// kind, `]]>`, non-ASCII; never a character XML 1.0 cannot hold.
    static func text(_ random: inout SeededGenerator) -> String {
        let pieces = [
            "a", "Z", " ", "  ", "&", "<", ">", "\"", "'", "\n", "\t", "\r", "\r\n", "]]>", "]", "é", "漢", "🎉", "&amp;",
            "x y",
        ]
        let count = Int.random(in: 0...8, using: &random)
        return (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func maybe<T>(_ random: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    static func double(_ random: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            return [0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude].randomElement(
                using: &random)!
        case 1: return Double(Int.random(in: -1000...1000, using: &random)) / 10
        default:
            let value = Double(bitPattern: random.next())
            return value.isFinite ? value : 1.5
        }
    }

    static func node(_ random: inout SeededGenerator, depth: Int) -> Node {
        let node = Node()
        node.id = Int.random(in: -1_000_000...1_000_000, using: &random)
        node.name = maybe(&random, text)
        node.score = double(&random)
        node.flag = Bool.random(using: &random)
        node.kind = maybe(&random) { Kind.allCases.randomElement(using: &$0)! }
        node.tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in Int.random(in: -99...99, using: &random) }
        node.note = text(&random)
        node.script = maybe(&random, text)
        node.stamp = maybe(&random) {
            Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &$0)))
        }
        node.blob = maybe(&random) { random in
            Data((0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        node.rank = maybe(&random) { Int16.random(in: .min ... .max, using: &$0) }
        node.label = maybe(&random, text)
        node.leaf = maybe(&random) { random in
            var leaf = Leaf()
            leaf.weight = Float(Int.random(in: -500...500, using: &random)) / 8
            leaf.comment = maybe(&random, text)
            return leaf
        }
        if depth < 3 {
            node.children = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.node(&random, depth: depth + 1)
            }
        }
        return node
    }

    static func options(_ random: inout SeededGenerator) -> WritingOptions {
        WritingOptions(
            layout: Bool.random(using: &random)
                ? .compact : .pretty(indent: ["", " ", "\t"].randomElement(using: &random)!),
            includesDeclaration: Bool.random(using: &random),
            omitsDefaultValues: Bool.random(using: &random),
            preferredPrefixes: Bool.random(using: &random)
                ? ["urn:graph": ["", "n", "g"].randomElement(using: &random)!] : [:],
            propertyForm: Bool.random(using: &random) ? .attribute : .element)
    }

    @Test(arguments: 0..<4)
    func randomGraphsRoundTrip(_ batch: Int) throws {
        for seed in UInt64(batch * 50)..<UInt64(batch * 50 + 50) {
            var random = SeededGenerator(state: seed)
            let graph = Self.node(&random, depth: 0)
            let options = Self.options(&random)
            let written = try Self.binder.xmlData(from: graph, options: options)
            let back = try Self.binder.parse(written, as: Node.self)
            #expect(Self.describe(back) == Self.describe(graph), "seed \(seed)")
            #expect(try Self.binder.xmlData(from: back, options: options) == written, "seed \(seed)")
        }
    }
}
