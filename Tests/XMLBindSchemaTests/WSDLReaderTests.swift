import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

/// The WSDL reader and what the emitter writes for a service (issue 31, item 4).
@Suite("WSDL reader")
struct WSDLReaderTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/WSDL")

    static func generate(_ name: String, _ file: String) -> ModelGenerator.Result {
        ModelGenerator(name: name, inputs: [URL(fileURLWithPath: file, relativeTo: fixtures)]).generate()
    }

    @Test("spyne's document/literal wrapped WSDL: operations, elements, the binding's version and the address")
    func spyne() throws {
        for (file, version, path) in [
            ("spyne-soap11.wsdl", WebService.Version.soap11, "soap11"), ("spyne-soap12.wsdl", .soap12, "soap12"),
        ] {
            let result = Self.generate("Peer", file)
            #expect(!result.failed, "\(result.diagnostics)")
            // spyne's one-way operation names WS-Addressing headers whose messages it does not declare.
            #expect(
                result.diagnostics.map(\.message)
                    == ["ReplyToHeader", "MessageIDHeader"].map {
                        "operation note: header message {urn:xmlbind:test:peer}\($0) is not declared in the inputs; the "
                            + "header is left out"
                    }, "\(result.diagnostics)")
            #expect(result.diagnostics.allSatisfy { $0.severity == .warning && $0.origin?.file == file })
            let service = try #require(result.model.service)
            #expect(service.name == "PeerService")
            #expect(service.namespace == "urn:xmlbind:test:peer")
            // spyne writes a wsdl:service per service class, each with a port on the one binding:
            // one client, whose ports are both.
            #expect(result.model.services.count == 1)
            #expect(
                service.ports
                    == ["PeerService", "HeaderService"].enumerated().map { index, name in
                        WebService.Port(
                            service: name, name: "Application", version: version,
                            address: "http://127.0.0.1:40571/\(path)",
                            origin: service.ports.count > index ? service.ports[index].origin : nil)
                    })
            let operations = ["add", "echo", "older", "reverse", "fail", "whoami", "note", "notes"]
            #expect(service.operations.map(\.name) == operations)
            #expect(service.operations.map(\.action) == operations)
            #expect(service.operations.allSatisfy { $0.style == .document && $0.faults.isEmpty })
            // spyne's header service: a header each way, and a one-way operation.
            let credentials = QualifiedName(namespace: "urn:xmlbind:test:peer", "Credentials")
            #expect(
                service.operations[5].inputHeaders == [WebService.Header(part: "Credentials", element: credentials)])
            #expect(service.operations[5].outputHeaders.map(\.element.localName) == ["Session"])
            #expect(service.operations[6].output == nil)
            #expect(service.operations[6].inputHeaders.map(\.part) == ["Credentials"])
            #expect(service.operations[0].input == QualifiedName(namespace: "urn:xmlbind:test:peer", "add"))
            #expect(service.operations[0].output == QualifiedName(namespace: "urn:xmlbind:test:peer", "addResponse"))
            let names = result.files.map(\.name)
            #expect(names.contains("Peer+Client.swift") && names.contains("Peer+Service.swift"))
            #expect(!names.contains("Peer+Faults.swift"))
            let client = try #require(result.files.first { $0.name == "Peer+Client.swift" }).contents
            // Wrapped requests are unwrapped into parameters; a one-child answer is its value.
            #expect(
                client.contains("public func add(a: Int? = nil, b: Int? = nil) async throws -> Int? {"), "\(client)")
            #expect(
                client.contains(
                    "public func older(person: sending Person? = nil) async throws -> sending Person? {"))
            #expect(
                client.contains(
                    "endpoint: URL, version: SOAPVersion = \(version == .soap11 ? ".version1point1" : ".version1point2"),"
                ))
            let protocolFile = try #require(result.files.first { $0.name == "Peer+Service.swift" }).contents
            #expect(protocolFile.contains("func add(a: Int?, b: Int?) async throws -> Int?\n"))
            #expect(
                protocolFile.contains("public static func soapService(_ implementation: some Service) -> SOAPService {")
            )
        }
    }

    @Test("rpc/literal: wrappers made from the parts; encoded use is a located warning; one-way operations")
    func rpc() throws {
        let result = Self.generate("Geometry", "rpc.wsdl")
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(
            result.diagnostics.map(\.description) == [
                "rpc.wsdl:68:14: warning: operation legacyScale uses 'encoded' encoding; only literal use is "
                    + "generated, the operation is skipped"
            ])
        let service = try #require(result.model.service)
        #expect(service.operations.map(\.name) == ["distance", "scale", "log"])
        #expect(service.operations.map { $0.output == nil } == [false, false, true])
        #expect(service.operations.allSatisfy { $0.style == .rpc })
        #expect(service.ports.map(\.version) == [.soap12])
        #expect(service.operations[0].documentation == "The distance between two points.")
        let wrapper = try #require(
            result.model.type(named: QualifiedName(namespace: "urn:example:geometry", "distance")))
        #expect(wrapper.complexType?.fields.map(\.name) == ["from", "to"])
        #expect(wrapper.complexType?.fields.allSatisfy { $0.namespace == nil } == true)
        let client = try #require(result.files.first { $0.name == "Geometry+Client.swift" }).contents
        #expect(
            client.contains(
                "public func distance(from: sending Point, to: sending Point) async throws -> Double {"), "\(client)")
        #expect(client.contains("public func log(line: String) async throws {"), "\(client)")
        #expect(client.contains("try await soap.callOneWay(action: \"urn:example:geometry#log\", body: request)\n"))
        let protocolFile = try #require(result.files.first { $0.name == "Geometry+Service.swift" }).contents
        #expect(protocolFile.contains("func log(line: String) async throws\n"))
        #expect(protocolFile.contains(".oneWayOperation(\n"))
    }

    @Test("A binding in encoded use for every operation (rpc/encoded) is a located error, not an empty client")
    func encodedOnly() throws {
        let literal = try String(contentsOf: Self.fixtures.appendingPathComponent("rpc.wsdl"), encoding: .utf8)
        let encoded = literal.replacingOccurrences(
            of: "use=\"literal\"", with: "use=\"encoded\" encodingStyle=\"http://www.w3.org/2003/05/soap-encoding\"")
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = URL(fileURLWithPath: "encoded.wsdl", relativeTo: folder)
        try encoded.write(to: file, atomically: true, encoding: .utf8)
        let result = ModelGenerator(name: "Geometry", inputs: [file]).generate()
        #expect(result.failed)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.description) == [
                "encoded.wsdl:58:14: error: binding GeometrySoap12 uses SOAP encoding ('encoded' use, as rpc/encoded "
                    + "services do) for every operation; only literal use (document/literal, rpc/literal) is generated"
            ], "\(result.diagnostics)")
        #expect(result.model.services.isEmpty)
        #expect(result.files.isEmpty)
    }

    @Test("Several services and ports, SOAP headers both ways, a one-way operation, header faults")
    func servicesHeadersOneWay() throws {
        let result = Self.generate("Quotes", "quotes.wsdl")
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(
            result.diagnostics.map(\.description) == [
                "quotes.wsdl:128:11: warning: operation ping: the soap:headerfault {urn:example:quotes}NoSuchMessage "
                    + "part fault names a message the inputs do not declare; a fault carrying it is thrown as "
                    + "SOAPFault, its header blocks in `headers`"
            ])
        let services = result.model.services
        #expect(services.map(\.name) == ["QuoteService", "AdminService"])
        let quotes = try #require(services.first)
        // The port type's ports from every service, in document order.
        #expect(
            quotes.ports.map { "\($0.service)/\($0.name) \($0.version.rawValue)" } == [
                "QuoteService/QuoteSoap11Port 1.1", "QuoteService/QuoteSoap12Port 1.2",
                "QuoteBackup/QuoteSoap11Port 1.1",
            ])
        #expect(quotes.operations.map(\.name) == ["getQuote", "audit"])
        // The SOAP 1.2 binding's own action for getQuote: the client of that version sends it.
        #expect(quotes.operations[0].action == "urn:example:quotes#getQuote")
        #expect(quotes.operations[0].versionActions == [.soap12: "urn:example:quotes#getQuote12"])
        #expect(quotes.operations[1].versionActions.isEmpty)
        let namespace = "urn:example:quotes"
        #expect(
            quotes.operations[0].inputHeaders == [
                WebService.Header(part: "auth", element: QualifiedName(namespace: namespace, "Auth"))
            ])
        #expect(
            quotes.operations[0].outputHeaders == [
                WebService.Header(part: "session", element: QualifiedName(namespace: namespace, "SessionInfo"))
            ])
        // A header from the request's own message: the body keeps the other part.
        #expect(quotes.operations[1].input == QualifiedName(namespace: namespace, "audit"))
        #expect(quotes.operations[1].output == nil)
        #expect(quotes.operations[1].inputHeaders.map(\.part) == ["trace"])
        #expect(services[1].operations.map(\.name) == ["ping"])
        #expect(
            services[1].operations[0].headerFaults == [
                WebService.Fault(name: "fault", element: QualifiedName(namespace: namespace, "AuthFault"))
            ])
        #expect(services[1].operations[0].faults.isEmpty)
        #expect(services[1].ports.map(\.name) == ["AdminPort"])

        // Each service in an enum of its own, since there are two.
        let names = result.files.map(\.name)
        for file in [
            "Quotes+QuoteService.Client.swift", "Quotes+QuoteService.Service.swift", "Quotes+AdminService.Client.swift",
            "Quotes+AdminService.Service.swift",
        ] {
            #expect(names.contains(file), "\(names)")
        }
        #expect(!names.contains("Quotes+Client.swift"))
        let client = try #require(result.files.first { $0.name == "Quotes+QuoteService.Client.swift" }).contents
        #expect(client.contains("extension Quotes {\n"))
        #expect(client.contains("    public enum QuoteService {}\n"))
        #expect(client.contains("extension Quotes.QuoteService {\n"))
        #expect(
            client.contains(
                "public func getQuote(symbol: String, auth: sending Quotes.Auth? = nil) async throws "
                    + "-> sending (result: Double, session: Quotes.SessionInfo?) {"), "\(client)")
        #expect(client.contains("public func audit(line: String, trace: sending Quotes.Trace? = nil) async throws {"))
        #expect(
            client.contains(
                #"soap.version == .version1point2 ? "urn:example:quotes#getQuote12" : "urn:example:quotes#getQuote""#),
            "\(client)")
        #expect(client.contains("public init(port name: String, timeout: TimeInterval = 60) throws(SOAPError) {"))
        let protocolFile = try #require(result.files.first { $0.name == "Quotes+QuoteService.Service.swift" })
            .contents
        #expect(
            protocolFile.contains(
                "func getQuote(symbol: String, auth: Quotes.Auth?) async throws "
                    + "-> (result: Double, session: Quotes.SessionInfo?)\n"))
        // The SOAP 1.2 binding's own action is the service's too, so its WSDL lists it there.
        #expect(
            protocolFile.contains(
                "            .action(\"urn:example:quotes#getQuote12\", for: .version1point2, ofOperation: \"getQuote\")\n"
            ), "\(protocolFile)")
        #expect(protocolFile.components(separatedBy: ".action(").count == 2)
        #expect(protocolFile.contains("func audit(line: String, trace: Quotes.Trace?) async throws\n"))
        #expect(protocolFile.contains(".operationWithReplyHeaders(\n"))
        let admin = try #require(result.files.first { $0.name == "Quotes+AdminService.Service.swift" }).contents
        #expect(admin.contains("func ping(auth: Quotes.Auth?) async throws -> Quotes.PingResponse\n"), "\(admin)")
    }

    @Test("A header part given by type= is a header block named after the part, in the header's namespace")
    func headerPartOfAType() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("quotes.wsdl")
        var text = try String(contentsOf: Self.fixtures.appendingPathComponent("quotes.wsdl"), encoding: .utf8)
        text = text.replacingOccurrences(
            of: "<wsdl:message name=\"PingIn\">",
            with: "<wsdl:message name=\"Priority\"><wsdl:part name=\"priority\" type=\"xs:int\"/></wsdl:message>"
                + "<wsdl:message name=\"Tagged\"><wsdl:part name=\"tag\" type=\"xs:string\"/></wsdl:message>"
                + "<wsdl:message name=\"PingIn\">")
        for prefix in ["soap", "soap12"] {
            text = text.replacingOccurrences(
                of: "<\(prefix):header message=\"tns:AuditIn\" part=\"trace\" use=\"literal\"/>",
                with: "<\(prefix):header message=\"tns:AuditIn\" part=\"trace\" use=\"literal\"/>"
                    + "<\(prefix):header message=\"tns:Priority\" part=\"priority\" use=\"literal\"/>"
                    + "<\(prefix):header message=\"tns:Tagged\" part=\"tag\" use=\"literal\" namespace=\"urn:tags\"/>")
        }
        try Data(text.utf8).write(to: file)
        let result = ModelGenerator(name: "Quotes", inputs: [file]).generate()
        #expect(!result.failed, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.message.contains("type") }, "\(result.diagnostics)")
        let audit = try #require(result.model.services.first?.operations.last)
        let priority = QualifiedName(namespace: "urn:example:quotes", "priority")
        let tag = QualifiedName(namespace: "urn:tags", "tag")
        #expect(
            audit.inputHeaders.map(\.element) == [
                QualifiedName(namespace: "urn:example:quotes", "Trace"), priority, tag,
            ])
        #expect(result.model.rootElements.first { $0.name == priority }?.type == .builtin(.int))
        #expect(result.model.rootElements.first { $0.name == tag }?.type == .builtin(.string))
        let client = try #require(result.files.first { $0.name == "Quotes+QuoteService.Client.swift" }).contents
        #expect(client.contains("priority: sending Quotes.PriorityElement? = nil"), "\(client)")
    }

    @Test("A model type named like a service's scope gives way to it")
    func scopeNames() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("quotes.wsdl")
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("quotes.wsdl"), encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "<xs:element name=\"ping\">",
                with: "<xs:element name=\"QuoteService\"><xs:complexType/></xs:element><xs:element name=\"ping\">"
            )
            .utf8
        ).write(to: file)
        let result = ModelGenerator(name: "Quotes", inputs: [file]).generate()
        #expect(!result.failed, "\(result.diagnostics)")
        let names = result.files.map(\.name)
        #expect(names.contains("Quotes+QuoteService2.swift"), "\(names)")
        #expect(names.contains("Quotes+QuoteService.Client.swift"), "\(names)")
        let model = try #require(result.files.first { $0.name == "Quotes+QuoteService2.swift" }).contents
        #expect(model.contains("final class QuoteService2"), "\(model)")
    }

    @Test(
        "Another port's binding that says otherwise than the first's (beyond its version's action) is a located warning"
    )
    func differingBindings() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("quotes.wsdl")
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("quotes.wsdl"), encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "<soap12:operation soapAction=\"urn:example:quotes#getQuote12\"/>",
                with: "<soap12:operation soapAction=\"urn:example:quotes#getQuote12\" style=\"rpc\"/>"
            ).utf8
        ).write(to: file)
        let result = ModelGenerator(name: "Quotes", inputs: [file]).generate()
        #expect(!result.failed, "\(result.diagnostics)")
        // The client follows the first binding, action included.
        #expect(result.model.services[0].operations[0].versionActions.isEmpty)
        let line = try #require(
            text.components(separatedBy: "\n").indices.last { index in
                text.components(separatedBy: "\n")[index].contains(
                    "<soap12:operation soapAction=\"urn:example:quotes#getQuote12\"")
            })
        #expect(
            result.diagnostics.filter { $0.message.contains("QuoteSoap12") }.map(\.description) == [
                "\(file.path):\(line):5: warning: operation getQuote: binding QuoteSoap12 gives another SOAP action, "
                    + "style, body or headers than binding QuoteSoap11; the generated client and service follow "
                    + "QuoteSoap11's"
            ])
    }

    @Test("The same WSDL gives the same bytes")
    func deterministic() {
        for file in ["spyne-soap11.wsdl", "rpc.wsdl", "hostile.wsdl", "quotes.wsdl"] {
            #expect(Self.generate("Same", file).files == Self.generate("Same", file).files)
        }
    }

    @Test("Hostile names, actions, addresses and documentation stay inside comments and string literals")
    func hostile() throws {
        let result = Self.generate("Hostile", "hostile.wsdl")
        #expect(!result.failed, "\(result.diagnostics)")
        let service = try #require(result.model.service)
        #expect(service.operations.count == 1)
        #expect(service.operations.first?.faults.count == 1)
        let lines = result.files.flatMap { $0.contents.split(separator: "\n", omittingEmptySubsequences: false) }
        // The generated files' own conditional import, once per service file.
        let imports = lines.filter { $0 == "#if canImport(FoundationNetworking)" }.count
        #expect(imports == 3)
        #expect(lines.filter { $0 == "#endif" }.count == imports)
        for line in lines {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") || code == "#if canImport(FoundationNetworking)" || code == "#endif" { continue }
            for needle in ["#if", "#endif", "pwned", "exit(1)", "injected", "*/"] where code.contains(needle) {
                let before = code.components(separatedBy: needle)[0]
                #expect(before.contains("\""), "\(needle) outside a literal: \(code)")
            }
            #expect(!code.contains("\u{202E}"))
        }
        // A model type named like a generated one (Client) gives way.
        let names = result.files.map(\.name)
        #expect(names.contains("Hostile+Client2.swift"), "\(names)")
        #expect(names.contains("Hostile+Client.swift") && names.contains("Hostile+Faults.swift"))
    }

    @Test("Remote imports are located errors, and nothing is fetched")
    func remoteImports() {
        let result = Self.generate("Remote", "remote-import.wsdl")
        #expect(result.failed)
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "remote-import.wsdl:4:3: error: location 'https://example.com/elsewhere.wsdl' is not a local file; "
                    + "nothing is fetched from the network (map it to a file with a catalog entry, --catalog "
                    + "LOCATION=FILE)",
                "remote-import.wsdl:7:7: error: schemaLocation 'http://example.com/types.xsd' is not a local file; "
                    + "nothing is fetched from the network (map it to a file with a catalog entry, --catalog "
                    + "LOCATION=FILE)",
            ])
    }

    @Test("A document that is not WSDL, or not well-formed, is a located error")
    func broken() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("broken.wsdl")
        try Data(
            "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\">\n  <wsdl:message name=\"m\">\n</wsdl:definitions>\n"
                .utf8
        ).write(to: file)
        let result = ModelGenerator(name: "Broken", inputs: [file]).generate()
        #expect(result.failed)
        #expect(result.diagnostics.first?.origin?.line == 3, "\(result.diagnostics)")
    }
}
