import Foundation
import Testing
import XMLBind

@testable import XMLBindRPC

/// A struct with members of several types: required and optional, a conversion, a nested
/// struct, arrays.
private struct Listing: Bindable, XMLRPCStructConvertible, Equatable {
    var id: Int32 = 0
    var title = ""
    var score = 0.0
    var active = false
    var note: String? = "unset"
    var big: Int64?
    var when = Date(timeIntervalSince1970: 0)
    var blob = Data()
    var size = Size.small
    var part = Section()
    var counts: [Int32] = []
    var parts: [Section] = []
    init() {}

    enum Size: String, CaseIterable { case small, large }
    static let sizes = Conversion<Size>(
        parse: { text in
            guard let size = Size(rawValue: text) else { throw ConversionError("not small or large") }
            return size
        },
        format: \.rawValue)

    static let xmlrpcMembers = xmlrpcMapping(Listing.self)
        .member(\.id).required()
        .member(\.title).required()
        .member(\.score)
        .member(\.active)
        .member(\.note)
        .member(\.big, name: "big number")
        .member(\.when)
        .member(\.blob)
        .member(\.size, conversion: sizes)
        .member(\.part)
        .member(\.counts)
        .member(\.parts)
}

private struct Section: Bindable, XMLRPCStructConvertible, Equatable {
    var label = ""
    var weight: Int32?
    init() {}

    static let xmlrpcMembers = xmlrpcMapping(Section.self).member(\.label).required().member(\.weight)
}

@Suite("Typed decode straight from the parser")
struct DirectDecodingTests {
    /// The outcome of a decode as text: the value, or the error as a person sees it.
    static func outcome<T>(_ body: () throws(XMLRPCError) -> T) -> String {
        do {
            return "\(try body())"
        } catch {
            return "error \(error.code): \(error.description)"
        }
    }

    /// The two-step path: the tree, then the typed walk.
    static func twoStep<T: XMLRPCDecodable>(_ data: Data, as type: T.Type) throws(XMLRPCError) -> T {
        try XMLRPCCodec.decodeResponse(data)[0].decode(T.self)
    }

    static func response(_ value: String) -> Data {
        Data("<?xml version=\"1.0\"?>\n<methodResponse><params><param>\(value)</param></params></methodResponse>".utf8)
    }

    /// A member's value, in one of the forms peers write.
    static func member(_ name: String, _ value: XMLRPCValue, using generator: inout SeededGenerator) -> String {
        let s = { (generator: inout SeededGenerator) in RandomValues.space(using: &generator) }
        let written = RandomValues.handWritten(value, using: &generator)
        let named = "<name>\(RandomValues.escaped(name))</name>"
        let body =
            generator.next() % 4 == 0 ? written + s(&generator) + named : named + s(&generator) + written
        return "<member>" + s(&generator) + body + s(&generator) + "</member>" + s(&generator)
    }

    static func part(using generator: inout SeededGenerator) -> XMLRPCValue {
        var members = [XMLRPCStruct.Member(name: "label", value: .string(RandomValues.text(using: &generator)))]
        if Bool.random(using: &generator) {
            members.append(.init(name: "weight", value: .int(Int32.random(in: -9...9, using: &generator))))
        }
        if generator.next() % 5 == 0 { members.append(.init(name: "extra", value: .boolean(true))) }
        members.shuffle(using: &generator)
        return .struct(XMLRPCStruct(members))
    }

