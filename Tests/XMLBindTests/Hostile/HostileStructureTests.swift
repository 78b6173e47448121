import Foundation
import Testing

@testable import XMLBind

/// Size and shape: depth, attribute counts, names, values, text and whole documents.
@Suite struct HostileStructureTests {
    static func nested(_ depth: Int) -> Data {
        var data = Data(repeating: "<a>", count: depth)
        data.append(Data(repeating: "</a>", count: depth))
        return data
    }

    static func attributes(_ count: Int, namespaces: Int = 0) -> Data {
        var text = "<r"
        for index in 0..<namespaces { text += " xmlns:p\(index)='urn:\(index)'" }
        for index in 0..<count { text += " a\(index)='\(index)'" }
        return Data(utf8: text + "/>")
    }

    static let megabyte = String(repeating: "n", count: 1 << 20)
    /// A 64 KiB text limit, for the variants of the one full-size text case.
    static let small = ParseLimits(maximumTextLength: 64 << 10)

    static let cases: [HostileCase] = [
        HostileCase("depth 257", .depthLimitExceeded) { nested(257) },
        HostileCase("depth 10,000", .depthLimitExceeded) { nested(10_000) },
        HostileCase("depth 1,000,000", .depthLimitExceeded) { nested(1_000_000) },
        HostileCase("depth 1,000,000, unclosed", .depthLimitExceeded) { Data(repeating: "<a>", count: 1_000_000) },
        HostileCase("depth 11 with a limit of 10", .depthLimitExceeded, limits: ParseLimits(maximumDepth: 10)) {
            nested(11)
        },
        HostileCase("1,025 attributes", .attributeLimitExceeded) { attributes(1_025) },
        HostileCase("100,000 attributes", .attributeLimitExceeded) { attributes(100_000) },
        HostileCase("1,000 attributes and 25 namespace declarations", .attributeLimitExceeded) {
            attributes(1_000, namespaces: 25)
        },
        HostileCase("attributes defaulted by the DTD count", .attributeLimitExceeded) {
            let declared = (0..<1_000).map { "d\($0) CDATA 'x'" }.joined(separator: " ")
            var data = Data(utf8: "<!DOCTYPE r [<!ATTLIST r \(declared)>]>")
            data.append(attributes(25))
            return data
        },
        HostileCase("megabyte element name", .nameLengthLimitExceeded) { Data(utf8: "<\(megabyte)/>") },
        HostileCase("megabyte element name in text", .nameLengthLimitExceeded) {
            Data(utf8: "<r><\(megabyte)/></r>")
        },
        HostileCase("megabyte attribute name", .nameLengthLimitExceeded) { Data(utf8: "<r \(megabyte)='1'/>") },
        HostileCase("megabyte prefix", .nameLengthLimitExceeded) {
            Data(utf8: "<r xmlns:\(megabyte)='urn:x'/>")
        },
        HostileCase("megabyte processing instruction target", .nameLengthLimitExceeded) {
            Data(utf8: "<r><?\(megabyte) data?></r>")
        },
        HostileCase("megabyte entity name", .nameLengthLimitExceeded) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY \(megabyte) 'x'>]><r/>")
        },
        HostileCase("megabyte declared attribute name", .nameLengthLimitExceeded) {
            Data(utf8: "<!DOCTYPE r [<!ATTLIST r \(megabyte) CDATA #IMPLIED>]><r/>")
        },
        HostileCase("1,025-byte name", .nameLengthLimitExceeded) {
            Data(utf8: "<r><\(String(repeating: "n", count: 1_025))/></r>")
        },
        HostileCase("attribute value over 1 MiB", .valueLengthLimitExceeded) {
            Data(utf8: "<r a='\(megabyte)n'/>")
        },
        HostileCase("namespace URI over 1 MiB", .valueLengthLimitExceeded) {
            Data(utf8: "<r xmlns='urn:\(megabyte)'/>")
        },
        HostileCase("attribute default over 1 MiB", .valueLengthLimitExceeded) {
            Data(utf8: "<!DOCTYPE r [<!ATTLIST r a CDATA '\(megabyte)n'>]><r/>")
        },
        HostileCase(
            "attribute value grown by entities", .valueLengthLimitExceeded,
            limits: ParseLimits(maximumAmplification: 1_000)
        ) {
            let chunk = String(repeating: "v", count: 60_000)
            let references = String(repeating: "&v;", count: 20)
            return Data(utf8: "<!DOCTYPE r [<!ENTITY v '\(chunk)'>]><r a='\(references)'/>")
        },
        HostileCase("text over 10 MiB", .textLengthLimitExceeded) {
            var data = Data(utf8: "<r>")
            data.append(Data(repeating: "t", count: (10 << 20) + 1))
            data.append(Data(utf8: "</r>"))
            return data
        },
        HostileCase("text over the limit split by a comment", .textLengthLimitExceeded, limits: small) {
            var data = Data(utf8: "<r>")
            data.append(Data(repeating: "t", count: 40 << 10))
            data.append(Data(utf8: "<!-- -->"))
            data.append(Data(repeating: "t", count: 40 << 10))
            data.append(Data(utf8: "</r>"))
            return data
        },
        HostileCase("CDATA over the limit", .textLengthLimitExceeded, limits: small) {
            var data = Data(utf8: "<r><![CDATA[")
            data.append(Data(repeating: "t", count: (64 << 10) + 1))
            data.append(Data(utf8: "]]></r>"))
            return data
        },
        HostileCase("comment over the limit", .textLengthLimitExceeded, limits: small) {
            var data = Data(utf8: "<r><!--")
            data.append(Data(repeating: "c", count: (64 << 10) + 1))
            data.append(Data(utf8: "--></r>"))
            return data
        },
        HostileCase("processing instruction over the limit", .textLengthLimitExceeded, limits: small) {
            var data = Data(utf8: "<?pi ")
            data.append(Data(repeating: "p", count: (64 << 10) + 1))
            data.append(Data(utf8: "?><r/>"))
            return data
        },
        HostileCase(
            "text over 100 bytes with a limit of 100", .textLengthLimitExceeded,
            limits: ParseLimits(maximumTextLength: 100)
        ) {
            Data(utf8: "<r>\(String(repeating: "t", count: 101))</r>")
        },
        HostileCase(
            "document over its size limit", .documentSizeLimitExceeded,
            limits: ParseLimits(maximumDocumentSize: 1_000)
        ) {
            Data(utf8: "<r>\(String(repeating: "t", count: 1_000))</r>")
        },
        HostileCase(
            "endless document over its size limit", .documentSizeLimitExceeded,
            limits: ParseLimits(maximumDocumentSize: 64 << 10)
        ) {
            var data = Data(utf8: "<r>")
            data.append(Data(repeating: "<x/>", count: 1 << 17))
            return data
        },
    ]

    @Test(arguments: cases)
    func refused(_ hostile: HostileCase) {
        hostile.check()
    }

    @Test func depth256Parses() throws {
        #expect(Hostile.code(of: Self.nested(256)) == nil)
    }

    @Test func exactlyAtEveryLimitParses() throws {
        let name = String(repeating: "n", count: 1_024)
        #expect(Hostile.code(of: Self.attributes(1_024)) == nil)
        #expect(Hostile.code(of: Self.attributes(1_000, namespaces: 24)) == nil)
        #expect(Hostile.code(of: Data(utf8: "<r><\(name) \(name)='1'/></r>")) == nil)
        #expect(Hostile.code(of: Data(utf8: "<r a='\(String(repeating: "v", count: 1 << 20))'/>")) == nil)
        var text = Data(utf8: "<r>")
        text.append(Data(repeating: "t", count: 10 << 20))
        text.append(Data(utf8: "</r>"))
        #expect(Hostile.code(of: text) == nil)
        let exact = Data(utf8: "<r>\(String(repeating: "t", count: 993))</r>")
        #expect(exact.count == 1_000)
        #expect(Hostile.code(of: exact, binder: Hostile.binder(ParseLimits(maximumDocumentSize: 1_000))) == nil)
    }

    /// Short start tags skip the measuring when they cannot break a limit; with small
    /// limits, short tags must still be measured and refused.
    @Test func smallLimitsRefuseShortTags() throws {
        func code(_ text: String, _ limits: ParseLimits) -> XMLBindError.Code? {
            Hostile.code(of: Data(utf8: text), binder: Hostile.binder(limits))
        }
        let twoAttributes = ParseLimits(maximumAttributes: 2)
        #expect(code("<r a='' b=''/>", twoAttributes) == nil)
        #expect(code("<r a='' b='' c=''/>", twoAttributes) == .attributeLimitExceeded)
        #expect(code("<r xmlns:p='u' a=''/>", twoAttributes) == nil)
        #expect(code("<r xmlns:p='u' a='' b=''/>", twoAttributes) == .attributeLimitExceeded)
        let fourByteNames = ParseLimits(maximumNameLength: 4)
        #expect(code("<r abcd='1'><name/></r>", fourByteNames) == nil)
        #expect(code("<r abcde='1'/>", fourByteNames) == .nameLengthLimitExceeded)
        #expect(code("<r><names/></r>", fourByteNames) == .nameLengthLimitExceeded)
        let shortValues = ParseLimits(maximumValueLength: 3)
        #expect(code("<r a='abc'/>", shortValues) == nil)
        #expect(code("<r a='abcd'/>", shortValues) == .valueLengthLimitExceeded)
        // Character references shrink in the value; the DTD's defaults grow the tag.
        #expect(code("<r a='&#x61;&#x62;&#x63;'/>", shortValues) == nil)
        let defaults = "<!DOCTYPE r [<!ATTLIST r d CDATA 'v' e CDATA 'w'>]>"
        #expect(code(defaults + "<r/>", twoAttributes) == nil)
        #expect(code(defaults + "<r a=''/>", twoAttributes) == .attributeLimitExceeded)
    }

    /// The text limit bounds the text the binder keeps; text nothing keeps is skipped as
    /// expat reads it (no handler is called for it), so it is never measured or held.
    @Test func textNothingKeepsIsSkippedNotMeasured() throws {
        let limits = ParseLimits(maximumTextLength: 100)
        let long = String(repeating: "t", count: 1_000)
        func code(_ text: String, _ binder: XMLBinder = Hostile.binder(limits)) -> XMLBindError.Code? {
            Hostile.code(of: Data(utf8: text), binder: binder)
        }
        #expect(code("<r>\(long)</r>") == .textLengthLimitExceeded)
        #expect(code("<r><a>short</a>\(long)</r>") == .textLengthLimitExceeded)
        #expect(code("<r><a>\(long)</a></r>") == .textLengthLimitExceeded)
        // Inside an element the lenient binder skips.
        #expect(code("<r><x>\(long)</x></r>") == nil)
        // Inside an element whose mapping declares no text.
        final class Bare: Bindable {
            var items: [HostileNode] = []
            init() {}
        }
        let bare = XMLBinder(options: ParseOptions(limits: limits)).registeredAtSetup(
            mapping(Bare.self, element: "g").children(\.items), mapping(HostileNode.self, element: "r").text(\.text))
        #expect(code("<g>\(long)<r>kept</r>\(long)</g>", bare) == nil)
        #expect(code("<g>\n  <r>\(long)</r>\n</g>", bare) == .textLengthLimitExceeded)
    }

    @Test func noSizeLimitByDefault() throws {
        // 4 MiB of small (skipped) elements, fed in the default 1 MiB chunks.
        var data = Data(utf8: "<r>")
        data.append(Data(repeating: "<x>text</x>\n", count: 1 << 18))
        data.append(Data(utf8: "</r>"))
        #expect(Hostile.code(of: data) == nil)
    }

    @Test func hugeTokenInSmallChunksIsNotQuadratic() throws {
        // A 16 MiB attribute value fed 64 KiB at a time: expat 2.5.0 would scan it again
        // from its start for every piece (256 × 8 MiB on average) without the deferral.
        var limits = ParseLimits()
        limits.maximumValueLength = 32 << 20
        var document = Data(utf8: "<r a='")
        document.append(Data(repeating: "v", count: 16 << 20))
        document.append(Data(utf8: "'/>"))
        let chunks = stride(from: 0, to: document.count, by: 64 << 10).map {
            document[$0..<min($0 + (64 << 10), document.count)]
        }
        let node = try #require(try Hostile.binder(limits).parse(chunks: chunks, as: Any?.self) as? HostileNode)
        #expect(node.attributes["a"]?.utf8.count == 16 << 20)
    }
}
