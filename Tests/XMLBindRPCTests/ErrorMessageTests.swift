import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// Errors as a person reads them, whole.
@Suite("XMLRPCError messages")
struct ErrorMessageTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var document: String
        var message: String
        var testDescription: String { name }
    }

    static let responses: [Case] = [
        Case(
            name: "not well-formed",
            document: "<methodResponse><params><param><value><int>1</int></param></params></methodResponse>",
            message: """
                malformed XML-RPC document:
                response:1:53: error: mismatched end tag: expected </value> to close <value>, found </param>
                    1 | <methodResponse><params><param><value><int>1</int></param></params></methodResponse>
                      |                                                     ^
                      |                                                   </value>
                response:1:32: note: <value> opened here
                    1 | <methodResponse><params><param><value><int>1</int></param></params></methodResponse>
                      |                                ^
                """),
        Case(
            name: "not an int",
            document:
                "<methodResponse>\n<params><param><value><int>twelve</int></value></param></params>\n</methodResponse>",
            message: """
                malformed XML-RPC document:
                response:2:28: error: cannot convert "twelve" to Int32 for property 'int' of <value>: not an integer
                    2 | <params><param><value><int>twelve</int></value></param></params>
                      |                            ^
                """),
        Case(
            name: "unknown type",
            document:
                "<methodResponse><params><param><value><integer>1</integer></value></param></params></methodResponse>",
            message: """
                malformed XML-RPC document:
                response:1:39: error: unknown element <integer> inside <value>
                    1 | <methodResponse><params><param><value><integer>1</integer></value></param></params></methodResponse>
                      |                                       ^
                """),
        Case(
            name: "two typed elements in one value",
            document:
                "<methodResponse><params><param><value><array><data><value><int>1</int><string>1</string></value>"
                + "</data></array></value></param></params></methodResponse>",
            message: """
                malformed XML-RPC document:
                response:1:71: error: a <value> holds one typed element, and this one holds several
                    1 | <methodResponse><params><param><value><array><data><value><int>1</int><string>1</string></value></data></array></value></param></params></methodResponse>
                      |                                                                       ^
                response:1:59: note: <int> given here
                    1 | <methodResponse><params><param><value><array><data><value><int>1</int><string>1</string></value></data></array></value></param></params></methodResponse>
                      |                                                           ^
                """),
        Case(
            name: "a member without a value",
            document:
                "<methodResponse><params><param><value><struct>\n<member><name>a</name></member>\n"
                + "</struct></value></param></params></methodResponse>",
            message: """
                malformed XML-RPC document:
                response:2:1: error: <member> is missing required property 'value' (child element <value>)
                    2 | <member><name>a</name></member>
                      | ^
                """),
        Case(
            name: "not a response",
            document: "<html><body>502 Bad Gateway</body></html>",
            message: """
                malformed XML-RPC document:
                response:1:1: error: unknown element <html> as the root element
                    1 | <html><body>502 Bad Gateway</body></html>
                      | ^
                """),
    ]

    @Test(arguments: responses)
    func malformedResponses(_ testCase: Case) {
        do {
            _ = try XMLRPCCodec.decodeResponse(Data(testCase.document.utf8))
            Issue.record("no error for \(testCase.name)")
        } catch {
            #expect(error.code == .malformedResponse)
            #expect(error.description == testCase.message)
        }
    }

    @Test func aFaultPrintsItsCodeAndString() {
        let fault = XMLRPCError.fault(code: 4, "Too many parameters.")
        #expect(fault.description == "fault 4: Too many parameters.")
    }

    @Test func aMemberOfTheWrongTypeIsLocated() throws {
        let document = """
            <methodResponse><params><param><value><array><data>
            <value><struct><member><name>index</name><value><string>one</string></value></member>
              <member><name>name</name><value>x</value></member></struct></value>
            </data></array></value></param></params></methodResponse>
            """
        let node = try XMLRPCCodec.decodeResponse(Data(document.utf8))
        do {
            _ = try node[0].decode(as: [Item].self)
            Issue.record("no error")
        } catch {
            #expect(
                error.message == #"[0]: cannot convert "one" to Int32 for property 'index' of <struct>: not an integer"#
            )
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(
                Array(lines.prefix(3)) == [
                    #"response:2:57: error: cannot convert "one" to Int32 for property 'index' of <struct>: not an integer"#,
                    "    2 | <value><struct><member><name>index</name><value><string>one</string></value></member>",
                    "      |" + String(repeating: " ", count: 57) + "^",
                ])
        }
    }

    @Test func aMissingRequiredMemberIsLocatedAtItsStruct() throws {
        let document =
            "<methodResponse><params><param><value><struct><member><name>name</name><value>x</value></member></struct></value></param></params></methodResponse>"
        do {
            _ = try XMLRPCCodec.decodeResponse(Data(document.utf8))[0].decode(as: Item.self)
            Issue.record("no error")
        } catch {
            #expect(error.code == .unexpectedResponse)
            #expect(error.message == "[0]: <struct> is missing required property 'index' (member 'index')")
            #expect(error.origin == Origin(file: "response", line: 1, column: 39))
        }
    }

    @Test func valuesSwiftCannotSendAreNamed() {
        struct Opaque {}
        #expect(
            throws: XMLRPCError.encoding(
                "parameter 2, member 'x'[1]: XML-RPC cannot carry a value of type Opaque; conform it to XMLRPCStructConvertible, XMLRPCEncodable or XMLRPCRawValueRepresentable, or pass an XMLRPCValue"
            )
        ) {
            _ = try XMLRPCEncoder().parameters([1, ["x": [1, Opaque()]]])
        }
        #expect(
            throws: XMLRPCError.encoding(
                "parameter 1: 4294967296 does not fit a 32-bit XML-RPC int, and i8 is turned off")
        ) {
            _ = try XMLRPCEncoder(allowsI8: false).parameters([Int(1) << 32])
        }
    }
}
