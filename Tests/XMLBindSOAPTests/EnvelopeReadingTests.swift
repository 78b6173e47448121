import Foundation
import Testing
import XMLBind
import XMLBindSOAP

@Suite("Envelope reading")
struct EnvelopeReadingTests {
    let reader = SOAPEnvelopeReader(binder: calcBinder)

    @Test(arguments: SOAPVersion.allCases)
    func typedRoundTrip(version: SOAPVersion) throws {
        let data = try SOAPEnvelope(
            body: Add(a: 2, b: 40), headers: [SOAPHeaderBlock(Session(token: "s"), mustUnderstand: true)],
            version: version
        ).data(using: calcBinder)
        let envelope = try reader.read(data, version: version)
        let add = try #require(envelope.bodyObject as? Add)
        #expect(add.a == 2 && add.b == 40)
        #expect(add.origin?.line == 1)
        #expect(envelope.headers(of: Session.self).map(\.token) == ["s"])
        #expect(envelope.unknownHeaders.isEmpty)
    }

    @Test func otherVersionIsAVersionMismatch() throws {
        let data = try SOAPEnvelope(body: Add(a: 1, b: 1), version: .version1point2).data(using: calcBinder)
        let error = try #require(throws: SOAPError.self) { try reader.read(data, version: .version1point1) }
        #expect(error.code == .versionMismatch)
        #expect(error.message == "expected a SOAP 1.1 envelope, got a SOAP 1.2 envelope")
    }

    @Test func trailingSlashNamespaceIsAVersionMismatch() throws {
        let text = #"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope/"><e:Body/></e:Envelope>"#
        let error = try #require(throws: SOAPError.self) { try reader.read(Data(text.utf8)) }
        #expect(error.code == .versionMismatch)
        #expect(error.message.contains("'http://www.w3.org/2003/05/soap-envelope/'"))
    }

