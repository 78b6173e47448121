import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// A struct of every kind of member the one-pass reader handles: scalars, an optional, a
/// conversion, a nested array of structs, a node kept as it is.
private struct Shelf: Bindable, XMLRPCStructConvertible, Equatable {
    var label = ""
    var count: Int32 = 0
    var weight = 0.0
    var open = false
    var note: String? = "unset"
    var size = Size.small
    var books: [Book] = []
    var tags: [String: Int32] = [:]
    init() {}

    enum Size: String { case small, large }
    static let sizes = Conversion<Size>(
        parse: { text in
            guard let size = Size(rawValue: text) else { throw ConversionError("not small or large") }
            return size
        },
        format: \.rawValue)

    static let xmlrpcMembers = xmlrpcMapping(Shelf.self)
        .member(\.label).required()
        .member(\.count).required()
        .member(\.weight)
        .member(\.open)
        .member(\.note)
        .member(\.size, conversion: sizes)
        .member(\.books)
        .member(\.tags)
}

private struct Book: Bindable, XMLRPCStructConvertible, Equatable {
    var title = ""
    var pages: Int64?
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Book.self).member(\.title).required().member(\.pages, name: "page count")
}

/// A type whose members hold itself: its reader is made while its mapping is declared.
private struct Tree: Bindable, XMLRPCStructConvertible, Equatable {
    var name = ""
    var children: [Tree] = []
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Tree.self).member(\.name).member(\.children)
}

/// A member of type ``XMLRPCNode``: read through its own `init(xmlrpc:)`, with its path.
private struct Envelope: Bindable, XMLRPCStructConvertible {
    var kind = ""
    var payload = XMLRPCNode(.nil)
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Envelope.self).member(\.kind).member(\.payload)
}

/// Two members declared with one name: read member by member, both from the first.
private struct Twice: Bindable, XMLRPCStructConvertible, Equatable {
    var first: Int32 = 0
    var second: Int32 = 0
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Twice.self).member(\.first, name: "n").member(\.second, name: "n")
}

