import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// The encoders' output buffer: the core writer's, grown as the document needs, and handed
/// to the returned `Data` without a copy.
@Suite("Encoding buffer")
struct EncodingBufferTests {
    /// An array of `count` structs shaped like a typical response (ids, names and addresses
    /// that grow with a counter, doubles, flags).
    static func records(_ count: Int) -> XMLRPCValue {
        .array(
            (0..<count).map { index in
                [
                    "id": .int(Int32(index)), "name": .string("Customer \(index)"),
                    "email": .string("c\(index)@example.com"), "score": .double(Double(index) * 0.37 + 0.001),
                    "active": .boolean(index % 3 != 0),
                ]
            })
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var value: XMLRPCValue
    }

    static let shapes: [Case] = [
        Case(testDescription: "records", value: records(5_000)),
        Case(testDescription: "one record", value: records(1)),
        Case(testDescription: "empty array", value: .array([])),
        Case(testDescription: "empty string", value: ""),
        Case(
            testDescription: "strings growing along the array",
            value: .array((0..<2_000).map { .string(String(repeating: "é", count: $0 / 40)) })),
        Case(
            testDescription: "strings of varied lengths",
            value: .array((0..<2_000).map { .string(String(repeating: "é&", count: $0 % 50)) })),
        Case(
            testDescription: "nested arrays and structs",
            value: .array(
                (0..<300).map { index in
                    [
                        "tags": .array([.string("t\(index)"), .nil, .i8(-Int64(index) << 40)]),
                        "data": .base64(Data(count: index % 7)), "when": .dateTime(Date(timeIntervalSince1970: 0)),
                    ]
                })),
        Case(
            testDescription: "arrays nested forty deep",
            value: (0..<40).reduce(XMLRPCValue.string("core")) { inner, _ in .array([inner]) }),
    ]

    @Test(arguments: shapes) func everyShapeIsWrittenWholeAndReadsBack(_ shape: Case) throws {
        let data = try XMLRPCCodec.methodResponse(shape.value)
        #expect(data.suffix(17) == Data("</methodResponse>".utf8))
        #expect(try XMLRPCCodec.decodeResponse(data)[0].value == shape.value)
    }

    @Test func aLargeResponseIsWholeAndReadsBack() throws {
        let value = Self.records(30_000)
        let data = try XMLRPCCodec.methodResponse(value)
        #expect(data.count > 10_000_000)
        #expect(data.prefix(38) == Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8))
        #expect(data.suffix(17) == Data("</methodResponse>".utf8))
        let node = try XMLRPCCodec.decodeResponse(data)
        #expect(node[0].count == 30_000)
        #expect(node[0][29_999]["email"].string == "c29999@example.com")
    }

    @Test func aCallIsSizedByItsParametersAndName() throws {
        let name = String(repeating: "system.", count: 2_000) + "echo"
        let data = try XMLRPCCodec.methodCall(name, parameters: [Self.records(100), "x"])
        let call = try XMLRPCCodec.decodeCall(data)
        #expect(call.methodName == name)
        #expect(call.parameters.count == 2)
        #expect(call.parameters[0].count == 100)
        let bare = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodCall><methodName>m</methodName>"
        #expect(try XMLRPCCodec.methodCall("m", parameters: []) == Data((bare + "<params></params></methodCall>").utf8))
    }

    @Test func theDocumentOutlivesItsWriterAndCanBeChanged() throws {
        var data = try XMLRPCCodec.methodResponse(encoding: [Int32(1), 2, 3])
        let original = data
        data.append(contentsOf: Array(" ".utf8))
        data[data.startIndex] = UInt8(ascii: " ")
        #expect(original.first == UInt8(ascii: "<"))
        #expect(try XMLRPCCodec.decodeResponse(original)[0][2].int32 == 3)
        #expect(data.count == original.count + 1)
    }
}
