import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// A struct with a nested struct, an array of them and optionals, for the typed writer.
private struct Shelf: XMLRPCStructConvertible {
    var label: String?
    var count: Int64 = 0
    var books: [Book] = []
    var stamp: Date?
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Shelf.self)
        .property(\.label)
        .property(\.count, xml: "n<>&")
        .children(\.books)
        .property(\.stamp, conversion: .xmlrpcDateTime)
}

private struct Book: Bindable, XMLRPCStructConvertible {
    var title: String?
    var pages: Int32?
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Book.self).property(\.title).property(\.pages)
}

/// Every scalar member type a struct mapping writes.
private struct Scalars: Bindable, XMLRPCStructConvertible {
    var score = 0.0
    var active = false
    var blob = Data()
    var big: Int64 = 0
    var small: Int64 = 0
    var code = 0
    var note: Double?
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Scalars.self)
        .property(\.score).property(\.active).property(\.blob).property(\.big).property(\.small)
        .property(\.code, conversion: Int.xmlConversion).property(\.note)
}

/// `methodResponse(encoding:)` writes a typed value: structs through their mapping, arrays
/// element by element, `nil` members left out.
@Suite("Typed writing")
struct TypedWritingTests {
    private static func book(_ title: String?, _ pages: Int32?) -> Book {
        var book = Book()
        book.title = title
        book.pages = pages
        return book
    }

    private static var shelves: [Shelf?] {
        var full = Shelf()
        full.label = "tab\t, cr\r, <&> ü 🎉"
        full.count = Int64(Int32.max) + 1
        full.books = [book("a", 1), book(nil, nil), book("", -5)]
        full.stamp = Date(timeIntervalSince1970: 1_714_566_605)
        return [full, Shelf(), nil]
    }

    @Test func writesTheDeclaredMembersInOrderAndLeavesOutNil() throws {
        var shelf = Shelf()
        shelf.label = "a<b"
        shelf.count = 3
        shelf.books = [Self.book("t", 7), Self.book(nil, nil)]
        let text = String(decoding: try XMLRPCCodec.methodResponse(encoding: [shelf]), as: UTF8.self)
        let members =
            "<member><name>label</name><value><string>a&lt;b</string></value></member>"
            + "<member><name>n&lt;&gt;&amp;</name><value><i8>3</i8></value></member>"
            + "<member><name>books</name><value><array><data>"
            + "<value><struct><member><name>title</name><value><string>t</string></value></member>"
            + "<member><name>pages</name><value><int>7</int></value></member></struct></value>"
            + "<value><struct/></value></data></array></value></member>"
        #expect(
            text
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodResponse><params><param>"
                + "<value><array><data><value><struct>\(members)</struct></value></data></array></value>"
                + "</param></params></methodResponse>")
        let emptyArray = String(decoding: try XMLRPCCodec.methodResponse(encoding: [Book]()), as: UTF8.self)
        #expect(emptyArray.contains("<param><value><array><data/></array></value></param>"))
        let string = String(decoding: try XMLRPCCodec.methodResponse(encoding: "x"), as: UTF8.self)
        #expect(string.contains("<param><value><string>x</string></value></param>"))
    }

    @Test func writesScalarsAsTheirValues() throws {
        var full = Scalars()
        full.score = 0.1 + 0.2
        full.active = true
        full.blob = Data([0, 1, 2, 250])
        full.big = Int64(Int32.min) - 1
        full.small = -7
        full.code = 42
        full.note = -1e300
        let values = [full, Scalars()]
        let data = try XMLRPCCodec.methodResponse(encoding: values)
        #expect(data == (try XMLRPCCodec.methodResponse(values.xmlrpcValue())))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<name>big</name><value><i8>-2147483649</i8></value>"))
        #expect(text.contains("<name>code</name><value><int>42</int></value>"))
        #expect(text.contains("<name>blob</name><value><base64/></value>"))
        let read = try XMLRPCCodec.decodeResponse(data)[0].decode(as: [Scalars].self)
        #expect(read.map(\.score) == [0.1 + 0.2, 0])
        #expect(read.map(\.note) == [-1e300, nil])
        #expect(read.map(\.blob) == [Data([0, 1, 2, 250]), Data()])
    }

    @Test func readsBackWhatItWrote() throws {
        let data = try XMLRPCCodec.methodResponse(encoding: Self.shelves)
        let read = try XMLRPCCodec.decodeResponse(data)[0].decode(as: [Shelf?].self)
        #expect(read.count == 3)
        #expect(read[0]?.label == "tab\t, cr\r, <&> ü 🎉")
        #expect(read[0]?.count == Int64(Int32.max) + 1)
        #expect(read[0]?.books.map(\.title) == ["a", nil, ""])
        #expect(read[1]?.books.isEmpty == true)
        #expect(read[2] == nil)
    }

    @Test func refusesWhatXMLCannotHold() {
        #expect(
            throws: XMLRPCError.encoding(
                "cannot write a Book: cannot write property 'title' of <struct>: the character U+0007 is not allowed in XML 1.0"
            )
        ) {
            try XMLRPCCodec.methodResponse(encoding: [Self.book("bell \u{7}", 1)])
        }
    }
}
