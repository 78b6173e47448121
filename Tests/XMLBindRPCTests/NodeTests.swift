import Foundation
import Testing

@testable import XMLBindRPC

@Suite("XMLRPCNode")
struct NodeTests {
    static let node = XMLRPCNode(list: [
        ["people": [["name": "Ann", "age": 42], ["name": "Bob", "age": .i8(1 << 40)]], "ok": true, "none": nil]
    ])

    @Test func subscriptsNeverFailAndGettersFitTheType() {
        let node = Self.node
        #expect(node[0]["people"][0]["name"].string == "Ann")
        #expect(node[0]["people"][0]["age"].int32 == 42)
        #expect(node[0]["people"][1]["age"].int32 == nil)
        #expect(node[0]["people"][1]["age"].int64 == 1 << 40)
        #expect(node[0]["people"][9]["name"].string == nil)
        #expect(node[0]["people"]["name"].exists == false)
        #expect(node[3].exists == false)
        #expect(node[0]["ok"].bool == true)
        #expect(node[0]["ok"].string == nil)
        #expect(node[0]["none"].isNil)
        #expect(node[0]["people"].count == 2)
        #expect(node[0].count == 3)
        #expect(node.count == 1)
        #expect(node[0].dictionary?.keys.sorted() == ["none", "ok", "people"])
        #expect(node[0]["people"].array?.count == 2)
        #expect(node[0]["people"][1]["name"].path == "[0][\"people\"][1][\"name\"]")
    }

    @Test func printsAnIndentedTree() {
        #expect(
            Self.node[0].description == """
                struct (3)
                  people: array (2)
                    [0] struct (2)
                      name: string "Ann"
                      age: int 42
                    [1] struct (2)
                      name: string "Bob"
                      age: i8 1099511627776
                  ok: boolean true
                  none: nil
                """)
        #expect(Self.node[5].description == "(no value at [5])")
    }

    @Test func decodesStandardTypes() throws {
        #expect(try Self.node[0]["people"][0]["age"].decode(as: Int.self) == 42)
        #expect(try Self.node[0]["people"].decode(as: [[String: XMLRPCValue]].self).count == 2)
        #expect(try Self.node[0]["none"].decode(as: String?.self) == nil)
        #expect(throws: XMLRPCError.self) { try Self.node[0]["ok"].decode(as: String.self) }
    }

    @Test func encoderFollowsTheTable() throws {
        let date = Date(timeIntervalSince1970: 86_400)
        let values = try XMLRPCEncoder().parameters([
            "s", 1, Int32(2), Int16(3), Int8(4), UInt16(5), UInt8(6), Int(1) << 33, true, 2.5, Float(0.1), date,
            Data([9]),
            [1, "a"], ["b": 2, "a": 1], Optional<Int>.none as Any,
            KeyValuePairs<String, Any>(dictionaryLiteral: ("z", 1), ("y", 2)),
        ])
        let expected: [XMLRPCValue] = [
            "s", 1, 2, 3, 4, 5, 6, .i8(1 << 33), true, 2.5, 0.1, .dateTime(date), .base64(Data([9])), [1, "a"],
            ["a": 1, "b": 2], .nil, ["z": 1, "y": 2],
        ]
        #expect(values == expected)
    }

    enum Color: String, XMLRPCRawValueRepresentable {
        case red, green
        static var xmlrpcKind: XMLRPCValueKind { .string }
        var xmlrpcRawValue: String { rawValue }
        init?(xmlrpcRawValue: String) { self.init(rawValue: xmlrpcRawValue) }
    }

    struct Level: XMLRPCRawValueRepresentable {
        var raw: String
        static var xmlrpcKind: XMLRPCValueKind { .int }
        var xmlrpcRawValue: String { raw }
        init?(xmlrpcRawValue: String) { raw = xmlrpcRawValue }
        init(_ raw: String) { self.raw = raw }
    }

    @Test func rawValueRepresentableTypesAreSentAsTheirKind() throws {
        #expect(try XMLRPCEncoder().value(Color.green) == "green")
        #expect(try XMLRPCEncoder().value(Level("12")) == 12)
        #expect(throws: XMLRPCError.encoding("value: Level gave \"high\", which is not a valid int")) {
            _ = try XMLRPCEncoder().value(Level("high"))
        }
        #expect(XMLRPCValueKind.dateTime.rawValue == "dateTime.iso8601")
    }

    @Test func dateTimeFormsAndRange() {
        #expect(XMLRPCDateTime.format(Date(timeIntervalSince1970: -1)) == "19691231T23:59:59")
        #expect(XMLRPCDateTime.parse("19691231T23:59:59") == Date(timeIntervalSince1970: -1))
        #expect(XMLRPCDateTime.parse("20240501T123005") == Date(timeIntervalSince1970: 1_714_566_605))
        #expect(XMLRPCDateTime.parse("2024-05-01T12:30:05-0130") == Date(timeIntervalSince1970: 1_714_566_605 + 5400))
        #expect(XMLRPCDateTime.parse("2024-13-01T12:30:05") == nil)
        #expect(XMLRPCDateTime.parse("yesterday") == nil)
        // The calendar is the core's: February 2023 has 28 days, 2024's 29.
        #expect(XMLRPCDateTime.parse("20230229T00:00:00") == nil)
        #expect(XMLRPCDateTime.parse(" 20240229T00:00:00\n") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(XMLRPCDateTime.format(Date(timeIntervalSince1970: 1_709_164_800.75)) == "20240229T00:00:00")
        #expect(XMLRPCDateTime.format(Date(timeIntervalSince1970: 253_402_300_800)) == "100000101T00:00:00")
        #expect(XMLRPCDateTime.format(Date(timeIntervalSince1970: .nan)) == "19700101T00:00:00")
    }
}
