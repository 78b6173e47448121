import Foundation
import Testing

@testable import XMLBind

/// Documents that are not well-formed: every one is an error, never a partial object.
@Suite struct HostileWellFormednessTests {
    static let cases: [HostileCase] = [
        HostileCase("empty document", .malformedXML) { Data() },
        HostileCase("only whitespace", .malformedXML) { Data(utf8: "  \n ") },
        HostileCase("mismatched tags", .malformedXML) { Data(utf8: "<r><a></b></r>") },
        HostileCase("unclosed root", .malformedXML) { Data(utf8: "<r><a/>") },
        HostileCase("end tag without start", .malformedXML) { Data(utf8: "<r></a></r>") },
        HostileCase("multiple roots", .malformedXML) { Data(utf8: "<r/><r/>") },
        HostileCase("text after the root", .malformedXML) { Data(utf8: "<r/>text") },
        HostileCase("duplicate attributes", .malformedXML) { Data(utf8: "<r a='1' a='2'/>") },
        HostileCase("duplicate attributes through two prefixes", .malformedXML) {
            Data(utf8: "<r xmlns:p='urn:x' xmlns:q='urn:x' p:a='1' q:a='2'/>")
        },
        HostileCase("unbound element prefix", .malformedXML) { Data(utf8: "<p:r/>") },
        HostileCase("unbound attribute prefix", .malformedXML) { Data(utf8: "<r p:a='1'/>") },
        HostileCase("undeclared prefix", .malformedXML) { Data(utf8: "<r xmlns:p=''/>") },
        HostileCase("xml prefix bound elsewhere", .malformedXML) { Data(utf8: "<r xmlns:xml='urn:x'/>") },
        HostileCase("xmlns prefix declared", .malformedXML) { Data(utf8: "<r xmlns:xmlns='urn:x'/>") },
        HostileCase("unquoted attribute", .malformedXML) { Data(utf8: "<r a=1/>") },
        HostileCase("'<' in an attribute value", .malformedXML) { Data(utf8: "<r a='<'/>") },
        HostileCase("bare ampersand", .malformedXML) { Data(utf8: "<r>a & b</r>") },
        HostileCase("']]>' in text", .malformedXML) { Data(utf8: "<r>]]></r>") },
        HostileCase("'--' in a comment", .malformedXML) { Data(utf8: "<r><!-- a -- b --></r>") },
        HostileCase("XML declaration not at the start", .malformedXML) { Data(utf8: " <?xml version='1.0'?><r/>") },
        HostileCase("processing instruction named xml", .malformedXML) { Data(utf8: "<r><?xml x?></r>") },
        HostileCase("DOCTYPE after the root", .malformedXML) { Data(utf8: "<r/><!DOCTYPE r>") },
        HostileCase("unterminated CDATA", .malformedXML) { Data(utf8: "<r><![CDATA[x</r>") },
    ]

    @Test(arguments: cases)
    func refused(_ hostile: HostileCase) {
        hostile.check()
    }

    static let small = Data(
        utf8: """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE r [<!ENTITY e "é&amp;"><!ATTLIST a k CDATA "d">]>
            <r xmlns:p="urn:p" p:x="1"><!-- c --><a b="&e;">t&e;<![CDATA[<c>]]></a><?pi d?></r>
            """)

    @Test func theSmallDocumentParses() throws {
        #expect(Hostile.code(of: Self.small) == nil)
    }

    @Test(arguments: [false, true])
    func truncationAtEveryByteIsAnError(chunked: Bool) {
        for length in 0..<Self.small.count {
            let prefix = Self.small.prefix(length)
            let code: XMLBindError.Code?
            if chunked {
                // The same prefix arriving in two pieces.
                do {
                    _ = try Hostile.standard.parse(
                        chunks: [prefix.prefix(length / 2), prefix.dropFirst(length / 2)], as: Any?.self)
                    code = nil
                } catch {
                    code = (error as? XMLBindError)?.code
                }
            } else {
                code = Hostile.code(of: prefix)
            }
            #expect(code == .malformedXML, "truncated to \(length) bytes")
        }
        let onThread = Hostile.onSmallStack {
            (0..<Self.small.count).allSatisfy { Hostile.code(of: Self.small.prefix($0)) == .malformedXML }
        }
        #expect(onThread)
    }
}
