import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// A struct of every kind of member a typed reading handles: scalars, an optional, a
/// conversion, a nested array of structs.
private struct Shelf: XMLRPCStructConvertible, Equatable {
    var label = ""
    var count: Int32 = 0
    var weight = 0.0
    var open = false
    var note: String? = "unset"
    var size = Size.small
    var books: [Book] = []
    init() {}

    enum Size: String { case small, large }
    static let sizes = Conversion<Size>(
        parse: { text in
            guard let size = Size(rawValue: text) else { throw ConversionError("not small or large") }
            return size
        },
        format: \.rawValue)

    static let xmlrpcMapping = xmlrpcStruct(Shelf.self)
        .property(\.label).required()
        .property(\.count).required()
        .property(\.weight)
        .property(\.open)
        .property(\.note)
        .property(\.size, conversion: sizes)
        .children(\.books)
}

private struct Book: XMLRPCStructConvertible, Equatable {
    var title = ""
    var pages: Int64?
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Book.self).property(\.title).required().property(\.pages, xml: "page count")
}

/// A type whose members hold itself.
private struct Tree: XMLRPCStructConvertible, Equatable {
    var name = ""
    var children: [Tree] = []
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Tree.self).property(\.name).children(\.children)
}

/// Two members declared with one name: a mapping the binder cannot honour exactly.
private struct Twice: XMLRPCStructConvertible, Equatable {
    var first: Int32 = 0
    var second: Int32 = 0
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Twice.self).property(\.first, xml: "n").property(\.second, xml: "n")
}

