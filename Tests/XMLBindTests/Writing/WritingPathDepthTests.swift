import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Objects inside path elements (`.children(\.kids, xml: "kids/b")`) are written on the
/// writer's own stack too: a graph as deep as that path nests is written on a 256 KiB thread.
@Suite struct WritingPathDepthTests {
    final class Branch: Bindable {
        var label: String?
        var kids: [Branch] = []
        init() {}
    }

    /// A graph handed to the small-stack thread, which only reads it.
    final class Held: @unchecked Sendable {
        let branch: Branch
        init(_ branch: Branch) { self.branch = branch }
    }

    static func binder(levels: Int) -> XMLBinder {
        var limits = ParseLimits()
        limits.maximumDepth = 2 * levels
        return XMLBinder(options: ParseOptions(limits: limits)).registeredAtSetup(
            mapping(Branch.self, element: "b").attribute(\.label).children(\.kids, xml: "kids/b"))
    }

    static func chain(_ levels: Int) -> Branch {
        let root = Branch()
        root.label = "0"
        var current = root
        for level in 1..<levels {
            let next = Branch()
            next.label = "\(level)"
            current.kids = [next]
            current = next
        }
        return root
    }

    @Test(arguments: [3, 3_000])
    func aDeepGraphThroughAPathIsWrittenOnA256KiBStack(_ levels: Int) throws {
        let binder = Self.binder(levels: levels)
        let graph = Held(Self.chain(levels))
        let written = onStack(of: 256 << 10) { () -> String? in
            try? binder.xml(from: graph.branch, options: WritingOptions(layout: .compact, includesDeclaration: false))
        }
        let text = try #require(written)
        let opening = (0..<(levels - 1)).map { #"<b label="\#($0)"><kids>"# }.joined()
        let closing = String(repeating: "</kids></b>", count: levels - 1)
        #expect(text == opening + #"<b label="\#(levels - 1)"/>"# + closing)
        // Read back, the graph is as deep as it was.
        var branch: Branch? = try binder.parse(text, as: Branch.self)
        var depth = 0
        while let current = branch {
            #expect(current.label == "\(depth)")
            depth += 1
            branch = current.kids.first
        }
        #expect(depth == levels)
    }
}
