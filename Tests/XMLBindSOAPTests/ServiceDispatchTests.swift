import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// The service without a transport: request bytes in, status and envelope out.
@Suite("Service dispatch and faults")
struct ServiceDispatchTests {
    let reader = SOAPEnvelopeReader(binder: serviceBinder)

    func envelope(_ body: String, header: String = "", version: SOAPVersion) -> Data {
        let headerPart = header.isEmpty ? "" : "<e:Header>\(header)</e:Header>"
        return Data(
            """
            <e:Envelope xmlns:e="\(version.envelopeNamespace)" xmlns:s="\(serviceNamespace)" \
            xmlns:c="\(calcNamespace)">\(headerPart)<e:Body>\(body)</e:Body></e:Envelope>
            """.utf8)
    }

    func fault(_ answer: SOAPServiceResponse, version: SOAPVersion) throws -> SOAPFault {
        #expect(answer.status == 500)
        #expect(answer.contentType == version.contentType(action: nil))
        return try #require(throws: SOAPFault.self) { try reader.readBody(answer.body, as: AddResponse.self) }
    }

    @Test(arguments: SOAPVersion.allCases)
    func resultIsAnswered(version: SOAPVersion) async throws {
        let answer = await testService.respond(
            to: envelope("<c:add><c:a>40</c:a><c:b>2</c:b></c:add>", version: version), version: version)
        #expect(answer.status == 200)
        #expect(try reader.readBody(answer.body, as: AddResponse.self, version: version).result == 42)
    }

