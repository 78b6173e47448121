import Foundation
import Testing

@testable import XMLBind

/// Entities: expansion bombs, deep and recursive chains, and everything that points outside.
@Suite struct HostileEntityTests {
    /// A DTD of `levels` entities, each referring `fanOut` times to the one before.
    static func laughs(levels: Int, fanOut: Int) -> String {
        var dtd = #"<!ENTITY l0 "lol">"#
        for level in 1..<levels {
            let body = String(repeating: "&l\(level - 1);", count: fanOut)
            dtd += "<!ENTITY l\(level) \"\(body)\">"
        }
        return "<!DOCTYPE r [\(dtd)]><r>&l\(levels - 1);</r>"
    }

    /// A chain of `length` entities, each referring to the one declared before it
    /// (or, `forward`, to the one declared after it).
    static func chain(_ length: Int, forward: Bool = false) -> String {
        var dtd = ""
        dtd.reserveCapacity(length * 32)
        for index in 0..<length {
            let body = index == 0 ? "x" : "&e\(index - 1);"
            if forward {
                let reversed = length - 1 - index
                let text = reversed == length - 1 ? "x" : "&e\(reversed + 1);"
                dtd += "<!ENTITY e\(reversed) \"\(text)\">"
            } else {
                dtd += "<!ENTITY e\(index) \"\(body)\">"
            }
        }
        let top = forward ? "e0" : "e\(length - 1)"
        return "<!DOCTYPE r [\(dtd)]><r>&\(top);</r>"
    }