    /// The members of a valid item, in random order, with unknown members and repeats.
    static func item(using generator: inout SeededGenerator) -> String {
        var members: [(String, XMLRPCValue)] = [
            ("id", .int(Int32.random(in: .min ... .max, using: &generator))),
            ("title", .string(RandomValues.text(using: &generator))),
        ]
        let optional: [(String, XMLRPCValue)] = [
            ("score", .double(Double.random(in: -1e6...1e6, using: &generator))),
            ("active", .boolean(Bool.random(using: &generator))),
            ("note", Bool.random(using: &generator) ? .nil : .string(RandomValues.text(using: &generator))),
            (
                "big number",
                Bool.random(using: &generator) ? .nil : .i8(Int64.random(in: .min ... .max, using: &generator))
            ),
            (
                "when",
                .dateTime(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))))
            ),
            (
                "blob",
                .base64(
                    Data(
                        (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                            UInt8.random(in: 0...255, using: &generator)
                        }))
            ),
            ("size", .string(Listing.Size.allCases.randomElement(using: &generator)?.rawValue ?? "small")),
            ("part", part(using: &generator)),
            (
                "counts",
                .array(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        .int(Int32.random(in: -99...99, using: &generator))
                    })
            ),
            ("parts", .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in part(using: &generator) })),
        ]
        members += optional.filter { _ in generator.next() % 3 != 0 }
        // Unknown members of any shape, and repeats of declared ones (the first is read).
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            members.append(("unknown \(generator.next() % 9)", RandomValues.value(depth: 1, using: &generator)))
        }
        members.shuffle(using: &generator)
        if generator.next() % 4 == 0, let repeated = members.randomElement(using: &generator) {
            members.append((repeated.0, RandomValues.value(depth: 2, using: &generator)))
        }
        let body = members.map { member($0.0, $0.1, using: &generator) }.joined()
        return "<value>" + RandomValues.space(using: &generator) + "<struct>\(body)</struct></value>"
    }

    static func items(count: Int, using generator: inout SeededGenerator) -> Data {
        let values = (0..<count).map { _ in item(using: &generator) + RandomValues.space(using: &generator) }
        return response("<value><array><data>\n" + values.joined() + "</data></array></value>")
    }

    @Test func randomArraysOfStructsDecodeDirectlyAsTheTreeDoes() throws {
        var generator = SeededGenerator(seed: 1616)
        for round in 0..<150 {
            let data = Self.items(count: Int.random(in: 0...6, using: &generator), using: &generator)
            let tree = try Self.twoStep(data, as: [Listing].self)
            // The corpus never falls back: the direct reading alone gives the result.
            let direct = DirectBinders.decode(data, as: [Listing].self, file: "response")
            #expect(direct == tree, "round \(round): \(String(decoding: data, as: UTF8.self))")
            #expect(try XMLRPCCodec.decodeResponse(data, as: [Listing].self) == tree, "round \(round)")
        }
    }

    @Test func oneStructAndOtherTypesDecodeDirectlyAsTheTreeDoes() throws {
        var generator = SeededGenerator(seed: 61)
        for round in 0..<100 {
            let item = Self.response(Self.item(using: &generator))
            #expect(
                DirectBinders.decode(item, as: Listing.self, file: "response")
                    == (try Self.twoStep(item, as: Listing.self)), "round \(round)")
            let value = RandomValues.value(depth: 0, using: &generator)
            let data = Self.response(RandomValues.handWritten(value, using: &generator))
            #expect(
                Self.outcome { () throws(XMLRPCError) in try XMLRPCCodec.decodeResponse(data, as: XMLRPCValue.self) }
                    == Self.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: XMLRPCValue.self) })
            #expect(
                Self.outcome { () throws(XMLRPCError) in try XMLRPCCodec.decodeResponse(data, as: [String: Int32].self)
                } == Self.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: [String: Int32].self) })
            #expect(
                Self.outcome { () throws(XMLRPCError) in try XMLRPCCodec.decodeResponse(data, as: [String?].self) }
                    == Self.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: [String?].self) })
        }
        let scalar = Self.response("<value><i4>42</i4></value>")
        #expect(DirectBinders.decode(scalar, as: Int32.self, file: "response") == 42)
        #expect(try XMLRPCCodec.decodeResponse(scalar, as: Int.self) == 42)
    }

    static let valid =
        "<member><name>id</name><value><int>1</int></value></member><member><name>title</name><value>t</value></member>"

    /// Documents the direct reading must not take: each gives the two-step path's error.
    static let refused: [String] = [
        // Wrong types, missing members, a failing conversion, deep in the array.
        "<value><array><data><value><struct><member><name>id</name><value>one</value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct><member><name>title</name><value>t</value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><name>size</name><value>huge</value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><name>part</name><value><struct/></value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><name>parts</name><value><array><data><value><struct><member><name>label</name><value><int>3</int></value></member></struct></value></data></array></value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><value><i8>5</i8></value><name>counts</name></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)</struct></value><value><int>2</int></value></data></array></value>",
        "<value><struct>\(valid)</struct></value>",
        "<value><string>no array</string></value>",
        "<value/>",
        // Malformed values, an unknown member that does not parse, attributes.
        "<value><array><data><value><struct>\(valid)<member><name>x</name><value><int>1.5</int></value></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><name>x</name></member></struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)<member><name>id</name><value>1</value><value>2</value></member></struct></value></data></array></value>",
        "<value><array><data><value kind=\"x\"><struct>\(valid)</struct></value></data></array></value>",
        "<value><array><data><value><struct>\(valid)</struct></value></data></array><int>1</int></value>",
    ]

    static let refusedDocuments: [Data] =
        refused.map(response)
        + [
            "<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>4</int></value></member>"
                + "<member><name>faultString</name><value><string>Too many</string></value></member></struct></value>"
                + "</fault></methodResponse>",
            "<methodResponse><fault><value><string>not a struct</string></value></fault></methodResponse>",
            "<methodResponse><params/></methodResponse>",
            "<methodResponse></methodResponse>",
            "<methodCall><methodName>x</methodName></methodCall>",
            "<methodResponse><params><param><value><array><data></data></array></value></param>",
            "not xml",
        ].map { Data($0.utf8) }

    @Test func refusedDocumentsGiveTheTwoStepError() {
        for data in Self.refusedDocuments {
            let document = String(decoding: data, as: UTF8.self)
            #expect(DirectBinders.decode(data, as: [Listing].self, file: "response") == nil, "\(document)")
            let direct = Self.outcome { () throws(XMLRPCError) in
                try XMLRPCCodec.decodeResponse(data, as: [Listing].self)
            }
            let twoStep = Self.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: [Listing].self) }
            #expect(direct.hasPrefix("error "), "\(document)")
            #expect(direct == twoStep, "\(document)")
        }
    }

    @Test func aDocumentOnlyTheTreeAcceptsGivesTheTreesResult() throws {
        // Text between members: the value reader refuses it, the reference mappings ignore it.
        let data = Self.response(
            "<value><array><data><value><struct>\(Self.valid)text</struct></value></data></array></value>")
        #expect(DirectBinders.decode(data, as: [Listing].self, file: "response") == nil)
        let listings = try XMLRPCCodec.decodeResponse(data, as: [Listing].self)
        #expect(listings == (try Self.twoStep(data, as: [Listing].self)))
        #expect(listings.map(\.title) == ["t"])
    }

    @Test func aFaultIsThrownAsAFault() {
        let fault = Self.refusedDocuments[Self.refused.count]
        #expect(throws: XMLRPCError.fault(code: 4, "Too many")) {
            try XMLRPCCodec.decodeResponse(fault, as: [Listing].self)
        }
    }

    @Test func aLocatedErrorNamesTheMember() {
        let data = Self.response(Self.refused[0])
        let outcome = Self.outcome { () throws(XMLRPCError) in try XMLRPCCodec.decodeResponse(data, as: [Listing].self)
        }
        #expect(outcome.contains("response:2:"), "\(outcome)")
        #expect(outcome.contains("[0][0][\"id\"] is a string, expected int"), "\(outcome)")
    }

    @Test func damagedDocumentsGiveTheTwoStepOutcome() {
        var generator = SeededGenerator(seed: 7)
        var failed = 0
        for round in 0..<200 {
            var bytes = Array(Self.items(count: 2, using: &generator))
            switch generator.next() % 3 {
            case 0: bytes.removeLast(Int(generator.next() % UInt64(bytes.count / 2 + 1)))
            case 1:
                let at = Int(generator.next() % UInt64(bytes.count))
                bytes[at] = Array("<>/x1 a".utf8)[Int(generator.next() % 7)]
            default: bytes.insert(contentsOf: Array("<i4>".utf8), at: Int(generator.next() % UInt64(bytes.count)))
            }
            let data = Data(bytes)
            let direct = Self.outcome { () throws(XMLRPCError) in
                try XMLRPCCodec.decodeResponse(data, as: [Listing].self)
            }
            let twoStep = Self.outcome { () throws(XMLRPCError) in try Self.twoStep(data, as: [Listing].self) }
            #expect(direct == twoStep, "round \(round)")
            if direct.hasPrefix("error ") { failed += 1 }
        }
        #expect(failed > 20, "\(failed) of 200 damaged documents failed")
    }
}
