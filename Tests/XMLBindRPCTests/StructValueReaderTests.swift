import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// A struct of scalar members, as the benchmark's records are.
private struct Entry: Bindable, XMLRPCStructConvertible, Equatable {
    var id: Int32 = 0
    var name = ""
    var big: Int64?
    var note: String? = "unset"
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Entry.self)
        .member(\.id).required()
        .member(\.name)
        .member(\.big)
        .member(\.note)
}

/// A struct with a flag.
private struct Flagged: Bindable, XMLRPCStructConvertible, Equatable {
    var id: Int32 = 0
    var flag = false
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Flagged.self).member(\.id).required().member(\.flag).required()
}

/// More members than one pass tracks: read member by member, through nodes.
private struct Wide: Bindable, XMLRPCStructConvertible, Equatable {
    var values = [Int32](repeating: 0, count: 65)
    init() {}

    static let xmlrpcMembers: XMLRPCStructMapping<Wide> = (0..<65).reduce(xmlrpcMapping(Wide.self)) { mapping, index in
        mapping.member(\Wide.values[index], name: "m\(index)")
    }
}

/// The reader of structs and arrays of structs in a direct typed decode: it reads a document
/// exactly as the two-step path does, or refuses it.
@Suite("Struct reading straight from the parser")
struct StructValueReaderTests {
    static func response(_ params: [String]) -> Data {
        let body = params.map { "<param>\($0)</param>" }.joined()
        return Data("<?xml version=\"1.0\"?>\n<methodResponse><params>\(body)</params></methodResponse>".utf8)
    }

    static func entry(_ id: Int, _ name: String) -> String {
        "<value><struct><member><name>id</name><value><int>\(id)</int></value></member>"
            + "<member><name>name</name><value><string>\(name)</string></value></member></struct></value>"
    }

    static func twoStep<T: XMLRPCDecodable>(_ data: Data, as type: T.Type) throws(XMLRPCError) -> T {
        try XMLRPCCodec.decodeResponse(data)[0].decode(T.self)
    }

    @Test func everyParameterIsReadAfresh() throws {
        // One reader reads both top-level values: the second must not keep the first's state.
        let first = "<value><array><data>\(Self.entry(1, "a"))\(Self.entry(2, "b"))</data></array></value>"
        let second = "<value><array><data>\(Self.entry(3, "c"))</data></array></value>"
        let data = Self.response([first, second])
        let direct = try #require(DirectBinders.decode(data, as: [Entry].self, file: "response"))
        #expect(direct.map(\.id) == [1, 2])
        #expect(direct.map(\.name) == ["a", "b"])
        #expect(direct == (try Self.twoStep(data, as: [Entry].self)))
        let single = Self.response([Self.entry(7, "x"), Self.entry(8, "y")])
        let one = try #require(DirectBinders.decode(single, as: Entry.self, file: "response"))
        #expect(one.id == 7 && one.name == "x" && one.note == "unset")
    }

    @Test func extensionElementsAndUntypedTextAreScalarMembers() throws {
        let value =
            "<value><struct xmlns:ex=\"\(XMLRPCWire.extensionsNamespace)\">"
            + "<member><name>id</name><value><i4>5</i4></value></member>"
            + "<member><name>big</name><value><ex:i8>9000000000</ex:i8></value></member>"
            + "<member><name>note</name><value><ex:nil/></value></member>"
            + "<member><name>name</name><value>plain text</value></member></struct></value>"
        let data = Self.response([value])
        let direct = try #require(DirectBinders.decode(data, as: Entry.self, file: "response"))
        #expect(direct.id == 5 && direct.big == 9_000_000_000 && direct.note == nil && direct.name == "plain text")
        #expect(direct == (try Self.twoStep(data, as: Entry.self)))
    }

    @Test func aMemberOfAnotherNamespaceOrTypeIsRefused() throws {
        let refused = [
            // An element of another namespace where a scalar belongs.
            "<value><struct xmlns:o=\"urn:other\"><member><name>id</name><value><o:int>1</o:int></value></member>"
                + "</struct></value>",
            // A struct where a scalar member belongs.
            "<value><struct><member><name>id</name><value><struct/></value></member></struct></value>",
            // An array where the struct belongs.
            "<value><array><data/></array></value>",
        ]
        for value in refused {
            let data = Self.response([value])
            #expect(DirectBinders.decode(data, as: Entry.self, file: "response") == nil, "\(value)")
            #expect(throws: XMLRPCError.self) { try XMLRPCCodec.decodeResponse(data, as: Entry.self) }
        }
    }

    @Test func aStructOfMoreMembersThanOnePassTracksGivesTheTwoStepResult() throws {
        let members = (0..<65).map { "<member><name>m\($0)</name><value><int>\($0 * 2)</int></value></member>" }
        let data = Self.response(["<value><struct>\(members.joined())</struct></value>"])
        let wide = try XMLRPCCodec.decodeResponse(data, as: Wide.self)
        #expect(wide.values == (0..<65).map { Int32($0 * 2) })
        #expect(wide == (try Self.twoStep(data, as: Wide.self)))
    }

    /// `<int>`, `<i4>` and `<boolean>` texts around the forms read without the conversion:
    /// each decodes (or fails) directly as the two-step path decodes it.
    @Test(arguments: [
        "0", "-0", "7", "-7", "007", "+5", " 5", "5 ", "", "-", "--1", "123456789", "-123456789", "1234567890",
        "2147483647", "-2147483648", "2147483648", "1e3", "0x10", "٣",
    ])
    func integerFormsDecodeAsTheTreeDoes(_ text: String) {
        for element in ["int", "i4"] {
            let data = Self.response([
                "<value><struct><member><name>id</name><value><\(element)>\(text)</\(element)></value></member>"
                    + "</struct></value>"
            ])
            let direct = DirectDecodingTests.outcome { () throws(XMLRPCError) in
                try XMLRPCCodec.decodeResponse(data, as: Entry.self)
            }
            let twoStep = DirectDecodingTests.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: Entry.self)
            }
            #expect(direct == twoStep, "<\(element)>\(text)")
        }
    }

    @Test(arguments: ["0", "1", "2", "true", "false", " 1", "01", "", "1 "])
    func booleanFormsDecodeAsTheTreeDoes(_ text: String) {
        let data = Self.response([
            "<value><array><data><value><struct><member><name>id</name><value><int>1</int></value></member>"
                + "<member><name>flag</name><value><boolean>\(text)</boolean></value></member>"
                + "</struct></value></data></array></value>"
        ])
        let direct = DirectDecodingTests.outcome { () throws(XMLRPCError) in
            try XMLRPCCodec.decodeResponse(data, as: [Flagged].self)
        }
        let twoStep = DirectDecodingTests.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: [Flagged].self)
        }
        #expect(direct == twoStep, "<boolean>\(text)")
    }
}
