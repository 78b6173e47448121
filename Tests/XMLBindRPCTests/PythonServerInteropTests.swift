import Foundation
import Testing
import XMLBind
import XMLBindRPC
import XMLBindRPCServer

/// Our client against Python's `xmlrpc.server.SimpleXMLRPCServer`.
@Suite("Interop: XMLRPCClient against Python's SimpleXMLRPCServer", .serialized)
struct PythonServerInteropTests {
    static func withServer(_ body: (XMLRPCClient) async throws -> Void) async throws {
        let peer = try await PythonPeer.start("python_server.py")
        defer { peer.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(peer.firstLine)/RPC2"))
        try await body(XMLRPCClient(url: url, timeout: 10))
    }

    struct EchoCase: CustomTestStringConvertible, Sendable {
        var name: String
        var value: XMLRPCValue
        var testDescription: String { name }
    }

    static let echoCases: [EchoCase] = [
        EchoCase(name: "i4 max", value: .int(Int32.max)),
        EchoCase(name: "i4 min", value: .int(Int32.min)),
        EchoCase(name: "empty string", value: ""),
        EchoCase(name: "whitespace", value: "  \t\n  "),
        EchoCase(name: "XML-special", value: "<a href=\"x\">&amp; ]]> '</a>"),
        EchoCase(name: "non-ASCII", value: "Grüße, 日本語, 🎉"),
        EchoCase(name: "doubles", value: [0.1, 1e300, -2.5e-10, .double(.leastNonzeroMagnitude), -0.0]),
        EchoCase(name: "booleans", value: [true, false]),
        EchoCase(name: "dateTime", value: .dateTime(Date(timeIntervalSince1970: 1_714_566_605))),
        EchoCase(name: "base64", value: .base64(Data((0..<200).map { UInt8($0) }))),
        EchoCase(name: "empty base64", value: .base64(Data())),
        EchoCase(name: "nil", value: .nil),
        EchoCase(name: "empty array", value: []),
        EchoCase(name: "empty struct", value: .struct(XMLRPCStruct())),
        EchoCase(
            name: "nested structs and arrays",
            value: ["name": "outer", "inner": ["list": [1, "two", ["three": 3.0]], "deeper": ["x": [[], [[]]]]]]),
    ]

    @Test(arguments: echoCases)
    func echoesEveryTypeAndEdgeValue(_ testCase: EchoCase) async throws {
        try await Self.withServer { client in
            let response = try await client.call("echo", values: [testCase.value])
            // Python keeps a struct's members in the order it received them.
            #expect(response[0].value == testCase.value)
        }
    }

    struct DescribeCase: CustomTestStringConvertible, Sendable {
        var name: String
        var value: XMLRPCValue
        var python: [String]
        var testDescription: String { name }
    }

    /// Values Python reads but cannot send back (its writer knows no i8 and sends a `\r` raw).
    static let describeCases: [DescribeCase] = [
        DescribeCase(name: "i8 beyond 32 bits", value: .i8(Int64(Int32.max) + 1), python: ["int", "2147483648"]),
        DescribeCase(name: "i8 min", value: .i8(Int64.min), python: ["int", "-9223372036854775808"]),
        DescribeCase(name: "carriage return", value: "line\r\nnext\rend", python: ["str", "'line\\r\\nnext\\rend'"]),
        DescribeCase(name: "nil", value: .nil, python: ["NoneType", "None"]),
        DescribeCase(name: "double", value: .double(0.1), python: ["float", "0.1"]),
    ]

    @Test(arguments: describeCases)
    func pythonReceivesWhatWeSend(_ testCase: DescribeCase) async throws {
        try await Self.withServer { client in
            let received = try await client.call("describe", values: [testCase.value])[0].decode(as: [String].self)
            #expect(received == testCase.python)
        }
    }

    @Test func readsPythonsOwnForms() async throws {
        try await Self.withServer { client in
            let typed = try await client.call("typed")[0]
            #expect(typed["int"].int32 == 7)
            #expect(typed["double"].double == 0.1)
            #expect(typed["huge"].double == 1e300)
            #expect(typed["tiny"].double == -2.5e-10)
            #expect(typed["when"].date == Date(timeIntervalSince1970: 1_714_566_605))
            #expect(typed["bytes"].data == Data(Array(repeating: [0, 1, 2] as [UInt8], count: 40).joined()))
            #expect(typed["empty"].data == Data())
            #expect(typed["text"].string == "tab\tand <&> ü")
            #expect(typed["none"].isNil)
            #expect(typed["flag"].bool == false)
            #expect(typed["list"][1][1][0].int32 == 3)
            #expect(typed["missing"][3]["x"].string == nil)
        }
    }

    @Test func sendsTheSeedsSwiftTypes() async throws {
        try await Self.withServer { client in
            let date = Date(timeIntervalSince1970: 1_000_000_000)
            let response = try await client.call(
                "echo_all", [42, "text", 3.44, Float(3.44), date, Data([1, 2, 3]), true, Int8(-8), UInt16(65535)])
            #expect(
                response[0].value == [
                    42, "text", 3.44, 3.44, .dateTime(date), .base64(Data([1, 2, 3])), true, -8, 65535,
                ])
            let big = try await client.call("describe", [Int(1) << 40], returning: [String].self)
            #expect(big == ["int", "1099511627776"])
        }
    }

