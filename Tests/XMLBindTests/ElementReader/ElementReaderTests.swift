import Foundation
import Testing
import XMLBind

/// `ElementReader`: a mapping that reads its element's content itself, from the parser's
/// events, and hands the value it builds to its parent as an object of the mapping would be.
@Suite("ElementReader: reading an element's content yourself")
struct ElementReaderTests {
    // MARK: A reader that builds a small tree

    /// An element as the tree reader saw it.
    struct Node: Equatable, CustomStringConvertible {
        var name: String
        var namespace: String?
        var attributes: [XMLAttribute] = []
        var text = ""
        var children: [Node] = []
        var depth = 0
        var byteOffset = -1

        var description: String {
            let inner = children.map(\.description).joined()
            return "<\(name)>\(text)\(inner)</\(name)>"
        }
    }

    /// The mapped type: a whole tree, with what an object of a mapping gets.
    struct Tree: Bindable, OriginAware, ByteOffsetAware, NamespaceAware {
        var root: Node?
        var origin: Origin?
        var byteOffset = -1
        var namespace: String?
        init() {}
    }

    /// Builds a ``Node`` per element from the events, checking what each event says.
    final class TreeReader: ElementReader {
        private var stack: [Node] = []
        private var finished: Node?

        func start(_ element: ReaderElement) throws {
            if element.depth == 0 {
                stack = []
                finished = nil
            }
            #expect(element.depth == stack.count)
            #expect(element.hasAttributes == !element.attributes.isEmpty)
            stack.append(
                Node(
                    name: element.name.string, namespace: element.namespace, attributes: element.attributes,
                    depth: element.depth, byteOffset: element.byteOffset))
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            guard var node = stack.popLast() else { throw ElementReaderError("end without start") }
            #expect(element.depth == stack.count)
            #expect(element.byteOffset == node.byteOffset)
            #expect(element.name == node.name)
            #expect(element.attributes.isEmpty)
            #expect(!element.hasAttributes)
            node.text = text.string
            #expect(text.count == node.text.utf8.count)
            #expect(text.isEmpty == node.text.isEmpty)
            if stack.isEmpty {
                finished = node
            } else {
                stack[stack.count - 1].children.append(node)
            }
        }

        func finish() throws -> Tree {
            var tree = Tree()
            tree.root = finished
            return tree
        }
    }

    static let treeBinder = XMLBinder().registeredAtSetup(
        mapping(Tree.self, element: "tree").reading(with: { TreeReader() }))

    @Test func aReaderBuildsATreeOfNestedElements() throws {
        let tree = try Self.treeBinder.parse(
            "<tree><a><b>one</b><b>two</b></a><c/></tree>", as: Tree.self, file: "t.xml")
        #expect(tree.root?.description == "<tree><a><b>one</b><b>two</b></a><c></c></tree>")
        #expect(tree.root?.children.map(\.depth) == [1, 1])
        #expect(tree.root?.children.first?.children.map(\.depth) == [2, 2])
        #expect(tree.origin == Origin(file: "t.xml", line: 1, column: 1))
        #expect(tree.byteOffset == 0)
        #expect(tree.namespace == nil)
    }

    @Test func mixedContentGivesEachElementOnlyItsOwnText() throws {
        let tree = try Self.treeBinder.parse("<tree>a<x>b<y>c</y>d</x>e<z/>f</tree>", as: Tree.self)
        #expect(tree.root?.text == "aef")
        #expect(tree.root?.children.first?.text == "bd")
        #expect(tree.root?.children.first?.children.first?.text == "c")
        #expect(tree.root?.children.last?.text == "")
    }

    @Test func textInPiecesIsJoinedExactly() throws {
        let document = "<tree>a&amp;b&lt;&#x41;&#128512;<![CDATA[<raw> & ]]>\nline\r\nend<x> &gt; </x></tree>"
        let tree = try Self.treeBinder.parse(document, as: Tree.self)
        #expect(tree.root?.text == "a&b<A😀<raw> & \nline\nend")
        #expect(tree.root?.children.first?.text == " > ")
    }

