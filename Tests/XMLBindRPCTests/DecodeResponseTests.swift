import Foundation
import Testing
import XMLBind
import XMLBindRPC

/// A struct of scalar members, as the benchmark's records are.
private struct Entry: Bindable, XMLRPCStructConvertible, Equatable {
    var id: Int32 = 0
    var name = ""
    var big: Int64?
    var note: String? = "unset"
    var flag = false
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Entry.self)
        .property(\.id).required()
        .property(\.name)
        .property(\.big)
        .property(\.note)
        .property(\.flag)
}

/// `XMLRPCCodec.decodeResponse(_:as:)`: a response's first parameter read as a declared type.
@Suite("Decoding a response as a type")
struct DecodeResponseTests {
    static func response(_ params: [String]) -> Data {
        let body = params.map { "<param>\($0)</param>" }.joined()
        return Data("<?xml version=\"1.0\"?>\n<methodResponse><params>\(body)</params></methodResponse>".utf8)
    }

    static func entry(_ id: Int, _ name: String) -> String {
        "<value><struct><member><name>id</name><value><int>\(id)</int></value></member>"
            + "<member><name>name</name><value><string>\(name)</string></value></member></struct></value>"
    }

    /// The result, or the error as the user sees it.
    static func outcome<T>(_ body: () throws(XMLRPCError) -> T) -> String {
        do {
            return "value \(try body())"
        } catch {
            return "error \(error)"
        }
    }

    @Test func readsTheFirstParameter() throws {
        let first = "<value><array><data>\(Self.entry(1, "a"))\(Self.entry(2, "b"))</data></array></value>"
        let data = Self.response([first, Self.entry(3, "c")])
        let entries = try XMLRPCCodec.decodeResponse(data, as: [Entry].self)
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries.map(\.name) == ["a", "b"])
        #expect(entries.map(\.note) == ["unset", "unset"])
        let one = try XMLRPCCodec.decodeResponse(Self.response([Self.entry(7, "x")]), as: Entry.self)
        #expect(one.id == 7 && one.name == "x" && one.note == "unset")
        #expect(try XMLRPCCodec.decodeResponse(Self.response(["<value><i4>42</i4></value>"]), as: Int.self) == 42)
    }

    @Test func extensionElementsAndUntypedTextAreScalarMembers() throws {
        let value =
            "<value><struct xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\">"
            + "<member><name>id</name><value><i4>5</i4></value></member>"
            + "<member><name>big</name><value><ex:i8>9000000000</ex:i8></value></member>"
            + "<member><name>note</name><value><ex:nil/></value></member>"
            + "<member><name>name</name><value>plain text</value></member></struct></value>"
        let entry = try XMLRPCCodec.decodeResponse(Self.response([value]), as: Entry.self)
        #expect(entry.id == 5)
        #expect(entry.big == 9_000_000_000)
        #expect(entry.note == "unset")  // <nil/> leaves a property as init() made it
        #expect(entry.name == "plain text")
    }

    @Test func aFaultIsThrownAsAFault() {
        let fault = Data(
            ("<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>4</int></value></member>"
                + "<member><name>faultString</name><value><string>Too many</string></value></member></struct></value>"
                + "</fault></methodResponse>").utf8)
        #expect(throws: XMLRPCError.fault(code: 4, "Too many")) {
            try XMLRPCCodec.decodeResponse(fault, as: [Entry].self)
        }
    }

    @Test func aValueOfTheWrongTypeIsLocatedAndNamed() {
        let data = Self.response([
            "<value><array><data><value><struct><member><name>id</name><value>one</value></member></struct></value>"
                + "</data></array></value>"
        ])
        let outcome = Self.outcome { () throws(XMLRPCError) in try XMLRPCCodec.decodeResponse(data, as: [Entry].self) }
        #expect(outcome.contains("response:2:"), "\(outcome)")
        #expect(outcome.contains(#"cannot convert "one" to Int32 for property 'id' of <struct>"#), "\(outcome)")
    }

    @Test func aMissingRequiredMemberOrAnotherShapeIsAnError() {
        let refused = [
            "<value><struct><member><name>name</name><value>n</value></member></struct></value>",
            "<value><struct><member><name>id</name><value><struct/></value></member></struct></value>",
            "<value><array><data/></array></value>",
        ]
        for value in refused {
            let outcome = Self.outcome { () throws(XMLRPCError) in
                try XMLRPCCodec.decodeResponse(Self.response([value]), as: Entry.self)
            }
            #expect(outcome.hasPrefix("error response:2:"), "\(value): \(outcome)")
        }
    }

    @Test(
        arguments: [
            ("7", 7), ("-7", -7), ("007", 7), ("+5", 5), ("2147483647", 2_147_483_647), ("-2147483648", -2_147_483_648),
        ] as [(String, Int32)])
    func integerForms(_ text: String, _ expected: Int32) throws {
        for element in ["int", "i4"] {
            let data = Self.response([
                "<value><struct><member><name>id</name><value><\(element)>\(text)</\(element)></value></member>"
                    + "</struct></value>"
            ])
            #expect(try XMLRPCCodec.decodeResponse(data, as: Entry.self).id == expected, "<\(element)>\(text)")
        }
    }

    @Test(arguments: ["", "-", "--1", "2147483648", "1e3", "0x10", "1.5", "٣"])
    func integerFormsRefused(_ text: String) {
        let data = Self.response([
            "<value><struct><member><name>id</name><value><int>\(text)</int></value></member></struct></value>"
        ])
        #expect(throws: XMLRPCError.self, "<int>\(text)") { try XMLRPCCodec.decodeResponse(data, as: Entry.self) }
    }

    @Test(arguments: [("0", false), ("1", true), ("true", true), ("false", false)] as [(String, Bool)])
    func booleanForms(_ text: String, _ expected: Bool) throws {
        let data = Self.response([
            "<value><struct><member><name>id</name><value><int>1</int></value></member>"
                + "<member><name>flag</name><value><boolean>\(text)</boolean></value></member></struct></value>"
        ])
        #expect(try XMLRPCCodec.decodeResponse(data, as: Entry.self).flag == expected)
    }

    @Test(arguments: ["2", "01", "yes", ""])
    func booleanFormsRefused(_ text: String) {
        let data = Self.response([
            "<value><struct><member><name>id</name><value><int>1</int></value></member>"
                + "<member><name>flag</name><value><boolean>\(text)</boolean></value></member></struct></value>"
        ])
        #expect(throws: XMLRPCError.self, "<boolean>\(text)") { try XMLRPCCodec.decodeResponse(data, as: Entry.self) }
    }
}
