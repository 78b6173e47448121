import Foundation
import Testing

@testable import XMLBind

/// The deepest input the default limits accept, read every way on a 256 KiB thread (issue
/// 11, item 4): elements 256 deep, entities nested 8 deep, and `${…:-…}` fallbacks nested
/// 16 deep in every element's text. A path that recursed with the input would overflow
/// the stack and crash the run.
@Suite struct HostileStackTests {
    static let stackSize = 256 << 10
    static let depth = ParseLimits().maximumDepth

    /// The text every element carries: 16 nested fallbacks around an entity nested 8 deep.
    static let deepText =
        String(repeating: "${UNSET:-", count: ParseLimits().maximumSubstitutionNesting) + "&e8;"
        + String(repeating: "}", count: ParseLimits().maximumSubstitutionNesting)

    static let doctype =
        "<!DOCTYPE r [<!ENTITY e1 \"v\">"
        + (2...8).map { "<!ENTITY e\($0) \"&e\($0 - 1);\">" }.joined() + "]>\n"

    /// `depth` nested elements (`r`, then `a`), each with the deep text.
    static func document(depth: Int, extra: String = "") -> Data {
        var text = doctype + "<r>\(deepText)\(extra)"
        for _ in 1..<depth { text += "<a>\(deepText)\(extra)" }
        for _ in 1..<depth { text += "</a>" }
        text += "</r>"
        return Data(text.utf8)
    }

    /// Built for each use rather than kept in a static, which LeakSanitizer would report.
    static var deepest: Data { document(depth: depth) }

    static let substituting = XMLBinder(
        options: ParseOptions(mode: .lenient, substitution: VariableSubstitution(variables: [:]))
    ).registeredAtSetup(
        mapping(HostileNode.self, element: "r").text(\.text),
        mapping(HostileNode.self, element: "a").text(\.text))

    /// How deep a chain of nodes goes, and whether every node's text is "v".
    static func measure(_ root: HostileNode?) -> (depth: Int, allSubstituted: Bool) {
        var depth = 0
        var allSubstituted = true
        var node = root
        while let current = node {
            depth += 1
            allSubstituted = allSubstituted && current.text == "v"
            node = current.children.first
        }
        return (depth, allSubstituted)
    }

    @Test func parseOfDataAndChunks() {
        let (whole, chunked) = Hostile.onSmallStack(stackSize: Self.stackSize) {
            let deepest = Self.deepest
            let whole = Self.measure((try? Self.substituting.parse(deepest, as: Any?.self)) as? HostileNode)
            let pieces = stride(from: 0, to: deepest.count, by: 7).map {
                deepest[$0..<min($0 + 7, deepest.count)]
            }
            let chunked = Self.measure((try? Self.substituting.parse(chunks: pieces, as: Any?.self)) as? HostileNode)
            return (whole, chunked)
        }
        #expect(whole.depth == Self.depth && whole.allSubstituted)
        #expect(chunked.depth == Self.depth && chunked.allSubstituted)
    }

    @Test func streamingFromDataAndFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-stack-\(UUID()).xml")
        let document = Self.deepest
        try document.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        // The outermost node is streamed, holding the others.
        let depths = Hostile.onSmallStack(stackSize: Self.stackSize) {
            var fromData: [Int] = []
            var fromFile: [Int] = []
            _ = try? Self.substituting.stream(document, as: HostileNode.self) { node in
                if Self.measure(node).allSubstituted { fromData.append(Self.measure(node).depth) }
                return .continue
            }
            _ = try? Self.substituting.stream(contentsOf: url, as: HostileNode.self) { node in
                if Self.measure(node).allSubstituted { fromFile.append(Self.measure(node).depth) }
                return .continue
            }
            return [fromData, fromFile]
        }
        #expect(depths == [[Self.depth], [Self.depth]])
    }

    @Test func oneLevelDeeperIsRefused() {
        let code = Hostile.onSmallStack(stackSize: Self.stackSize) {
            Hostile.code(of: Self.document(depth: Self.depth + 1), binder: Self.substituting)
        }
        #expect(code == .depthLimitExceeded)
    }

    @Test func diagnosticsAtEveryLevel() {
        // Strict: an unknown element in every element, every diagnostic printed.
        let strict = XMLBinder(options: ParseOptions(substitution: VariableSubstitution(variables: [:])))
            .registeredAtSetup(
                mapping(HostileNode.self, element: "r").text(\.text),
                mapping(HostileNode.self, element: "a").text(\.text))
        let document = Self.document(depth: Self.depth, extra: "<odd/>")
        let printed = Hostile.onSmallStack(stackSize: Self.stackSize) { () -> [String] in
            do {
                _ = try strict.parse(document, as: Any?.self, file: "deep.xml")
                return []
            } catch {
                return (error as? XMLBindError)?.diagnostics.map(\.description) ?? ["\(error)"]
            }
        }
        // The maximum, and a last one saying how many more were left out.
        #expect(printed.count == ParseOptions().maximumDiagnostics + 1)
        #expect(
            printed.first?.hasPrefix("deep.xml:2:168: error: unknown element <odd> inside <r>") == true,
            "\(printed.first ?? "none")")
    }
}