@Suite("Typed reading from the wire tree")
struct TypedReadingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// The members of the shelf struct, as XML.
        let members: String
        /// A line of the error a person sees (place and message), or nil when the struct reads.
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
                """),
        Case(
            name: "reversed, unknown members, an i8 that fits an Int32",
            members: """
                <member><name>extra</name><value><int>9</int></value></member>
                <member><name>count</name><value><i8>-4</i8></value></member>
                <member><name>label</name><value>first</value></member>
                <member><name>books</name><value><array><data/></array></value></member>
                """),
        Case(
            name: "a missing required member", members: "<member><name>label</name><value>x</value></member>",
            error: "response:3:8: error: <struct> is missing required property 'count' (member 'count')"),
        Case(
            name: "a missing required member beside a wrong one",
            members: "<member><name>count</name><value>x</value></member>",
            error: "response:3:8: error: <struct> is missing required property 'label' (member 'label')"),
        Case(
            name: "a value its property cannot take",
            members: """
                <member><name>open</name><value>yes</value></member>
                <member><name>count</name><value>3</value></member>
                <member><name>label</name><value>x</value></member>
                """,
            error: "response:3:48: error: cannot convert \"yes\" to Bool for property 'open' of <struct>"),
        Case(
            name: "a wrong member deep in the array",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>books</name><value><array><data>\(book)
                <value><struct><member><name>page count</name><value><string>twelve</string></value></member>
                <member><name>title</name><value>U</value></member></struct></value></data></array></value></member>
                """,
            error: "response:5:62: error: cannot convert \"twelve\" to "),
        Case(
            name: "a missing required member deep in the array",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>books</name><value><array><data>\(book)<value><struct/></value></data></array></value></member>
                """,
            error: "response:4:137: error: <struct> is missing required property 'title' (member 'title')"),
        Case(
            name: "a conversion that fails",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>size</name><value>huge</value></member>
                """,
            error:
                "response:4:33: error: cannot convert \"huge\" to Size for property 'size' of <struct>: not small or large"
        ),
        Case(
            name: "a member given twice",
            members: """
                <member><name>label</name><value>x</value></member><member><name>count</name><value><int>1</int></value></member>
                <member><name>label</name><value>y</value></member>
                """,
            error: "error: member 'label' of <struct> is given more than once"),
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

    /// A struct reads whatever order its members come in; each wrong member is an error
    /// located at it (a missing one, at its struct).
    @Test(arguments: cases)
    func readsOrReportsEachWrongMemberWhereItIs(_ testCase: Case) throws {
        let node = try XMLRPCCodec.decodeResponse(Self.document(testCase.members))
        let outcome = Self.outcome { () throws(XMLRPCError) in try node[0].decode(as: [Shelf].self) }
        if let error = testCase.error {
            #expect(outcome.contains(error), "\(outcome)")
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
        #expect(shelf.note == "unset")  // <nil/> leaves a property as init() made it
        #expect(shelf.size == .large)
        #expect(shelf.books == [book])
    }

    @Test func membersReadInAnyOrderAndUnknownOnesAreIgnored() throws {
        let node = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[1].members))
        let shelf = try #require(try node[0].decode(as: [Shelf].self).first)
        #expect(shelf.label == "first")
        #expect(shelf.count == -4)
        #expect(shelf.note == "unset")
    }

    @Test func errorsAreUnexpectedResponsesLocatedInTheResponse() throws {
        let missing = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[2].members))
        do {
            _ = try missing[0].decode(as: [Shelf].self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .unexpectedResponse)
            #expect(error.message == "[0]: <struct> is missing required property 'count' (member 'count')")
            #expect(error.origin == Origin(file: "response", line: 3, column: 8))
        }
        let deep = try XMLRPCCodec.decodeResponse(Self.document(Self.cases[5].members))
        do {
            _ = try deep[0].decode(as: [Shelf].self)
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix(#"[0]: cannot convert "twelve" to "#), "\(error.message)")
            #expect(error.origin?.line == 5)
        }
    }

    /// A node deep in a document binds its own `<value>` alone, inside the namespaces and
    /// entities declared above it; its errors carry the document's line, column and line text.
    @Test func aDeepNodeReadsItsOwnValueWhereItIsInTheDocument() throws {
        let lines = [
            #"<?xml version="1.0"?>"#,
            #"<!DOCTYPE methodResponse [<!ENTITY who "Ann">]>"#,
            #"<methodResponse xmlns:ex="http://ws.apache.org/xmlrpc/namespaces/extensions"><params><param>"#,
            "<value><struct><member><name>shelf</name><value><array><data>",
            "<value><struct><member><name>title</name><value>by &who;</value></member>",
            "  <member><name>page count</name><value><ex:i8>12</ex:i8></value></member></struct></value>",
            "<value><struct><member><name>title</name><value>B</value></member>",
            "  <member><name>page count</name><value><string>many</string></value></member></struct></value>",
            "</data></array></value></member></struct></value></param></params></methodResponse>",
        ]
        let shelf = try XMLRPCCodec.decodeResponse(Data(lines.joined(separator: "\n").utf8), file: "shelf.xml")[0][
            "shelf"]
        let first = try shelf[0].decode(as: Book.self)
        #expect(first.title == "by Ann")
        #expect(first.pages == 12)
        do {
            _ = try shelf[1].decode(as: Book.self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .unexpectedResponse)
            #expect(error.message.hasPrefix(#"[0]["shelf"][1]: cannot convert "many" to "#), "\(error.message)")
            let column = try #require(lines[7].firstRange(of: "many")).lowerBound.utf16Offset(in: lines[7]) + 1
            #expect(error.origin == Origin(file: "shelf.xml", line: 8, column: column))
            #expect(error.diagnostics.first?.sourceLine == lines[7])
        }
    }

    /// A document in ISO-8859-1 is cut as it is: the element is read after the document's
    /// own declaration, so its bytes keep their encoding; errors stay located.
    @Test func aDeepNodeOfALatin1DocumentReadsInItsEncoding() throws {
        let text = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <methodResponse><params><param><value><array><data>
            <value><struct><member><name>title</name><value>caf\u{E9}</value></member></struct></value>
            <value><struct><member><name>title</name><value>\u{E9}t\u{E9}</value></member>
            <member><name>page count</name><value><string>many</string></value></member></struct></value>
            </data></array></value></param></params></methodResponse>
            """
        let data = Data(text.unicodeScalars.map { UInt8($0.value) })
        let node = try XMLRPCCodec.decodeResponse(data)[0]
        #expect(try node[0].decode(as: Book.self).title == "caf\u{E9}")
        do {
            _ = try node[1].decode(as: Book.self)
            Issue.record("no error")
        } catch {
            #expect(error.origin?.line == 5, "\(error)")
        }
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

    @Test func aMappingTheBinderCannotHonourIsRefusedWhenFirstUsed() {
        let node = XMLRPCNode(.struct(XMLRPCStruct([.init(name: "n", value: .int(1))])))
        #expect {
            try node.decode(as: Twice.self)
        } throws: { error in
            (error as? XMLRPCError)?.message.hasPrefix("the XML-RPC mapping of Twice is refused:") == true
        }
    }

    /// A node built in Swift is written by the one writer and read as a document is; its
    /// errors have no place in a document.
    @Test func handBuiltNodesReadAsDocumentsDo() throws {
        let node = XMLRPCNode(
            .array([
                .struct(
                    XMLRPCStruct([.init(name: "title", value: .string("A")), .init(name: "page count", value: .i8(5))]))
            ]))
        let books = try node.decode(as: [Book].self)
        #expect(books.map(\.title) == ["A"])
        #expect(books.map(\.pages) == [5])
        let wrong = XMLRPCNode(
            .array([
                .struct(XMLRPCStruct([.init(name: "title", value: .int(1)), .init(name: "page count", value: "many")]))
            ]))
        do {
            _ = try wrong.decode(as: [Book].self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .unexpectedResponse)
            #expect(error.origin == nil)
            #expect(error.message.hasPrefix(#"cannot convert "many" to "#), "\(error.message)")
        }
    }
}