    @Test func badPayloadHasLocatedDiagnostics() throws {
        let text = """
            <s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>
            <add xmlns="urn:xmlbind:test:calc"><a>two</a><c>3</c></add>
            </s:Body></s:Envelope>
            """
        let error = try #require(throws: SOAPError.self) { try reader.read(Data(text.utf8), file: "answer.xml") }
        #expect(error.code == .malformedEnvelope)
        let diagnostics = error.diagnostics
        #expect(
            diagnostics.map(\.description) == [
                """
                answer.xml:2:39: error: cannot convert "two" to Int for property 'a' of <add>: not an integer
                    2 | <add xmlns="urn:xmlbind:test:calc"><a>two</a><c>3</c></add>
                      |                                       ^
                """,
                """
                answer.xml:2:46: error: unknown element <c> in <add>
                    2 | <add xmlns="urn:xmlbind:test:calc"><a>two</a><c>3</c></add>
                      |                                              ^
                """,
            ])
    }

    @Test func unknownMustUnderstandHeaderIsReported() throws {
        let text = """
            <s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Header>
            <t:trace xmlns:t="urn:trace" s:mustUnderstand="true"/><t:note xmlns:t="urn:trace" s:role="urn:other"/>
            </s:Header><s:Body><add xmlns="urn:xmlbind:test:calc"><a>1</a><b>2</b></add></s:Body></s:Envelope>
            """
        let envelope = try reader.read(Data(text.utf8))
        #expect(
            envelope.unknownHeaders == [
                SOAPUnknownHeader(
                    name: SOAPQualifiedName(namespace: "urn:trace", localName: "trace"), mustUnderstand: true,
                    role: nil, origin: Origin(line: 2, column: 1)),
                SOAPUnknownHeader(
                    name: SOAPQualifiedName(namespace: "urn:trace", localName: "note"), mustUnderstand: false,
                    role: "urn:other", origin: Origin(line: 2, column: 55)),
            ])
        #expect(envelope.unknownHeaders.map(\.mustBeUnderstoodByUltimateReceiver) == [true, false])
    }

    @Test func fault11WithDetail() throws {
        let text = """
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>
            <faultcode>soap:Client</faultcode><faultstring>bad operand</faultstring><faultactor>urn:calc</faultactor>
            <detail><m:mathError xmlns:m="urn:xmlbind:test:calc"><m:message>zero</m:message><m:operand>0</m:operand></m:mathError></detail>
            </soap:Fault></soap:Body></soap:Envelope>
            """
        let error = try #require(throws: SOAPFault.self) { try reader.readBody(Data(text.utf8), as: AddResponse.self) }
        #expect(error.code == .sender)
        #expect(
            error.codeName
                == SOAPQualifiedName(namespace: SOAPVersion.version1point1.envelopeNamespace, localName: "Client"))
        #expect(error.reason == "bad operand")
        #expect(error.node == "urn:calc")
        #expect(error.detail(as: MathError.self)?.message == "zero")
        #expect(error.origin == Origin(line: 1, column: 82))
    }

    @Test func codesAndHeaderAttributesAreReadInTheirOwnScope() throws {
        // The fault code's prefix is bound on its own element, shadowing the envelope's; the
        // header's attributes carry a character reference and the 1.1 `actor`.
        let text = """
            <x:Envelope xmlns:x="http://schemas.xmlsoap.org/soap/envelope/" xmlns:q="urn:other"><x:Header>
            <t:trace xmlns:t="urn:trace" x:mustUnderstand="&#49;" x:actor="urn:a&amp;b"/></x:Header><x:Body><x:Fault>
            <faultcode xmlns:q="http://schemas.xmlsoap.org/soap/envelope/">q:Server</faultcode><faultstring>down</faultstring>
            </x:Fault></x:Body></x:Envelope>
            """
        let envelope = try reader.read(Data(text.utf8))
        #expect(
            envelope.unknownHeaders == [
                SOAPUnknownHeader(
                    name: SOAPQualifiedName(namespace: "urn:trace", localName: "trace"), mustUnderstand: true,
                    role: "urn:a&b", origin: Origin(line: 2, column: 1))
            ])
        guard case .fault(let fault) = envelope.body else {
            Issue.record("expected a fault")
            return
        }
        #expect(fault.code == .receiver)
        #expect(
            fault.codeName
                == SOAPQualifiedName(namespace: SOAPVersion.version1point1.envelopeNamespace, localName: "Server"))
    }

    @Test func fault12WithSubcodesAndReasons() throws {
        let text = """
            <e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><e:Fault>
            <e:Code><e:Value>e:Sender</e:Value><e:Subcode><e:Value xmlns:c="urn:calc">c:DivideByZero</e:Value>\
            <e:Subcode><e:Value xmlns:c="urn:calc2">c:Deeper</e:Value></e:Subcode></e:Subcode></e:Code>
            <e:Reason><e:Text xml:lang="en">zero</e:Text><e:Text xml:lang="de">null</e:Text></e:Reason>
            <e:Node>urn:node</e:Node><e:Role>urn:role</e:Role><e:Detail>plain text</e:Detail>
            </e:Fault></e:Body></e:Envelope>
            """
        let envelope = try reader.read(Data(text.utf8))
        guard case .fault(let fault) = envelope.body else {
            Issue.record("not a fault")
            return
        }
        #expect(fault.code == .sender)
        #expect(
            fault.subcodes == [
                SOAPQualifiedName(namespace: "urn:calc", localName: "DivideByZero"),
                SOAPQualifiedName(namespace: "urn:calc2", localName: "Deeper"),
            ])
        #expect(fault.reasons == [SOAPFault.Reason("zero", language: "en"), SOAPFault.Reason("null", language: "de")])
        #expect(fault.node == "urn:node" && fault.role == "urn:role")
        #expect(fault.detailText == "plain text")
        #expect(fault.version == .version1point2)
    }

    @Test(arguments: SOAPVersion.allCases)
    func writtenFaultReadsBack(version: SOAPVersion) throws {
        let detail = MathError()
        detail.message = "x & y"
        detail.operand = 7
        var fault = SOAPFault(
            code: .sender, reason: "bad <input>",
            subcodes: [SOAPQualifiedName(namespace: "urn:codes", localName: "Bad")], detail: detail)
        fault.node = "urn:me"
        let data = try SOAPEnvelope(fault: fault, version: version).data(using: calcBinder)
        let read = try #require(throws: SOAPFault.self) { try reader.readBody(data, as: AddResponse.self) }
        #expect(read.code == .sender)
        #expect(read.reason == "bad <input>")
        #expect(read.node == "urn:me")
        #expect(read.subcodes == (version == .version1point2 ? fault.subcodes : []))
        #expect(read.detail(as: MathError.self)?.operand == 7)
        #expect(read.detail(as: MathError.self)?.message == "x & y")
    }

    @Test func notAnEnvelope() throws {
        let error = try #require(throws: SOAPError.self) { try reader.read(Data("<html><body/></html>".utf8)) }
        #expect(error.code == .malformedEnvelope)
        #expect(error.message == "the message's root element is <html>, not a SOAP Envelope")
        let broken = try #require(throws: SOAPError.self) { try reader.read(Data("<a>".utf8)) }
        #expect(broken.code == .malformedEnvelope)
        #expect(!broken.diagnostics.isEmpty)
    }
}