    @Test(arguments: SOAPVersion.allCases)
    func thrownFaultGoesOutWithDetail(version: SOAPVersion) async throws {
        let answer = await testService.respond(
            to: envelope(
                "<s:divide><s:a>7</s:a><s:b>0</s:b></s:divide>",
                header:
                    #"<s:trace e:mustUnderstand="\#(version == .version1point1 ? "1" : "true")"><s:id>t9</s:id></s:trace>"#,
                version: version),
            version: version)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .sender)
        #expect(fault.reason == "division by zero")
        #expect(fault.detail(as: SvcDivideError.self)?.dividend == 7)
        #expect(fault.detail(as: SvcDivideError.self)?.note == "traced as t9")
        let subcodes =
            version == .version1point2
            ? [SOAPQualifiedName(namespace: serviceNamespace, localName: "DivideByZero")] : []
        #expect(fault.subcodes == subcodes)
    }

    /// A SOAP 1.1 dotted code (`Client.Authentication`) as is in 1.1; in 1.2 a Sender fault
    /// with the 1.1 code, in the 1.1 envelope namespace, as its subcode.
    @Test(arguments: SOAPVersion.allCases)
    func dottedSOAP11Code(version: SOAPVersion) async throws {
        let answer = await testService.respond(
            to: envelope("<s:login><s:user>eve</s:user></s:login>", version: version), version: version)
        let text = String(decoding: answer.body, as: UTF8.self)
        let dotted = SOAPQualifiedName(
            namespace: SOAPVersion.version1point1.envelopeNamespace, localName: "Client.Authentication")
        let fault = try fault(answer, version: version)
        #expect(fault.reason == "unknown user eve")
        switch version {
        case .version1point1:
            #expect(text.contains("<faultcode>soapenv:Client.Authentication</faultcode>"), "\(text)")
            #expect(fault.codeName == dotted)
        case .version1point2:
            #expect(
                text.contains(
                    "<soapenv:Value>soapenv:Sender</soapenv:Value><soapenv:Subcode><soapenv:Value "
                        + #"xmlns:fc="http://schemas.xmlsoap.org/soap/envelope/">fc:Client.Authentication</soapenv:Value>"#
                ), "\(text)")
            #expect(fault.code == .sender)
            #expect(fault.subcodes == [dotted])
        }
    }

    @Test(arguments: SOAPVersion.allCases)
    func otherErrorsAreReceiverFaults(version: SOAPVersion) async throws {
        let answer = await testService.respond(
            to: envelope("<c:add><c:a>\(Int.max)</c:a><c:b>1</c:b></c:add>", version: version), version: version)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .receiver)
        #expect(fault.reason == "operation add failed: the sum does not fit")
    }

    @Test(arguments: SOAPVersion.allCases)
    func unknownOperations(version: SOAPVersion) async throws {
        let registered = await testService.respond(
            to: envelope("<s:trace><s:id>x</s:id></s:trace>", version: version), version: version)
        let notAnOperation = try fault(registered, version: version)
        #expect(notAnOperation.code == .sender)
        #expect(notAnOperation.reason == "no operation of service TestService takes <trace>")

        let unregistered = await testService.respond(to: envelope("<s:multiply/>", version: version), version: version)
        let unknown = try fault(unregistered, version: version)
        #expect(unknown.code == .sender)
        #expect(unknown.reason.hasPrefix("the message is not a valid SOAP envelope\nrequest:1:"))
        #expect(unknown.reason.contains("error: unknown element <s:multiply> in <Body>"))

        let empty = try fault(
            await testService.respond(to: envelope("", version: version), version: version), version: version)
        #expect(empty.reason == "the request's Body is empty: it names no operation")
    }

    @Test func bodyThatDoesNotBindIsASenderFaultWithTheDiagnostic() async throws {
        let answer = await testService.respond(
            to: envelope("<c:add><c:a>four</c:a><c:b>2</c:b></c:add>", version: .version1point1),
            version: .version1point1)
        let fault = try fault(answer, version: .version1point1)
        #expect(fault.code == .sender)
        let lines = fault.reason.split(separator: "\n").map(String.init)
        #expect(lines.first == "the message is not a valid SOAP envelope")
        #expect(
            lines.dropFirst().first?.hasSuffix(
                "error: cannot convert \"four\" to Int for property 'a' of <add>: not an integer") == true)
    }

    /// Found by the `http` fuzz target: a request with bytes that are not UTF-8 and a NUL in
    /// it got a fault whose reason quoted the NUL, which XML cannot hold, so the answer was
    /// an empty 500. It is a whole fault envelope; the excerpt shows the NUL as U+2400.
    @Test(arguments: SOAPVersion.allCases)
    func faultQuotingCharactersXMLCannotHoldIsStillAnswered(version: SOAPVersion) async throws {
        var request = envelope("<c:add><c:a>1</c:a><c:b>2</c:b></c:add>", version: version)
        request.insert(contentsOf: [0x81, 0x00], at: request.count / 2)
        let answer = await testService.respond(to: request, version: version)
        #expect(answer.status == 500)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .sender)
        #expect(fault.reason.contains("request:1:"))
        #expect(fault.reason.contains("\u{2400}"))
        #expect(!fault.reason.unicodeScalars.contains { $0.value < 0x09 })
    }

    /// A fault an operation throws with a reason XML cannot hold still goes out whole,
    /// without its detail, the character replaced.
    @Test(arguments: SOAPVersion.allCases)
    func operationFaultXMLCannotHoldIsStillAnswered(version: SOAPVersion) async throws {
        let service = SOAPService(name: "TestService", namespace: serviceNamespace, binder: serviceBinder)
            .operation("echo", request: SvcEcho.self, response: SvcEchoResponse.self) { echo in
                throw SOAPFault.receiver("cannot echo \(echo.text ?? "")\u{0}")
            }
        let answer = await service.respond(
            to: envelope("<s:echo><s:text>hi</s:text></s:echo>", version: version), version: version)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .receiver)
        #expect(fault.reason.hasPrefix("cannot echo hi"))
        #expect(fault.reason.contains("the fault could not be written as given"))
        #expect(!fault.reason.unicodeScalars.contains { $0.value < 0x09 })
    }

    @Test func malformedEnvelopeIsASenderFault() async throws {
        let answer = await testService.respond(
            to: Data("<e:Envelope xmlns:e=\"\(SOAPVersion.version1point2.envelopeNamespace)\"><e:Body>".utf8),
            version: .version1point2)
        let fault = try fault(answer, version: .version1point2)
        #expect(fault.code == .sender)
        #expect(fault.reason.contains("request:1:"))
    }

    @Test(arguments: SOAPVersion.allCases)
    func unhandledMustUnderstandHeader(version: SOAPVersion) async throws {
        let flag = version == .version1point1 ? "1" : "true"
        let answer = await testService.respond(
            to: envelope(
                "<c:add><c:a>1</c:a><c:b>2</c:b></c:add>",
                header: #"<x:auth xmlns:x="urn:auth" e:mustUnderstand="\#(flag)">secret</x:auth>"#, version: version),
            version: version)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .mustUnderstand)
        #expect(
            fault.reason
                == "header block {urn:auth}auth is marked mustUnderstand, and this service does not handle it (at request:1:\(version == .version1point1 ? 142 : 140))"
        )

        let forOthers = await testService.respond(
            to: envelope(
                "<c:add><c:a>1</c:a><c:b>2</c:b></c:add>",
                header:
                    #"<x:auth xmlns:x="urn:auth" e:mustUnderstand="\#(flag)" e:\#(version == .version1point1 ? "actor" : "role")="urn:someone-else"/><x:note xmlns:x="urn:auth"/>"#,
                version: version),
            version: version)
        #expect(forOthers.status == 200)
    }

    @Test(arguments: SOAPVersion.allCases)
    func otherVersionIsAVersionMismatchFault(version: SOAPVersion) async throws {
        let other: SOAPVersion = version == .version1point1 ? .version1point2 : .version1point1
        let answer = await testService.respond(
            to: envelope("<c:add><c:a>1</c:a><c:b>2</c:b></c:add>", version: other), version: version)
        let fault = try fault(answer, version: version)
        #expect(fault.code == .versionMismatch)
        #expect(fault.version == version)
    }
}
