import Foundation
import Testing

@testable import XMLBind

/// Real-world documents that the guards must let through.
@Suite struct HostileBenignTests {
    @Test func internalSubsetAttributeDefaultsAreApplied() throws {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE r [
              <!ELEMENT r (a*)>
              <!ATTLIST r version CDATA "1.0" mode (fast|slow) "slow">
              <!ATTLIST a kind CDATA #FIXED "plain">
              <!ENTITY product "XMLBind &amp; friends">
            ]>
            <r mode="fast"><a>&product;</a></r>
            """
        let node = try #require(try Hostile.standard.parse(document, as: Any?.self) as? HostileNode)
        #expect(node.attributes == ["version": "1.0", "mode": "fast"])
        #expect(node.children.first?.attributes == ["kind": "plain"])
        #expect(node.children.first?.text == "XMLBind & friends")
    }

    @Test(arguments: [
        #"<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">"#,
        #"<!DOCTYPE r SYSTEM "file:///nonexistent/never-read.dtd">"#,
        #"<!DOCTYPE r PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN" "http://127.0.0.1:9/introspect.dtd">"#,
        #"<!DOCTYPE r SYSTEM "x.dtd" [<!ATTLIST r lang CDATA "en"><!ENTITY who "me">]>"#,
    ])
    func doctypeWithAnExternalIDThatIsNotLoaded(doctype: String) throws {
        let node = try #require(
            try Hostile.standard.parse("\(doctype)\n<r a=\"&amp;\"><a>x</a></r>", as: Any?.self) as? HostileNode)
        #expect(node.children.first?.text == "x")
        #expect(node.attributes["a"] == "&")
    }

    @Test func declaredEntitiesWorkWithAnExternalDTD() throws {
        let document = #"<!DOCTYPE r SYSTEM "x.dtd" [<!ENTITY who "me">]><r a="&who;&#33;">&who;</r>"#
        let node = try #require(try Hostile.standard.parse(document, as: Any?.self) as? HostileNode)
        #expect(node.attributes["a"] == "me!")
        #expect(node.text == "me")
    }

    @Test func processingInstructionsAndCommentsEverywhere() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?xml-stylesheet href="style.css"?>
            <!-- before -->
            <!DOCTYPE r [<!-- in the DTD --><?pi in the DTD?>]>
            <?pi before the root?>
            <r><!-- first --><?pi inside?>te<!-- between -->xt<a><?pi?>in a<!---->
            </a><?empty?></r>
            <!-- after -->
            <?pi after the root?>
            """
        let node = try #require(try Hostile.standard.parse(document, as: Any?.self) as? HostileNode)
        #expect(node.text == "text")
        #expect(node.children.count == 1)
    }

    static let multiByte = Data(
        utf8: "<r a=\"Grüße 日本 😀\">Grüße <![CDATA[<日本> & 😀]]> done<a>é</a></r>")

    @Test func cdataAndMultiByteCharactersSplitAtEveryByte() throws {
        let whole = try #require(try Hostile.standard.parse(Self.multiByte, as: Any?.self, file: nil) as? HostileNode)
        #expect(whole.text == "Grüße <日本> & 😀 done")
        #expect(whole.attributes["a"] == "Grüße 日本 😀")
        for cut in 0...Self.multiByte.count {
            let node = try #require(
                try Hostile.standard.parse(
                    chunks: [Self.multiByte.prefix(cut), Self.multiByte.dropFirst(cut)], as: Any?.self)
                    as? HostileNode)
            #expect(node.text == whole.text, "cut at \(cut)")
            #expect(node.attributes == whole.attributes, "cut at \(cut)")
            #expect(node.children.first?.text == "é", "cut at \(cut)")
        }
    }

    @Test func oneByteChunks() throws {
        let node = try #require(
            try Hostile.standard.parse(chunks: Self.multiByte.map { Data([$0]) }, as: Any?.self) as? HostileNode)
        #expect(node.text == "Grüße <日本> & 😀 done")
    }

    @Test func parsingAFileKeepsTheLimits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.xml")
        try Data(utf8: "<r>\(String(repeating: "<a>x</a>", count: 100_000))</r>").write(to: good)
        let node = try #require(try Hostile.standard.parse(contentsOf: good, as: Any?.self) as? HostileNode)
        #expect(node.children.count == 100_000)

        let deep = folder.appendingPathComponent("deep.xml")
        try HostileStructureTests.nested(300).write(to: deep)
        #expect(throws: XMLBindError.self) { try Hostile.standard.parse(contentsOf: deep, as: Any?.self) }
        do {
            _ = try Hostile.standard.parse(contentsOf: deep, as: Any?.self)
        } catch let error as XMLBindError {
            #expect(error.code == .depthLimitExceeded)
            #expect(error.origin == Origin(file: deep.path, line: 1, column: 769))
        }

        // A 4 MiB attribute value read from disk (1 MiB reads), under a raised limit.
        let long = folder.appendingPathComponent("long.xml")
        var data = Data(utf8: "<r a='")
        data.append(Data(repeating: "v", count: 4 << 20))
        data.append(Data(utf8: "'/>"))
        try data.write(to: long)
        let raised = Hostile.binder(ParseLimits(maximumValueLength: 8 << 20))
        let longNode = try #require(try raised.parse(contentsOf: long, as: Any?.self) as? HostileNode)
        #expect(longNode.attributes["a"]?.utf8.count == 4 << 20)
        #expect(throws: XMLBindError.self) { try Hostile.standard.parse(contentsOf: long, as: Any?.self) }

        let sized = Hostile.binder(ParseLimits(maximumDocumentSize: 1 << 20))
        do {
            _ = try sized.parse(contentsOf: long, as: Any?.self)
            Issue.record("a document over the size limit parsed")
        } catch let error as XMLBindError {
            #expect(error.code == .documentSizeLimitExceeded)
        }
    }

    @Test func defaultsAreTheDocumentedNumbers() {
        let limits = ParseOptions().limits
        #expect(limits.maximumDepth == 256)
        #expect(limits.maximumAttributes == 1_024)
        #expect(limits.maximumNameLength == 1_024)
        #expect(limits.maximumValueLength == 1_048_576)
        #expect(limits.maximumTextLength == 10_485_760)
        #expect(limits.maximumEntityDeclarations == 1_000)
        #expect(limits.maximumEntityNesting == 8)
        #expect(limits.maximumAmplification == 20)
        #expect(limits.amplificationThreshold == 1_048_576)
        #expect(limits.maximumDocumentSize == nil)
        #expect(limits.allowsDoctype)
    }
}
