import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

@Suite("XMLRPCDispatcher")
struct DispatcherTests {
    static let dispatcher = TestServices.dispatcher()

    static func call(_ method: String, _ parameters: [XMLRPCValue]) async throws -> XMLRPCNode {
        let body = try XMLRPCCodec.methodCall(method, parameters: parameters)
        return try XMLRPCCodec.decodeResponse(await dispatcher.respond(to: body))
    }

    static func fault(_ body: Data) async -> XMLRPCError? {
        do {
            _ = try XMLRPCCodec.decodeResponse(await dispatcher.respond(to: body))
            return nil
        } catch {
            return error
        }
    }

    @Test func typedMethodsReadTheirParametersAndWriteTheirResult() async throws {
        #expect(try await Self.call("add", [2, 3])[0].int32 == 5)
        #expect(try await Self.call("validator1.simpleStructReturnTest", [2])[0]["times1000"].int32 == 2000)
        #expect(try await Self.call("count", [1, 2, 3])[0].int32 == 3)
    }

    struct FaultCase: CustomTestStringConvertible, Sendable {
        var name: String
        var body: String
        var code: Int
        var string: String
        var testDescription: String { name }
    }

    static func callBody(_ method: String, _ params: String) -> String {
        "<methodCall><methodName>\(method)</methodName><params>\(params)</params></methodCall>"
    }

    static let faults: [FaultCase] = [
        FaultCase(
            name: "unknown method", body: callBody("nope", ""), code: -32601, string: "method 'nope' is not registered"),
        FaultCase(
            name: "near miss", body: callBody("easyStructTest", ""), code: -32601,
            string: "method 'easyStructTest' is not registered; did you mean 'validator1.easyStructTest'?"),
        FaultCase(
            name: "too few", body: callBody("add", "<param><value><int>1</int></value></param>"), code: -32602,
            string: "add takes 2 parameters (int, int), but was given 1"),
        FaultCase(
            name: "wrong type",
            body: callBody("add", "<param><value><int>1</int></value></param><param><value>two</value></param>"),
            code: -32602, string: "add: parameter 2 is a string, expected int"),
        FaultCase(
            name: "missing member",
            body: callBody("validator1.easyStructTest", "<param><value><struct></struct></value></param>"),
            code: -32602,
            string:
                "validator1.easyStructTest: parameter 1: <struct> is missing required property 'curly' (member 'curly')"
        ),
        FaultCase(
            name: "thrown fault",
            body: callBody("fail", "<param><value><int>7</int></value></param><param><value>x</value></param>"),
            code: 7, string: "x"),
        FaultCase(
            name: "other error", body: callBody("crash", ""), code: -32500,
            string: "crash failed: Error Domain=NSCocoaErrorDomain Code=4 \"The file doesn’t exist.\""),
        FaultCase(
            name: "not XML", body: "hello", code: -32700,
            string: "request:1:1: error: syntax error\n    1 | hello\n      | ^"),
        FaultCase(
            name: "not a methodCall", body: "<methodResponse><params/></methodResponse>", code: -32600,
            string: "request:1:1: error: the document is <methodResponse>, expected <methodCall>\n"
                + "    1 | <methodResponse><params/></methodResponse>\n      | ^"),
    ]

    @Test(arguments: faults)
    func failuresBecomeDocumentedFaults(_ testCase: FaultCase) async {
        let fault = await Self.fault(Data(testCase.body.utf8))
        #expect(fault?.faultCode == testCase.code)
        #expect(fault?.faultString == testCase.string)
    }

    /// Each struct parameter binds its own `<value>` only: a first parameter that is no
    /// `Stooges` does not stop the other two from reading, and an error in the third is
    /// located in the request.
    @Test func structParametersBindTheirOwnValuesOnly() async throws {
        var dispatcher = XMLRPCDispatcher()
        dispatcher.register("pick") { (_: XMLRPCValue, first: Stooges, second: Stooges) in first.curly * 10 + second.moe
        }
        func stooges(_ moe: String) -> String {
            "<param><value><struct><member><name>curly</name><value><int>4</int></value></member>\n"
                + "<member><name>larry</name><value><int>5</int></value></member>\n"
                + "<member><name>moe</name><value>\(moe)</value></member></struct></value></param>\n"
        }
        let other =
            "<param><value><struct><member><name>curly</name><value>none</value></member></struct></value></param>\n"
        let body = Self.callBody("pick", other + stooges("<int>6</int>") + stooges("<int>7</int>"))
        let answer = try XMLRPCCodec.decodeResponse(await dispatcher.respond(to: Data(body.utf8)))
        #expect(answer[0].int32 == 47)

        let wrong = Self.callBody("pick", other + stooges("<int>6</int>") + stooges("<string>seven</string>"))
        let call = try XMLRPCCodec.decodeCall(Data(wrong.utf8))
        #expect(try call.parameters[1].decode(as: Stooges.self).moe == 6)
        do {
            _ = try call.parameters[2].decode(as: Stooges.self)
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix(#"[2]: cannot convert "seven" to Int32"#), "\(error.message)")
            let line = wrong.split(separator: "\n", omittingEmptySubsequences: false)[6]
            #expect(line.hasPrefix("<member><name>moe</name><value><string>seven"))
            #expect(error.origin == Origin(file: "request", line: 7, column: 40))
        }
    }

    @Test func introspectionAndMulticallAreBuiltIn() async throws {
        let names = try await Self.call("system.listMethods", [])[0].decode(as: [String].self)
        #expect(names.contains("validator1.echoStructTest") && names.contains("system.methodSignature"))
        #expect(try await Self.call("system.methodHelp", ["echo"])[0].string == "Returns its parameter.")
        #expect(try await Self.call("system.methodSignature", ["add"])[0].value == [["int", "int", "int"]])
        #expect(try await Self.call("system.methodSignature", ["crash"])[0].value == [["boolean"]])
        let results = try await Self.call(
            "system.multicall",
            [[["methodName": "add", "params": [1, 2]], ["methodName": "nope", "params": []], ["methodName": 3]]])[0]
        #expect(results[0][0].int32 == 3)
        #expect(results[1]["faultCode"].int32 == -32601)
        #expect(results[2]["faultCode"].int32 == -32602)
    }

    /// Found by the `http` fuzz target: a body starting with a NUL (which expat takes for
    /// UTF-16) gets a diagnostic quoting U+FFFF, which XML cannot hold; the answer was empty.
    @Test func bodyTakenForUTF16IsAnsweredWithAWholeFault() async {
        var body = Data([0x00]) + Data("PO".utf8) + Data([0x00]) + Data("ST <x>".utf8)
        body += Data(repeating: 0xFF, count: 9) + Data(" <methodCall/>".utf8)
        let fault = await Self.fault(body)
        #expect(fault?.faultCode == -32700)
        #expect(fault?.faultString?.contains("request:1:") == true)
    }

    @Test func hostileRequestsAreRefusedWithAFault() async {
        let deep = String(repeating: "<value><array><data>", count: 3000)
        let fault = await Self.fault(Data(Self.callBody("echo", "<param>\(deep)</param>").utf8))
        #expect(fault?.faultCode == -32700)
        #expect(
            fault?.faultString?.contains("is nested 257 elements deep; the limit is 256 (ParseLimits.maximumDepth)")
                == true)
    }
}