    /// An `XMLRPCStructConvertible` value is a parameter in every call form, alone, in an
    /// array, in a dictionary and as an optional, and Python receives the struct it stands for.
    @Test func structConvertibleValuesAreParameters() async throws {
        var item = Item()
        item.index = 7
        item.name = "seven & <more>"
        item.ok = true
        let expected: XMLRPCValue = ["index": 7, "name": "seven & <more>", "ok": true]
        try await Self.withServer { client in
            #expect(try await client.call("echo", [item])[0].value == expected)
            #expect(try await client.call("echo", [item], returning: Item.self) == item)
            #expect(try await client.call("echo", [[item, item]])[0].value == [expected, expected])
            #expect(try await client.call("echo", [["one": item]])[0].value == ["one": expected])
            let optional: Item? = item
            #expect(try await client.call("echo", [optional as Any])[0].value == expected)
            let request = ItemRequest(url: client.url, parameters: [item])
            #expect(try await client.call(request)[0].value == expected)
            let results = try await client.multicall([XMLRPCClient.Call("echo", [item])])
            #expect(try results[0].get().value == expected)
            let completed = await withCheckedContinuation { continuation in
                client.call("echo", [item]) { continuation.resume(returning: $0) }
            }
            #expect(try completed.get()[0].value == expected)
        }
    }

    @Test func aLargeArrayComesBackGzipped() async throws {
        try await Self.withServer { client in
            let items = try await client.call("big", [5000])[0]
            #expect(items.count == 5000)
            #expect(items[4999]["name"].string == "item 4999")
            #expect(items[4998]["ok"].bool == true)
            let acceptEncoding = try await client.call("accept_encoding", returning: String.self)
            #expect(acceptEncoding.contains("gzip"))
        }
    }

    @Test func faultsAreErrorsWithCodeAndString() async throws {
        try await Self.withServer { client in
            let error = await #expect(throws: XMLRPCError.self) { _ = try await client.call("fail", [42, "no way"]) }
            #expect(error?.code == .fault)
            #expect(error?.faultCode == 42)
            #expect(error?.faultString == "no way")
            #expect(error?.description == "fault 42: no way")
            let crash = await #expect(throws: XMLRPCError.self) { _ = try await client.call("crash") }
            #expect(crash?.faultCode == 1)
            #expect(crash?.faultString?.contains("ZeroDivisionError") == true)
        }
    }

    @Test func unknownMethodsAreFaults() async throws {
        try await Self.withServer { client in
            let error = await #expect(throws: XMLRPCError.self) { _ = try await client.call("no.such.method") }
            #expect(error?.code == .fault)
            #expect(error?.faultString?.contains("no.such.method") == true)
        }
    }

    @Test func multicallGivesOneResultOrFaultPerCall() async throws {
        try await Self.withServer { client in
            let results = try await client.multicall([
                XMLRPCClient.Call("add", [1, 2]), XMLRPCClient.Call("fail", [7, "seven"]),
                XMLRPCClient.Call("echo", ["x"]),
            ])
            #expect(results.count == 3)
            #expect(try results[0].get().int32 == 3)
            #expect(throws: XMLRPCError.fault(code: 7, "seven")) { try results[1].get() }
            #expect(try results[2].get().string == "x")
        }
    }

    @Test func introspection() async throws {
        try await Self.withServer { client in
            let methods = try await client.listMethods()
            #expect(methods.contains("echo") && methods.contains("system.multicall"))
            #expect(try await client.methodHelp("echo") == "Returns its parameter.")
            // Python does not know signatures and says so with a string.
            #expect(try await client.methodSignature("echo") == nil)
        }
    }

    @Test func typedResultsBindIntoDeclaredTypes() async throws {
        try await Self.withServer { client in
            let items = try await client.call("big", [3], returning: [Item].self)
            #expect(items.map(\.name) == ["item 0", "item 1", "item 2"])
            #expect(items.map(\.ok) == [true, false, true])
            let error = await #expect(throws: XMLRPCError.self) {
                _ = try await client.call("echo", [["index": "seven", "name": "x"]], returning: Item.self)
            }
            #expect(error?.code == .unexpectedResponse)
            #expect(
                error?.message
                    == #"[0]: cannot convert "seven" to Int32 for property 'index' of <struct>: not an integer"#)
            #expect(error?.origin?.line != nil)
        }
    }
}

struct Item: Bindable, XMLRPCStructConvertible, Equatable {
    var index: Int32 = 0
    var name = ""
    var ok = false
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Item.self)
        .property(\.index).required()
        .property(\.name).required()
        .property(\.ok)
}

/// A call described by a value, with a struct parameter.
struct ItemRequest: XMLRPCRequestConvertible {
    var url: URL
    var methodName = "echo"
    var parameters: [Any]
}