@Suite("Typed reading from the wire tree")
struct TypedReadingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The members of the shelf struct, as XML.
        let members: String
        /// The first line of the error a person sees (place and message), or nil when the
        /// struct reads.
        var error: String? = nil
        var testDescription: String { name }
    }

    static let book = "<value><struct><member><name>title</name><value>T</value></member></struct></value>"

    static let cases: [Case] = [
        Case(
            name: "declaration order",
            members: """
                <member><name>label</name><value><string>a &amp; b</string></value></member>
                <member><name>count</name><value><i4>3</i4></value></member>
                <member><name>weight</name><value><int>2</int></value></member>
                <member><name>open</name><value><boolean>1</boolean></value></member>
                <member><name>note</name><value><nil/></value></member>
                <member><name>size</name><value>large</value></member>
                <member><name>books</name><value><array><data>\(book)</data></array></value></member>
                <member><name>tags</name><value><struct><member><name>x</name><value><int>1</int></value></member>
                  <member><name>x</name><value><int>2</int></value></member></struct></value></member>
                """),
        Case(
            name: "reversed, unknown members, a repeat",
            members: """
                <member><name>extra</name><value><int>9</int></value></member>
                <member><name>count</name><value><int>-4</int></value></member>
                <member><name>label</name><value>first</value></member>
                <member><name>label</name><value><int>1</int></value></member>
                <member><name>books</name><value><array><data/></array></value></member>
                """),
        Case(
            name: "a missing required member", members: "<member><name>label</name><value>x</value></member>",
            error: "response:3:1: error: [0][0]: the struct has no member 'count', which Shelf.count requires"),
        Case(
            name: "a wrong member sent before a missing required one declared earlier",
            members: "<member><name>count</name><value>x</value></member>",
            error: "response:3:1: error: [0][0]: the struct has no member 'label', which Shelf.label requires"),
        Case(
            name: "two wrong members, sent in reverse order",
            members: """
                <member><name>open</name><value>yes</value></member>
                <member><name>count</name><value>3</value></member>
                <member><name>label</name><value>x</value></member>
                """,
            error: "response:4:27: error: [0][0][\"count\"] is a string, expected int"),
        Case(
            name: "a wrong member deep in the array",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>books</name><value><array><data>\(book)
                <value><struct><member><name>page count</name><value><string>12</string></value></member>
                <member><name>title</name><value>U</value></member></struct></value></data></array></value></member>
                """,
            error: "response:5:47: error: [0][0][\"books\"][1][\"page count\"] is a string, expected int or i8"),
        Case(
            name: "a missing required member deep in the array",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>books</name><value><array><data>\(book)<value><struct/></value></data></array></value></member>
                """,
            error:
                "response:4:130: error: [0][0][\"books\"][1]: the struct has no member 'title', which Book.title requires"
        ),
        Case(
            name: "a conversion that fails",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>size</name><value>huge</value></member>
                """,
            error: "response:4:26: error: [0][0][\"size\"]: cannot convert \"huge\" to Size: not small or large"),
        Case(
            name: "a struct where an array is declared",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>books</name>\(book)</member>
                """,
            error: "response:4:27: error: [0][0][\"books\"] is a struct, expected array"),
        Case(
            name: "an i8 where an int is declared",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><i8>1</i8></value></member>
                """,
            error: "response:3:93: error: [0][0][\"count\"] is an i8, expected int"),
    ]

    static func document(_ members: String) -> Data {
        Data(
            """
            <?xml version="1.0"?>
            <methodResponse><params><param><value><array><data>
            <value><struct>\(members)</struct></value>
            </data></array></value></param></params></methodResponse>
            """.utf8)
    }

    /// The outcome of a reading as text: the values, or the error as a person sees it.
    static func outcome<T>(_ body: () throws(XMLRPCError) -> T) -> String {
        do {
            return "\(try body())"
        } catch {
            return "error: \(error.description)"
        }
    }

    /// Errors are those a reading in declaration order meets first, whatever order the
    /// members came in.
    @Test(arguments: cases)
    func readsOrNamesTheFirstWrongMemberInDeclarationOrder(_ testCase: Case) throws {
        let node = try XMLRPCCodec.decodeResponse(Self.document(testCase.members))
        let outcome = Self.outcome { () throws(XMLRPCError) in try node[0].decode(as: [Shelf].self) }
        if let error = testCase.error {
            #expect(outcome.split(separator: "\n").first.map(String.init) == "error: " + error)
        } else {
            #expect(!outcome.hasPrefix("error:"), "\(outcome)")
        }
    }

    @Test func readsEveryKindOfMember() throws {
        let node = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[0].members))
        let shelf = try #require(try node[0].decode(as: [Shelf].self).first)
        var book = Book()
        book.title = "T"
        #expect(shelf.label == "a & b")
        #expect(shelf.count == 3)
        #expect(shelf.weight == 2)
        #expect(shelf.open)
        #expect(shelf.note == nil)
        #expect(shelf.size == .large)
        #expect(shelf.books == [book])
        #expect(shelf.tags == ["x": 1])
    }

    @Test func membersInAnyOrderAndRepeatsReadTheFirst() throws {
        let node = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[1].members))
        let shelf = try #require(try node[0].decode(as: [Shelf].self).first)
        #expect(shelf.label == "first")
        #expect(shelf.count == -4)
        #expect(shelf.note == "unset")
    }

    @Test func errorsNameTheMemberInDeclarationOrder() throws {
        let missing = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[3].members))
        #expect(throws: (any Error).self) { try missing[0].decode(as: [Shelf].self) }
        do {
            _ = try missing[0].decode(as: [Shelf].self)
        } catch {
            #expect(error.message == "[0][0]: the struct has no member 'label', which Shelf.label requires")
        }
        let deep = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[5].members))
        do {
            _ = try deep[0].decode(as: [Shelf].self)
            Issue.record("no error")
        } catch {
            #expect(error.message == #"[0][0]["books"][1]["page count"] is a string, expected int or i8"#)
            #expect(error.origin?.line == 5)
        }
    }

    @Test func aNodeMemberKeepsItsPathAndOrigin() throws {
        let data = Data(
            """
            <methodResponse><params><param><value><struct>
            <member><name>payload</name><value><array><data><value><int>7</int></value></data></array></value></member>
            <member><name>kind</name><value>list</value></member>
            </struct></value></param></params></methodResponse>
            """.utf8)
        let envelope = try XMLRPCCodec.decodeResponse(data)[0].decode(as: Envelope.self)
        #expect(envelope.kind == "list")
        #expect(envelope.payload.path == #"[0]["payload"]"#)
        #expect(envelope.payload[0].int32 == 7)
        #expect(envelope.payload.origin?.line == 2)
        #expect(envelope.payload[1].path == #"[0]["payload"][1]"#)
    }

    @Test func aTypeThatHoldsItselfReads() throws {
        let leaf = "<value><struct><member><name>name</name><value>leaf</value></member></struct></value>"
        let data = Data(
            """
            <methodResponse><params><param><value><struct><member><name>name</name><value>root</value></member>
            <member><name>children</name><value><array><data>\(leaf)\(leaf)</data></array></value></member>
            </struct></value></param></params></methodResponse>
            """.utf8)
        let tree = try XMLRPCCodec.decodeResponse(data)[0].decode(as: Tree.self)
        #expect(tree.name == "root")
        #expect(tree.children.map(\.name) == ["leaf", "leaf"])
    }

    @Test func membersDeclaredWithOneNameBothReadTheFirst() throws {
        let node = XMLRPCNode(
            .struct(XMLRPCStruct([.init(name: "n", value: .int(1)), .init(name: "n", value: .int(2))])))
        let twice = try node.decode(as: Twice.self)
        #expect(twice.first == 1 && twice.second == 1)
    }

    @Test func handBuiltNodesReadAsDocumentsDo() throws {
        let node = XMLRPCNode(
            .array([
                .struct(
                    XMLRPCStruct([.init(name: "title", value: .string("A")), .init(name: "page count", value: .i8(5))]))
            ]))
        let books = try node.decode(as: [Book].self)
        #expect(books.map(\.title) == ["A"])
        #expect(books.map(\.pages) == [5])
        #expect(throws: XMLRPCError(code: .unexpectedResponse, message: "[0][\"title\"] is an int, expected string")) {
            try XMLRPCNode(.array([.struct(XMLRPCStruct([.init(name: "title", value: .int(1))]))])).decode(
                as: [Book].self)
        }
    }
}