    @Test func aLongTextAcrossExpatsBuffersIsJoinedExactly() throws {
        // Read from a file in 64 KiB pieces: the text arrives in many of expat's pieces.
        let long = String((0..<300_000).map { index in Character(UnicodeScalar(UInt8(97 + index % 26))) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reader-long-\(UUID()).xml")
        try Data("<tree><t>\(long)</t>é\(long)</tree>".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var options = ParseOptions()
        options.wholeFileLimit = 0
        options.chunkSize = 64 * 1024
        let binder = XMLBinder(options: options).registeredAtSetup(
            mapping(Tree.self, element: "tree").reading(with: { TreeReader() }))
        let tree = try binder.parse(contentsOf: url, as: Tree.self)
        #expect(tree.root?.children.first?.text == long)
        #expect(tree.root?.text == "é" + long)
    }

    @Test func attributesAndNamespacesAreTheDocumentsOwn() throws {
        let document = """
            <p:tree xmlns:p="urn:p" xmlns="urn:d" id="7" p:k="v&amp;w"><child n="1"/><q:x xmlns:q="urn:q"/>\
            <plain xmlns=""/><a-local-name-longer-than-sixteen-bytes xmlns="http://www.example.com/long/namespace"/>\
            <l:also-a-long-local-name-here xmlns:l="http://www.example.com/long/namespace"/></p:tree>
            """
        let tree = try Self.treeBinder.parse(document, as: Tree.self)
        let root = try #require(tree.root)
        #expect(root.name == "tree")
        #expect(root.namespace == "urn:p")
        #expect(tree.namespace == "urn:p")
        #expect(
            root.attributes == [
                XMLAttribute(name: "id", value: "7"), XMLAttribute(name: "p:k", namespace: "urn:p", value: "v&w"),
            ])
        #expect(
            root.children.map(\.name) == [
                "child", "x", "plain", "a-local-name-longer-than-sixteen-bytes", "also-a-long-local-name-here",
            ])
        let long = "http://www.example.com/long/namespace"
        #expect(root.children.map(\.namespace) == ["urn:d", "urn:q", nil, long, long])
        #expect(root.children.first?.attributes == [XMLAttribute(name: "n", value: "1")])
    }

    /// Asks the namespace questions that make no `String`.
    final class NamespaceQuestions: ElementReader {
        private var answers: [String] = []
        func start(_ element: ReaderElement) throws {
            answers.append(
                "\(element.name):\(element.hasNamespace):\(element.isInNamespace("urn:a")):"
                    + "\(element.isInNamespace("")):\(element.name == "x"):\(element.name == String("item"))")
        }
        func end(_ element: ReaderElement, text: ReaderText) throws {}
        func finish() throws -> Answers {
            var result = Answers()
            result.lines = answers
            answers = []
            return result
        }
    }

    struct Answers: Bindable {
        var lines: [String] = []
        init() {}
    }

    @Test func namespaceAndNameQuestionsCompareBytes() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Answers.self, element: "item").reading(with: { NamespaceQuestions() }))
        let answers = try binder.parse(
            "<item xmlns='urn:a'><x/><x xmlns='urn:ab'/><x xmlns=''/><b:item xmlns:b='urn:a'/>"
                + "<x xmlns='urn:a:with:a:namespace:longer:than:sixteen'/></item>",
            as: Answers.self)
        #expect(
            answers.lines == [
                "item:true:true:false:false:true", "x:true:true:false:true:false", "x:true:false:false:true:false",
                "x:false:false:true:true:false", "item:true:true:false:false:true", "x:true:false:false:true:false",
            ])
    }

    // MARK: Depth and offsets, against a declarative mapping

    final class Located: Bindable, OriginAware, ByteOffsetAware {
        var origin: Origin?
        var byteOffset = -1
        var items: [Located] = []
        init() {}

        /// Every item inside, in document order.
        var flattened: [Located] { items.flatMap { [$0] + $0.flattened } }
    }

    @Test(arguments: [
        "<list>\n  <item/>\n\t<item>x<item/></item>\r\n<item/></list>",
        "<?xml version='1.0'?>\n<!-- é😀 -->\n<list><item a='ü😀'/>\n   <item><item/>\n  <item/></item></list>",
    ])
    func offsetsAndOriginsMatchADeclarativeMappings(_ document: String) throws {
        let declarative = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Located.self, element: "list").children(\.items),
            mapping(Located.self, element: "item").children(\.items))
        let expected = try declarative.parse(document, as: Located.self)
        let tree = try Self.treeBinder.parse(document.replacingOccurrences(of: "list>", with: "tree>"), as: Tree.self)
        func walk(_ node: Node) -> [Node] { node.children.flatMap { [$0] + walk($0) } }
        let items = walk(try #require(tree.root))
        let located = expected.flattened
        #expect(items.count == located.count)
        #expect(items.map(\.byteOffset) == located.map(\.byteOffset))
        #expect(tree.byteOffset == expected.byteOffset)
        #expect(tree.origin == expected.origin)
        let data = Data(document.utf8)
        #expect(items.map { declarative.origin(ofByteOffset: $0.byteOffset, in: data) } == located.map(\.origin))
    }

    // MARK: Names and text

    /// Records what names and texts say of themselves.
    final class Describer: ElementReader {
        private var lines: [String] = []

        func start(_ element: ReaderElement) throws {
            if element.depth == 0 { lines = [] }
            let name = element.name
            let literal: StaticString = "ab"
            let scalar: StaticString = "a"
            lines.append(
                "\(name) \(name.count) \(name.string == name.description) \(name == literal) \(name == scalar) "
                    + "\(name == "éé") \(name == element.name)")
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            let bytes = text.withUTF8 { Array($0) }
            lines.append(
                "text \(text.string.debugDescription) \(text.count) \(text.isEmpty) \(text.isWhitespace) "
                    + "\(bytes.count == text.count && String(decoding: bytes, as: UTF8.self) == text.string)")
        }

        func finish() throws -> Answers {
            var answers = Answers()
            answers.lines = lines
            return answers
        }
    }

    @Test func namesAndTextsDescribeThemselves() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Answers.self, element: "ab").reading(with: { Describer() }))
        let answers = try binder.parse("<ab><a> \t\r\n</a><éé>x é</éé><a></a></ab>", as: Answers.self)
        #expect(
            answers.lines == [
                "ab 2 true true false false true", "a 1 true false true false true",
                "text \" \\t\\n\" 3 false true true", "éé 4 true false false true true",
                "text \"x é\" 4 false false true", "a 1 true false true false true", "text \"\" 0 true true true",
                "text \"\" 0 true true true",
            ])
    }
}
