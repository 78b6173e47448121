import Foundation
import Testing
import XMLBind
import XMLBindSOAP

@Suite("Envelope writing")
struct EnvelopeWritingTests {
    @Test func seedMessageIn11() throws {
        let message = SOAPMessage(soapAction: "add", nameSpace: "urn:calc").adding("a", 2).adding("b", "x<&\"\r")
        let envelope = SOAPEnvelope(soapMessage: message, soapVersion: .version1point1)
        #expect(
            try envelope.xml()
                == #"<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><add xmlns="urn:calc"><a>2</a><b>x&lt;&amp;&quot;&#13;</b></add></soapenv:Body></soapenv:Envelope>"#
        )
        #expect(envelope.contentType == "text/xml; charset=utf-8")
        #expect(envelope.version.actionHeaders(action: envelope.action) == ["SOAPAction": "\"add\""])
    }

    @Test func seedMessageIn12HasNoEncodingStyleUnlessAsked() throws {
        var envelope = SOAPEnvelope(
            soapMessage: SOAPMessage(soapAction: "ping", nameSpace: "urn:p").adding("note", String?.none),
            soapVersion: .version1point2)
        let plain = try envelope.xml()
        #expect(plain.contains(#"xmlns:soapenv="http://www.w3.org/2003/05/soap-envelope">"#))
        #expect(!plain.contains("encodingStyle"))
        #expect(plain.contains(#"<note xsi:nil="true"/>"#))
        #expect(envelope.contentType == #"application/soap+xml; charset=utf-8; action="ping""#)
        envelope.encodingStyle = SOAPVersion.version1point2.encodingNamespace
        #expect(try envelope.xml().contains(#"soapenv:encodingStyle="http://www.w3.org/2003/05/soap-encoding""#))
    }

    @Test func typedBodyAndHeaderBlocks() throws {
        let envelope = SOAPEnvelope(
            body: Add(a: 2, b: 3),
            headers: [SOAPHeaderBlock(Session(token: "t-1"), mustUnderstand: true, role: SOAPHeaderBlock.nextRole)],
            version: .version1point2)
        let text = try envelope.xml(using: calcBinder)
        #expect(
            text.contains(
                #"<soapenv:Header><session soapenv:mustUnderstand="true" soapenv:role="http://www.w3.org/2003/05/soap-envelope/role/next" xmlns="urn:xmlbind:test:calc"><token>t-1</token></session></soapenv:Header>"#
            ), "\(text)")
        #expect(
            text.contains(#"<soapenv:Body><add xmlns="urn:xmlbind:test:calc"><a>2</a><b>3</b></add></soapenv:Body>"#))
    }
}
