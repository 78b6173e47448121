import Foundation
import Testing
import XMLBind
import XMLBindTestSupport

@testable import XMLBindRPC

/// The fast `<value>` reader against the declarative reference: on every document of the
/// corpus both accept or both refuse, accepted documents give the same compact tree
/// (values, types, member order, byte offsets), and refused ones the reference's error.
@Suite("Fast value reading against the reference mapping")
struct FastReadingTests {
    /// Whether two trees are the same, down to payload cases, byte offsets and the bits of
    /// each double; nil when they are, else where they differ.
    static func difference(_ a: CompactValue, _ b: CompactValue, at path: String = "") -> String? {
        guard a.byteOffset == b.byteOffset else { return "\(path): byte offset \(a.byteOffset) vs \(b.byteOffset)" }
        switch (a.payload, b.payload) {
        case (.text(let x), .text(let y)), (.string(let x), .string(let y)):
            return x == y ? nil : "\(path): \"\(x)\" vs \"\(y)\""
        case (.int(let x), .int(let y)), (.i4(let x), .i4(let y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case (.i8(let x), .i8(let y)), (.extensionI8(let x), .extensionI8(let y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case (.boolean(let x), .boolean(let y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case (.double(let x), .double(let y)):
            return x.bitPattern == y.bitPattern ? nil : "\(path): \(x) vs \(y)"
        case (.dateTime(let x), .dateTime(let y)):
            return x == y ? nil : "\(path): \(x) vs \(y)"
        case (.base64(let x), .base64(let y)):
            return x == y ? nil : "\(path): base64 differs"
        case (.nil, .nil):
            return nil
        case (.members(let x), .members(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) members" }
            for (left, right) in zip(x, y) {
                guard left.name == right.name else { return "\(path): member \(left.name) vs \(right.name)" }
                if let found = difference(left.value, right.value, at: path + "." + left.name) { return found }
            }
            return nil
        case (.values(let x), .values(let y)):
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) values" }
            for (index, (left, right)) in zip(x, y).enumerated() {
                if let found = difference(left, right, at: path + "[\(index)]") { return found }
            }
            return nil
        default:
            return "\(path): \(a.payload) vs \(b.payload)"
        }
    }

    /// Reads `document` both ways and checks that they agree; returns whether it was accepted.
    @discardableResult
    static func check(
        _ document: String, root: XMLRPCCodec.MessageRoot = .methodResponse,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let data = Data(document.utf8)
        let fast = XMLRPCCodec.fastMessage(data, file: "corpus", root: root)
        let reference = Result { () throws(XMLRPCError) in
            try XMLRPCCodec.referenceMessage(data, file: "corpus", root: root)
        }
        switch (fast, reference) {
        case (let fast?, .success(let reference)):
            #expect(fast.methodName == reference.methodName, sourceLocation: sourceLocation)
            #expect(fast.parameters.count == reference.parameters.count, "\(document)", sourceLocation: sourceLocation)
            for (index, (left, right)) in zip(fast.parameters, reference.parameters).enumerated() {
                let found = difference(left, right, at: "[\(index)]")
                #expect(found == nil, "\(found ?? "") in \(document)", sourceLocation: sourceLocation)
            }
            #expect((fast.fault == nil) == (reference.fault == nil), sourceLocation: sourceLocation)
            if let left = fast.fault, let right = reference.fault {
                let found = difference(left, right, at: "fault")
                #expect(found == nil, "\(found ?? "") in \(document)", sourceLocation: sourceLocation)
            }
            return true
        case (nil, .failure(let error)):
            // What a caller sees is the reference's error, byte for byte.
            let seen = Result { () throws(XMLRPCError) in try XMLRPCCodec.readMessage(data, file: "corpus", root: root)
            }
            if case .failure(let seenError) = seen {
                #expect(seenError.description == error.description, sourceLocation: sourceLocation)
            } else {
                Issue.record(
                    "readMessage accepted what the reference refuses: \(document)", sourceLocation: sourceLocation)
            }
            return false
        case (nil, .success):
            Issue.record(
                "the reference accepts what the fast reader refuses: \(document)", sourceLocation: sourceLocation)
            return false
        case (_?, .failure(let error)):
            Issue.record(
                "the fast reader accepts what the reference refuses (\(error)): \(document)",
                sourceLocation: sourceLocation)
            return true
        }
    }

    static func response(_ value: String) -> String {
        "<methodResponse><params><param>\(value)</param></params></methodResponse>"
    }

    static let extensions = "xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\""

    /// Documents the other suites read, and the forms servers send.
    static let accepted: [String] = [
        "<?xml version='1.0'?>\n<methodResponse><params><param><value><int>42</int></value></param></params></methodResponse>",
        response("<value><i4>-2147483648</i4></value>"),
        response("<value><i8>9223372036854775807</i8></value>"),
        response("<value><ex:i8 \(extensions)>5</ex:i8></value>"),
        "<methodResponse \(extensions)><params><param><value><ex:nil/></value></param></params></methodResponse>",
        response("<value><ex:nil \(extensions)></ex:nil></value>"),
        response("<value><boolean>1</boolean></value>"),
        response("<value><boolean>true</boolean></value>"),
        response("<value><boolean> 0 </boolean></value>"),
        // Integers and flags in and around the forms the fast reader parses itself.
        response("<value><int>0</int></value>"),
        response("<value><int>-0</int></value>"),
        response("<value><int>+5</int></value>"),
        response("<value><int>007</int></value>"),
        response("<value><int>999999999</int></value>"),
        response("<value><i4>-999999999</i4></value>"),
        response("<value><int>2147483647</int></value>"),
        response("<value><int> 12 </int></value>"),
        response("<value><boolean>0</boolean></value>"),
        response("<value><boolean>false</boolean></value>"),
        response("<value><string>a &amp; b</string></value>"),
        response("<value><string></string></value>"),
        response("<value><string/></value>"),
        response("<value>untyped &lt;text&gt;</value>"),
        response("<value></value>"),
        response("<value/>"),
        response("<value>  </value>"),
        response("<value> \n <int>7</int> \n </value>"),
        response("<value><string>line\r\nbreak &#13; kept</string></value>"),
        response("<value>a<![CDATA[<b>]]>c</value>"),
        response("<value><double>1e+300</double></value>"),
        response("<value><double>-2.5e-10</double></value>"),
        response("<value><double>3</double></value>"),
        response("<value><dateTime.iso8601>20240501T12:30:00</dateTime.iso8601></value>"),
        response("<value><dateTime.iso8601>2024-05-01T12:30:00.250+02:00</dateTime.iso8601></value>"),
        response("<value><base64>AAEC\nAwQF\r\nBgc=</base64></value>"),
        response("<value><base64></base64></value>"),
        response("<value><nil/></value>"),
        response("<value><array><data></data></array></value>"),
        response("<value><array></array></value>"),
        response("<value><array><data/></array></value>"),
        response("<value><struct></struct></value>"),
        response("<value><struct/></value>"),
        response(
            "<value>\n <struct>\n  <member><value><int>1</int></value><name>b</name></member>\n"
                + "  <member> <name>a</name> <value>x</value> </member>\n </struct>\n</value>"),
        response(
            "<value><array><data><value><array><data><value>1</value></data></array></value></data></array></value>"),
        response(
            "<value><struct><member><name>x</name><value><int>1</int></value></member>"
                + "<member><name>x</name><value><int>2</int></value></member></struct></value>"),
        "<methodResponse><params/></methodResponse>",
        "<methodResponse><params></params></methodResponse>",
        "<methodResponse><params><param><value>1</value></param><param><value>2</value></param></params></methodResponse>",
        "<methodResponse><fault><value><struct><member><name>faultCode</name><value><int>4</int></value></member>"
            + "<member><name>faultString</name><value><string>Too many</string></value></member></struct></value>"
            + "</fault></methodResponse>",
        "<methodResponse><fault><value><string>not a struct</string></value></fault></methodResponse>",
        String(repeating: "<value><array><data>", count: 40) + "<value/>"
            + String(repeating: "</data></array></value>", count: 40),
    ].map { $0.hasPrefix("<value") ? response($0) : $0 }

    /// Documents the reference refuses: the fast reader must refuse them too.
    static let refused: [String] = [
        "<methodResponse><params><param><value><int>1</int></param></params></methodResponse>",
        response("<value><int>twelve</int></value>"),
        response("<value><integer>1</integer></value>"),
        response("<value><int>1</int><string>1</string></value>"),
        response("<value><struct>\n<member><name>a</name></member>\n</struct></value>"),
        response("<value><struct><member><value>1</value></member></struct></value>"),
        response("<value><struct><member><name>a</name><name>b</name><value>1</value></member></struct></value>"),
        response("<value><struct><member><name>a</name><value>1</value><value>2</value></member></struct></value>"),
        response("<value><struct><value>1</value></struct></value>"),
        response("<value><array><value>1</value></array></value>"),
        response("<value><array><data/><data/></array></value>"),
        response("<value><int>2147483648</int></value>"),
        response("<value><i4></i4></value>"),
        response("<value><int>-</int></value>"),
        response("<value><int>-2147483649</int></value>"),
        response("<value><int>12a</int></value>"),
        response("<value><int>1.5</int></value>"),
        response("<value><boolean>yes</boolean></value>"),
        response("<value><boolean>2</boolean></value>"),
        response("<value><boolean>/</boolean></value>"),
        response("<value><double>fast</double></value>"),
        response("<value><dateTime.iso8601>May</dateTime.iso8601></value>"),
        response("<value><base64>!!!</base64></value>"),
        response("<value kind=\"x\">1</value>"),
        response("<value><int base=\"10\">1</int></value>"),
        response("<value><nil><int>1</int></nil></value>"),
        response("<value><int><i4>1</i4></int></value>"),
        response("<value><ex:i8 xmlns:ex=\"urn:other\">5</ex:i8></value>"),
        "<methodResponse><params><param></param></params></methodResponse>",
        "<methodResponse></methodResponse>",
        "<methodResponse><params/><fault><value>1</value></fault></methodResponse>",
        "<methodCall><methodName>x</methodName></methodCall>",
        "<value>1</value>",
        "<methodResponse><params><param><value>1</value></param>",
        "not xml",
    ]

    @Test func acceptedDocumentsGiveTheReferenceTree() {
        for document in Self.accepted {
            #expect(Self.check(document), "\(document)")
        }
    }

    @Test func refusedDocumentsGiveTheReferenceError() {
        for document in Self.refused {
            #expect(!Self.check(document), "\(document)")
        }
    }

    @Test func callsAgree() {
        #expect(
            Self.check(
                "<methodCall><methodName>a.b</methodName><params><param><value><int>1</int></value></param>"
                    + "</params></methodCall>", root: .methodCall))
        #expect(Self.check("<methodCall><methodName>a.b</methodName></methodCall>", root: .methodCall))
        #expect(!Self.check("<methodCall><params/></methodCall>", root: .methodCall))
        #expect(!Self.check("<methodResponse><params/></methodResponse>", root: .methodCall))
    }

    @Test func pythonsOwnFormsAgree() async throws {
        let (status, output) = try await PythonPeer.run("python_forms.py", [])
        #expect(status == 0, "\(output)")
        let documents = output.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
        #expect(documents.count > 20)
        for document in documents {
            let root: XMLRPCCodec.MessageRoot = document.contains("<methodCall>") ? .methodCall : .methodResponse
            #expect(Self.check(document, root: root), "\(document)")
        }
    }

    @Test func randomTreesAgree() throws {
        var generator = SeededGenerator(seed: 16)
        for round in 0..<300 {
            let value = RandomValues.value(depth: 0, using: &generator)
            let written = String(decoding: try XMLRPCCodec.methodResponse(value), as: UTF8.self)
            #expect(Self.check(written), "round \(round)")
            let byHand = RandomValues.handWritten(value, using: &generator)
            #expect(Self.check(Self.response(byHand)), "round \(round)")
        }
    }

    @Test func damagedDocumentsAgree() throws {
        var generator = SeededGenerator(seed: 61)
        var accepted = 0
        for _ in 0..<200 {
            let value = RandomValues.value(depth: 0, using: &generator)
            let bytes = Array(RandomValues.handWritten(value, using: &generator).utf8)
            var damaged = Array(Self.response("").utf8.prefix(31)) + bytes
            switch generator.next() % 3 {
            case 0: damaged.removeLast(Int(generator.next() % UInt64(damaged.count / 2 + 1)))
            case 1:
                let at = Int(generator.next() % UInt64(damaged.count))
                damaged[at] = Array("<>/x1 a".utf8)[Int(generator.next() % 7)]
            default: damaged.insert(contentsOf: Array("<i4>".utf8), at: Int(generator.next() % UInt64(damaged.count)))
            }
            damaged += Array("</param></params></methodResponse>".utf8)
            if Self.check(String(decoding: damaged, as: UTF8.self)) { accepted += 1 }
        }
        // The damage leaves some documents readable and makes most unreadable.
        #expect(accepted > 5 && accepted < 150, "\(accepted) of 200 accepted")
    }
}
