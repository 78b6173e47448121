import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

@Suite("XMLRPCCodec")
struct CodecTests {
    static func response(_ valueXML: String) -> Data {
        Data(
            "<?xml version='1.0'?>\n<methodResponse><params><param><value>\(valueXML)</value></param></params></methodResponse>"
                .utf8)
    }

    struct ReadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var xml: String
        var value: XMLRPCValue
        var testDescription: String { name }
    }

    static let readCases: [ReadCase] = [
        ReadCase(name: "int", xml: "<int>42</int>", value: .int(42)),
        ReadCase(name: "i4", xml: "<i4>-2147483648</i4>", value: .int(Int32.min)),
        ReadCase(name: "i8", xml: "<i8>9223372036854775807</i8>", value: .i8(Int64.max)),
        ReadCase(
            name: "ex:i8",
            xml: "<ex:i8 xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\">5</ex:i8>", value: .i8(5)),
        ReadCase(name: "boolean", xml: "<boolean>1</boolean>", value: .boolean(true)),
        ReadCase(name: "string", xml: "<string>a &amp; b</string>", value: .string("a & b")),
        ReadCase(name: "untyped string", xml: "plain text", value: .string("plain text")),
        ReadCase(name: "empty value", xml: "", value: .string("")),
        ReadCase(name: "empty string", xml: "<string></string>", value: .string("")),
        ReadCase(name: "carriage return", xml: "<string>a&#13;b</string>", value: .string("a\rb")),
        ReadCase(name: "double exponent", xml: "<double>1e+300</double>", value: .double(1e300)),
        ReadCase(name: "double negative exponent", xml: "<double>-2.5e-10</double>", value: .double(-2.5e-10)),
        ReadCase(
            name: "dateTime basic", xml: "<dateTime.iso8601>20240501T12:30:05</dateTime.iso8601>",
            value: .dateTime(Date(timeIntervalSince1970: 1_714_566_605))),
        ReadCase(
            name: "dateTime dashed with zone",
            xml: "<dateTime.iso8601>2024-05-01T14:30:05+02:00</dateTime.iso8601>",
            value: .dateTime(Date(timeIntervalSince1970: 1_714_566_605))),
        ReadCase(
            name: "dateTime with fraction and Z", xml: "<dateTime.iso8601>2024-05-01T12:30:05.5Z</dateTime.iso8601>",
            value: .dateTime(Date(timeIntervalSince1970: 1_714_566_605.5))),
        ReadCase(
            name: "base64 with line breaks", xml: "<base64>AAEC\nAwQF\n</base64>",
            value: .base64(Data([0, 1, 2, 3, 4, 5]))),
        ReadCase(name: "empty base64", xml: "<base64></base64>", value: .base64(Data())),
        ReadCase(name: "nil", xml: "<nil/>", value: .nil),
        ReadCase(
            name: "ex:nil", xml: "<ex:nil xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\"/>", value: .nil
        ),
        ReadCase(
            name: "struct with name after value and whitespace",
            xml: "\n <struct>\n  <member><value><int>1</int></value><name>b</name></member>\n"
                + "  <member> <name>a</name> <value>x</value> </member>\n </struct>\n",
            value: ["b": 1, "a": "x"]),
        ReadCase(name: "empty array", xml: "<array><data></data></array>", value: .array([])),
        ReadCase(
            name: "nested array",
            xml: "<array><data><value><array><data><value>1</value></data></array></value></data></array>",
            value: [["1"]]),
    ]

    @Test(arguments: readCases)
    func readsWhatServersSend(_ testCase: ReadCase) throws {
        let node = try XMLRPCCodec.decodeResponse(Self.response(testCase.xml))
        #expect(node[0].value == testCase.value)
    }

    /// XML-RPC dates carry whole seconds: a fraction read is not written back.
    @Test(arguments: readCases.filter { !$0.name.contains("fraction") })
    func writesWhatItReads(_ testCase: ReadCase) throws {
        let data = try XMLRPCCodec.methodResponse(testCase.value)
        #expect(try XMLRPCCodec.decodeResponse(data)[0].value == testCase.value)
    }

    /// Values no server sent in the cases above, each written in a response and a call and
    /// read back.
    @Test(
        arguments: [
            [
                "": "", "a\rb": .base64(Data()),
                "x": [.struct(XMLRPCStruct()), [], .double(-0.0), .double(.leastNonzeroMagnitude)],
            ],
            .string("tab\t, line\n, cr\r, <&>\"' ü 🎉"), .i8(Int64.min), .double(.greatestFiniteMagnitude),
        ] as [XMLRPCValue])
    func writesWhatReadsBack(_ value: XMLRPCValue) throws {
        #expect(try XMLRPCCodec.decodeResponse(XMLRPCCodec.methodResponse(value))[0].value == value)
        let call = try XMLRPCCodec.decodeCall(XMLRPCCodec.methodCall("a.b<c>", parameters: [value, value]))
        #expect(call.methodName == "a.b<c>")
        #expect(call.parameters.map(\.value) == [value, value])
    }

    @Test func writesAFault() throws {
        #expect(
            String(decoding: XMLRPCCodec.fault(code: -32601, string: "no <such> method"), as: UTF8.self)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodResponse><fault><value><struct>"
                + "<member><name>faultCode</name><value><int>-32601</int></value></member>"
                + "<member><name>faultString</name><value><string>no &lt;such&gt; method</string></value></member>"
                + "</struct></value></fault></methodResponse>")
        #expect(
            String(decoding: XMLRPCCodec.fault(code: 1 << 40, string: ""), as: UTF8.self).contains(
                "<i8>1099511627776</i8>"))
        // A character XML cannot hold is left out of a fault string, never sent.
        #expect(throws: XMLRPCError.fault(code: 1, "bell")) {
            try XMLRPCCodec.decodeResponse(XMLRPCCodec.fault(code: 1, string: "bell\u{7}"))
        }
        #expect(throws: XMLRPCError.fault(code: 1, "not a character")) {
            try XMLRPCCodec.decodeResponse(XMLRPCCodec.fault(code: 1, string: "not a\u{FFFF} character\u{FFFE}"))
        }
    }

    @Test func charactersXMLCannotHoldAreRefused() {
        #expect(throws: XMLRPCError.encoding("cannot write a string: the character U+0007 is not allowed in XML 1.0")) {
            _ = try XMLRPCCodec.methodResponse("bell\u{7}")
        }
        #expect(throws: XMLRPCError.encoding("cannot write a string: the character U+FFFE is not allowed in XML 1.0")) {
            _ = try XMLRPCCodec.methodResponse("\u{FFFE}")
        }
    }

    @Test func writesTheSeedsShape() throws {
        let data = try XMLRPCCodec.methodCall(
            "demo.add",
            parameters: [42, "a\r<b>", true, 3.44, .dateTime(Date(timeIntervalSince1970: 0)), .base64(Data([1, 2]))])
        #expect(
            String(decoding: data, as: UTF8.self)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodCall><methodName>demo.add</methodName><params>"
                + "<param><value><int>42</int></value></param><param><value><string>a&#13;&lt;b&gt;</string></value></param>"
                + "<param><value><boolean>1</boolean></value></param><param><value><double>3.44</double></value></param>"
                + "<param><value><dateTime.iso8601>19700101T00:00:00</dateTime.iso8601></value></param>"
                + "<param><value><base64>AQI=</base64></value></param></params></methodCall>")
    }

    /// Member names are kept by position across the structs of a document: a name that
    /// changes, one that needs escaping, an empty one and a nested struct are each written
    /// as their own, and a name XML cannot hold is refused every time.
    @Test func writesEachStructsOwnMemberNames() throws {
        let value: XMLRPCValue = [
            ["a&b": 1, "x": [:]],
            ["a&b": 2, "y": ["x": 3, "a&b": 4]],
            ["": 5, "a&b": .nil],
            ["c": 6],
        ]
        #expect(
            String(decoding: try XMLRPCCodec.methodResponse(value), as: UTF8.self)
                == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodResponse><params><param><value><array><data>"
                + "<value><struct><member><name>a&amp;b</name><value><int>1</int></value></member>"
                + "<member><name>x</name><value><struct/></value></member></struct></value>"
                + "<value><struct><member><name>a&amp;b</name><value><int>2</int></value></member>"
                + "<member><name>y</name><value><struct><member><name>x</name><value><int>3</int></value></member>"
                + "<member><name>a&amp;b</name><value><int>4</int></value></member></struct></value></member>"
                + "</struct></value>"
                + "<value><struct><member><name/><value><int>5</int></value></member>"
                + "<member><name>a&amp;b</name><value><nil/></value></member></struct></value>"
                + "<value><struct><member><name>c</name><value><int>6</int></value></member></struct></value>"
                + "</data></array></value></param></params></methodResponse>")
        let refused = XMLRPCError.encoding(
            "cannot write a member's name: the character U+0007 is not allowed in XML 1.0")
        #expect(throws: refused) { _ = try XMLRPCCodec.methodResponse([["\u{7}": 1], ["\u{7}": 2]]) }
        #expect(throws: refused) { _ = try XMLRPCCodec.methodResponse([["a": 1], ["\u{7}": 2]]) }
    }
}
