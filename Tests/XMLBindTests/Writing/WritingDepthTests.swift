import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Whatever depth the binder reads, the writer writes on a 256 KiB stack: both its walks
/// keep their own stacks.
@Suite struct WritingDepthTests {
    final class Node: Bindable, XMLAttributeContainer {
        var label: String?
        var children: [Node] = []
        var link: Link?
        var kept: [XMLAttribute] = []
        init() {}
        func addAttribute(_ attribute: XMLAttribute) { kept.append(attribute) }
        func addAttribute(_ name: String, value: String) {}
        var keptAttributesToWrite: [XMLAttribute] { kept }
    }

    /// A link in the chain whose child comes from ``ChildrenProvider`` (an `[Any]`).
    final class Link: Bindable, Ancestor, ChildrenProvider {
        var next: Node?
        init() {}
        func addChild(_ child: Any) { next = child as? Node }
        var childrenToWrite: [Any] { next.map { [$0] } ?? [] }
    }

    /// A graph handed to the small-stack thread, which only reads it.
    final class Held: @unchecked Sendable {
        let node: Node
        init(_ node: Node) { self.node = node }
    }

    static func binder(depth: Int) -> XMLBinder {
        var limits = ParseLimits()
        limits.maximumDepth = depth
        return XMLBinder(options: ParseOptions(limits: limits)).registeredAtSetup(
            mapping(Node.self, element: "n").attribute(\.label).children(\.children).child(\.link),
            mapping(Link.self, element: "l"))
    }

    /// A chain `depth` elements deep: a node's next node in its array, or in a link (a
    /// single child slot) that holds it through a provider.
    static func chain(_ depth: Int) -> Node {
        let root = Node()
        var current = root
        var level = 1
        while level < depth {
            let next = Node()
            next.label = "level \(level)"
            if level % 3 == 1, level + 1 < depth {
                let link = Link()
                link.next = next
                current.link = link
                level += 2
            } else {
                current.children = [next]
                level += 1
            }
            current = next
        }
        return root
    }

    /// How many elements deep a graph read back is.
    static func depth(of root: Node) -> Int {
        var node: Node? = root
        var levels = 0
        while let current = node {
            levels += 1
            if let link = current.link {
                levels += 1
                node = link.next
            } else {
                node = current.children.first
            }
        }
        return levels
    }

    @Test(arguments: [254, 256, 5_000])
    func aDeepGraphIsWrittenOnA256KiBStack(_ depth: Int) throws {
        let binder = Self.binder(depth: max(256, depth))
        // Made and freed here: releasing a chain this deep recurses in the runtime, which
        // is the model's cost, not the writer's.
        let graph = Held(Self.chain(depth))
        let written = onStack(of: 256 << 10) { () -> String? in
            try? binder.xml(from: graph.node, options: WritingOptions(layout: .compact))
        }
        let text = try #require(written)
        #expect(text.components(separatedBy: "<").count - 1 == 2 * depth)
        // And the binder reads it back, as deep as it was.
        #expect(Self.depth(of: try binder.parse(text, as: Node.self)) == depth)
    }

    /// The deepest document the default limits accept is parsed, written and parsed
    /// again on a 256 KiB stack, pretty-printed (one indentation per level).
    @Test func theDeepestDefaultDocumentRoundTripsOnASmallStack() throws {
        let depth = ParseLimits().maximumDepth
        let document = String(repeating: #"<n label="x">"#, count: depth) + String(repeating: "</n>", count: depth)
        let result = onStack(of: 256 << 10) { () -> String in
            let binder = XMLBinder().registeredAtSetup(
                mapping(Node.self, element: "n").attribute(\.label).children(\.children))
            do {
                let graph = try binder.parse(document, as: Node.self)
                let text = try binder.xml(from: graph)
                let again = try binder.parse(text, as: Node.self)
                return try binder.xml(
                    from: again, options: WritingOptions(layout: .compact, includesDeclaration: false))
            } catch {
                return "\(error)"
            }
        }
        // The innermost element, empty, is written as `<n label="x"/>`.
        let expected =
            String(repeating: #"<n label="x">"#, count: depth - 1) + #"<n label="x"/>"#
            + String(repeating: "</n>", count: depth - 1)
        #expect(result == expected)
    }

    @Test func writingToAHandleOnASmallStack() throws {
        let url = try temporaryDirectory().appendingPathComponent("deep.xml")
        let binder = Self.binder(depth: 3_000)
        let graph = Held(Self.chain(3_000))
        let failure = onStack(of: 256 << 10) { () -> String? in
            do {
                try binder.write(graph.node, to: url)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failure == nil)
        #expect(Self.depth(of: try binder.parse(contentsOf: url, as: Node.self)) == 3_000)
    }

    /// The namespace plan keeps one note per distinct namespace, however many elements
    /// carry it: what it holds does not grow with the document.
    @Test func theNamespacePlanDoesNotGrowWithTheDocument() throws {
        let root = Node()
        root.children = (0..<2_000).map { index in
            let child = Node()
            child.kept = [
                XMLAttribute(name: "a:x", namespace: "urn:a", value: "\(index)"),
                XMLAttribute(name: "b:y", namespace: "urn:b", value: "\(index)"),
            ]
            return child
        }
        let binder = Self.binder(depth: 256)
        var serializer = Serializer(
            registry: binder.registry, options: WritingOptions(), prefixes: [:], writer: XMLWriter())
        try serializer.writeDocument(root)
        #expect(serializer.plan.noteCount == 2)
        #expect(serializer.plan.declarations.map(\.uri) == ["urn:a", "urn:b"])
    }
}
