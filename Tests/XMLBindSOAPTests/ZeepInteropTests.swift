import Foundation
import Testing
import XMLBind
import XMLBindHTTP
import XMLBindSOAP
import XMLBindSOAPServer
import XMLBindTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// zeep 4.3 against our service, hosted on the package's HTTP server, reading the WSDL we
/// generate (Peers/zeep_client.py).
@Suite("zeep against our service")
struct ZeepInteropTests {
    @Test func zeepCallsTheServiceInBothVersions() async throws {
        let server = HTTPServer(routes: testService.routes(soap11Path: "/test/soap11", soap12Path: "/test/soap12"))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let wsdlURL = "http://127.0.0.1:\(port)/test/soap11?wsdl"
        let peer = try await PeerProcess.start(script: "zeep_client.py", arguments: [wsdlURL])
        defer { peer.stop() }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(peer.firstLine.utf8)) as? [String: Any])
        #expect(json["warnings"] as? [String] == [])
        for port in ["TestServiceSoap11Port", "TestServiceSoap12Port"] {
            let results = try #require(json[port] as? [String: Any], "\(json)")
            #expect(results["add"] as? Int == 42)
            // zeep reads an empty string as None.
            #expect((results["echo"] as? [Any])?.map { $0 as? String } == ["Grüße 世界", "<&>\"'", "a\r\nb", nil])
            #expect(results["echoNone"] is NSNull)
            let older = try #require(results["older"] as? [String: Any])
            #expect(older["name"] as? String == "Zoë (older)")
            #expect(older["birthday"] as? String == "2000-02-29")
            #expect(older["tags"] as? [String] == ["a", "b", "older"])
            #expect(results["reverse"] as? [String] == ["z", "y", "x"])
            #expect(results["reverseEmpty"] as? [String] == [])
            let divide = try #require(results["divide"] as? [String: Any])
            #expect(divide["fault"] as? String == "division by zero")
            #expect(
                divide["detail"] as? [String: [String]] == ["{\(serviceNamespace)}divideError": ["7", "traced as "]])
            let overflow = try #require(results["overflow"] as? [String: Any])
            #expect(overflow["fault"] as? String == "operation add failed: the sum does not fit")
            #expect(results["parallel"] as? [Int] == (0..<16).map { $0 * 2 })
        }
    }

    /// Lists of values, strings with spaces, a struct with `nil` and lists, and faults, read
    /// from the WSDL the service serves (issue 28, item 4): every check passes in both versions.
    @Test func zeepChecksOurOwnWSDLInBothVersions() async throws {
        let server = HTTPServer(routes: testService.routes(soap11Path: "/test/soap11", soap12Path: "/test/soap12"))
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let peer = try await PeerProcess.start(
            script: "zeep_checks.py", arguments: ["http://127.0.0.1:\(port)/test/soap12?wsdl"])
        defer { peer.stop() }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(peer.firstLine.utf8)) as? [String: Any])
        #expect(json["warnings"] as? [String] == [])
        for port in ["TestServiceSoap11Port", "TestServiceSoap12Port"] {
            let results = try #require(json[port] as? [String: String], "\(json)")
            let failed = results.filter { $0.value != "ok" }.sorted { $0.key < $1.key }
            #expect(
                failed.isEmpty, "\(port): \(results.count - failed.count) of \(results.count) checks pass: \(failed)")
            #expect(results.count == (port.hasSuffix("11Port") ? 20 : 21))
        }
    }

    @Test func wsdlIsServedAtQuestionMarkWSDL() async throws {
        let server = HTTPServer(routes: testService.routes())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/soap12?wsdl"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let wsdl = String(decoding: data, as: UTF8.self)
        #expect(wsdl.contains(#"<soap:address location="http://127.0.0.1:\#(port)/soap11"/>"#))
        #expect(wsdl.contains(#"<soap12:address location="http://127.0.0.1:\#(port)/soap12"/>"#))
        #expect(
            wsdl
                == (try testService.wsdl(
                    soap11Endpoint: "http://127.0.0.1:\(port)/soap11", soap12Endpoint: "http://127.0.0.1:\(port)/soap12"
                )))
    }

    @Test(arguments: SOAPVersion.allCases)
    func ourClientAgainstOurService(version: SOAPVersion) async throws {
        let server = HTTPServer(routes: testService.routes())
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let path = version == .version1point1 ? "soap11" : "soap12"
        let client = SOAPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/\(path)")), version: version,
            binder: serviceBinder)
        let sum = try await client.call(action: "add", body: Add(a: 1, b: 2), as: AddResponse.self)
        #expect(sum.result == 3)
        let divide = SvcDivide()
        divide.a = 5
        let trace = SvcTrace()
        trace.id = "abc"
        let fault = try await #require(throws: SOAPFault.self) {
            _ = try await client.call(
                action: "divide", body: divide, headers: [SOAPHeaderBlock(trace, mustUnderstand: true)],
                as: SvcDivideResponse.self)
        }
        #expect(fault.detail(as: SvcDivideError.self)?.note == "traced as abc")
        // The other version's endpoint answers a VersionMismatch fault.
        let otherPath = version == .version1point1 ? "soap12" : "soap11"
        let wrong = SOAPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/\(otherPath)")), version: version,
            binder: serviceBinder)
        let mismatch = try await #require(throws: SOAPError.self) {
            _ = try await wrong.call(action: "add", body: Add(a: 1, b: 2), as: AddResponse.self)
        }
        #expect(mismatch.code == .versionMismatch)
        #expect(mismatch.httpStatus == 500)
    }
}