    static let cases: [HostileCase] = [
        HostileCase("billion laughs (10 levels of 10)", .entityNestingLimitExceeded) {
            Data(utf8: laughs(levels: 10, fanOut: 10))
        },
        HostileCase("billion laughs within the nesting limit (7 levels of 10)", .entityAmplificationLimitExceeded) {
            Data(utf8: laughs(levels: 7, fanOut: 10))
        },
        HostileCase("billion laughs in an attribute", .entityAmplificationLimitExceeded) {
            Data(utf8: laughs(levels: 7, fanOut: 10).replacingOccurrences(of: "<r>&l6;</r>", with: "<r a='&l6;'/>"))
        },
        HostileCase("quadratic blowup", .entityAmplificationLimitExceeded) {
            let big = String(repeating: "A", count: 50_000)
            let references = String(repeating: "&x;", count: 50_000)
            return Data(utf8: "<!DOCTYPE r [<!ENTITY x \"\(big)\">]><r>\(references)</r>")
        },
        HostileCase("quadratic blowup in an attribute", .entityAmplificationLimitExceeded) {
            let big = String(repeating: "A", count: 50_000)
            let references = String(repeating: "&x;", count: 50_000)
            return Data(utf8: "<!DOCTYPE r [<!ENTITY x \"\(big)\">]><r a=\"\(references)\"/>")
        },
        HostileCase("entity chain of 3,000", .entityNestingLimitExceeded) { Data(utf8: chain(3_000)) },
        HostileCase("entity chain of 60,000", .entityNestingLimitExceeded) { Data(utf8: chain(60_000)) },
        HostileCase("entity chain of 3,000 declared back to front", .entityNestingLimitExceeded) {
            Data(utf8: chain(3_000, forward: true))
        },
        HostileCase(
            "entity chain of 3,000 with nesting unlimited", .entityLimitExceeded,
            limits: ParseLimits(maximumEntityNesting: .max)
        ) { Data(utf8: chain(3_000)) },
        HostileCase("entity chain of 9", .entityNestingLimitExceeded) { Data(utf8: chain(9)) },
        HostileCase("1,001 entity declarations", .entityLimitExceeded) {
            let dtd = (0...1_000).map { "<!ENTITY n\($0) 'v'>" }.joined()
            return Data(utf8: "<!DOCTYPE r [\(dtd)]><r/>")
        },
        HostileCase("1,001 parameter entity declarations", .entityLimitExceeded) {
            let dtd = (0...1_000).map { "<!ENTITY % n\($0) 'v'>" }.joined()
            return Data(utf8: "<!DOCTYPE r [\(dtd)]><r/>")
        },
        HostileCase("an entity that refers to itself", .recursiveEntity) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY a '&a;'>]><r>&a;</r>")
        },
        HostileCase("two entities that refer to each other", .recursiveEntity) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY a '&b;'><!ENTITY b '&a;'>]><r>&a;</r>")
        },
        HostileCase("a reference hidden behind a character reference", .recursiveEntity) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY a '&#38;a;'>]><r>&a;</r>")
        },
        HostileCase("external entity to a local file", .externalEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><r>&x;</r>")
        },
        HostileCase("external entity to a relative path", .externalEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY x SYSTEM '../../secret.txt'>]><r>&x;</r>")
        },
        HostileCase("external entity to a URL", .externalEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY x PUBLIC '-//X//Y' 'http://127.0.0.1:9/x.xml'>]><r>&x;</r>")
        },
        HostileCase("external entity in an attribute", .externalEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY x SYSTEM 'http://127.0.0.1:9/x'>]><r a='&x;'/>")
        },
        HostileCase("external entity reached through an internal one", .externalEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY x SYSTEM 'file:///etc/passwd'><!ENTITY y '&x;'>]><r>&y;</r>")
        },
        HostileCase("unparsed entity", .externalEntityRefused) {
            Data(
                utf8: "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ENTITY u SYSTEM 'file:///etc/passwd' NDATA n>]><r>&u;</r>"
            )
        },
        HostileCase("unparsed entity in an attribute", .externalEntityRefused) {
            Data(
                utf8:
                    "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ENTITY u SYSTEM 'file:///etc/passwd' NDATA n>]><r a='&u;'/>"
            )
        },
        HostileCase("unparsed entity in an attribute, through an internal one", .externalEntityRefused) {
            Data(
                utf8:
                    "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ENTITY u SYSTEM 'x' NDATA n><!ENTITY w '&u;'>]><r a='&w;'/>"
            )
        },
        HostileCase("external parameter entity", .parameterEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY % p SYSTEM 'file:///etc/passwd'> %p;]><r/>")
        },
        HostileCase("parameter entity to a URL", .parameterEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY % p SYSTEM 'http://127.0.0.1:9/evil.dtd'> %p;]><r/>")
        },
        HostileCase("internal parameter entity in a standalone document", .parameterEntityRefused) {
            Data(utf8: "<?xml version='1.0' standalone='yes'?><!DOCTYPE r [<!ENTITY % p '<!ENTITY x \"y\">'> %p;]><r/>")
        },
        HostileCase("undeclared parameter entity", .parameterEntityRefused) {
            Data(utf8: "<!DOCTYPE r [ %nowhere; ]><r/>")
        },
        HostileCase("parameter entity inside a declaration", .parameterEntityRefused) {
            Data(utf8: "<!DOCTYPE r [<!ENTITY % p 'x'><!ENTITY y '%p;'>]><r/>")
        },
        HostileCase("entity from an external DTD, in text", .undefinedEntity) {
            Data(utf8: "<!DOCTYPE r SYSTEM 'file:///etc/passwd'><r>&x;</r>")
        },
        HostileCase("entity from an external DTD, in an attribute", .undefinedEntity) {
            Data(utf8: "<!DOCTYPE r SYSTEM 'http://127.0.0.1:9/x.dtd'><r a='1&x;2'/>")
        },
        HostileCase("entity from an external DTD, through an internal one in an attribute", .undefinedEntity) {
            Data(utf8: "<!DOCTYPE r SYSTEM 'x.dtd' [<!ENTITY y 'a&x;b'>]><r a='&y;'/>")
        },
        HostileCase("entity from an external DTD, in UTF-16", .undefinedEntity) {
            .utf16LittleEndian(Array("<!DOCTYPE r SYSTEM 'x.dtd'><r a='&x;'/>".utf16))
        },
        HostileCase("undefined entity", .undefinedEntity) { Data(utf8: "<r>&x;</r>") },
        HostileCase("undefined entity in an attribute", .undefinedEntity) { Data(utf8: "<r a='&x;'/>") },
        HostileCase(
            "DOCTYPE when DOCTYPEs are refused", .doctypeRefused, limits: ParseLimits(allowsDoctype: false)
        ) { Data(utf8: "<!DOCTYPE r><r/>") },
        HostileCase(
            "billion laughs when DOCTYPEs are refused", .doctypeRefused, limits: ParseLimits(allowsDoctype: false)
        ) { Data(utf8: laughs(levels: 10, fanOut: 10)) },
    ]

    @Test(arguments: cases)
    func refused(_ hostile: HostileCase) {
        hostile.check()
    }

    @Test func entitiesNestedEightDeepStillExpand() throws {
        let node = try #require(
            try Hostile.standard.parse(Data(utf8: Self.chain(8)), as: Any?.self, file: nil) as? HostileNode)
        #expect(node.text == "x")
    }

    @Test func anEntityAttributeMayNameAnUnparsedEntityWithoutLoadingIt() {
        // As the Security article says: the value is the name as written; nothing is read.
        let document = Data(
            utf8: "<!DOCTYPE r [<!NOTATION n SYSTEM 'n'><!ENTITY u SYSTEM 'file:///etc/passwd' NDATA n>"
                + "<!ATTLIST r a ENTITY #IMPLIED>]><r a='u'/>")
        let value = Hostile.onSmallStack {
            ((try? Hostile.standard.parse(document, as: Any?.self)) as? HostileNode)?.attributes["a"]
        }
        #expect(value == "u")
    }

    @Test func amplificationLimitIsAdjustable() throws {
        var limits = ParseLimits()
        limits.maximumAmplification = 10_000
        limits.amplificationThreshold = 64 << 20
        let node = try #require(
            try Hostile.binder(limits).parse(Data(utf8: Self.laughs(levels: 6, fanOut: 10)), as: Any?.self, file: nil)
                as? HostileNode)
        #expect(node.text?.utf8.count == 300_000)
    }

    /// The threshold reaches expat when a DOCTYPE begins (before that no entity can expand):
    /// one enforced from the first byte still refuses a small expansion declared there.
    @Test func amplificationIsEnforcedOnceADoctypeBegins() {
        var limits = ParseLimits()
        limits.maximumAmplification = 1
        limits.amplificationThreshold = 0
        let references = String(repeating: "&e;", count: 10)
        let document = Data(utf8: "<!DOCTYPE r [<!ENTITY e \"xxxxxxxxxxxxxxxx\">]><r>\(references)</r>")
        #expect(Hostile.code(of: document, binder: Hostile.binder(limits)) == .entityAmplificationLimitExceeded)
    }

    /// Without a DOCTYPE, expat's output never outgrows its input: predefined entities and
    /// character references write fewer bytes than they take, so even the tightest limit
    /// (checked from the first byte) passes.
    @Test func referencesWithoutADoctypeNeverAmplify() throws {
        var limits = ParseLimits()
        limits.maximumAmplification = 1
        limits.amplificationThreshold = 0
        let references = String(repeating: "&amp;&lt;&#x41;&#66;", count: 1_000)
        let node = try #require(
            try Hostile.binder(limits).parse(Data(utf8: "<r>\(references)</r>"), as: Any?.self, file: nil)
                as? HostileNode)
        #expect(node.text == String(repeating: "&<AB", count: 1_000))
    }

    @Test func referenceScannerSkipsCharacterReferencesAndStrayAmpersands() {
        let text = Array("a &b; &#38; &#x26; & c; &d&e; &f;".utf8)
        let names = text.withUnsafeBufferPointer { EntityGuard.references(in: $0) }
        #expect(names == ["b", "e", "f"])
    }
}
