/// The program the WSDL compile test builds beside the generated code: it calls spyne and
/// our own hand-written service with the generated clients, hosts generated services on
/// the package's HTTP server and calls them, and prints what came back, one line each.
extension WSDLGeneratedCodeTests {
    static let program = #"""
        import Foundation
        import Synchronization
        import XMLBind
        import XMLBindHTTP
        import XMLBindSOAP
        import XMLBindSOAPServer

        struct CheckError: Error, CustomStringConvertible {
            var description: String
        }

        func url(_ text: String) throws -> URL {
            guard let url = URL(string: text) else { throw CheckError(description: "not a URL: \(text)") }
            return url
        }

        let spynePort = CommandLine.arguments[1]
        let ownPort = CommandLine.arguments[2]

        // spyne: SOAP 1.1 through the model of its SOAP 1.1 WSDL, 1.2 through its 1.2 WSDL's.
        do {
            let client = Spyne11.Client(endpoint: try url("http://127.0.0.1:\(spynePort)/soap11"), timeout: 20)
            print("spyne", client.soap.version)
            print("add", try await client.add(a: 2, b: -7) ?? 0)
            print("echo", try await client.echo(text: "Grüße, 世界 <&> \"🎉\"") ?? "nil")
            print("echo", try await client.echo(text: nil) ?? "nil")
            let person = Spyne11.Person()
            person.name = "Zoë"
            person.birthday = "2000-02-28"
            person.tags = Spyne11.StringArray()
            person.tags?.string = ["a", "b & c"]
            let older = try await client.older(person: person)
            print("older", older?.name ?? "nil", older?.birthday ?? "nil", older?.tags?.string ?? [])
            let items = Spyne11.StringArray()
            items.string = ["x", "y", "z"]
            print("reverse", try await client.reverse(items: items)?.string ?? [])
            do {
                _ = try await client.fail(kind: "client", operand: 3)
                print("fail: no fault")
            } catch let fault as SOAPFault {
                print("fail", fault.code, fault.codeName?.localName ?? "", fault.reason)
            }
            // SOAP headers both ways, and a one-way operation.
            let credentials = Spyne11.Credentials()
            credentials.user = "zoe"
            let whoami = try await client.whoami(greeting: "hi", credentials: credentials)
            print("whoami", whoami.result ?? "nil", whoami.session?.id ?? "no session")
            try await client.note(text: "first")
            try await client.note(text: "second", credentials: credentials)
            do {
                try await client.note(text: "refuse")
                print("note: no fault")
            } catch let fault as SOAPFault {
                print("note fault", fault.code, fault.reason)
            }
            print("notes", try await client.notes().result ?? -1)
        }
        do {
            let client = Spyne12.Client(endpoint: try url("http://127.0.0.1:\(spynePort)/soap12"), timeout: 20)
            print("spyne", client.soap.version)
            print("add", try await client.add(a: 40, b: 2) ?? 0)
            print("echo", try await client.echo(text: "line\r\nbreak") == "line\r\nbreak")
            let person = Spyne12.Person()
            person.name = "Ann"
            person.birthday = "1999-12-31"
            let older = try await client.older(person: person)
            print("older", older?.name ?? "nil", older?.birthday ?? "nil", older?.tags?.string ?? [])
            let items = Spyne12.StringArray()
            print("reverse", try await client.reverse(items: items)?.string ?? [])
            do {
                _ = try await client.fail(kind: "server", operand: 1)
                print("fail: no fault")
            } catch let fault as SOAPFault {
                print("fail", fault.code, fault.reason, fault.role ?? "")
            }
            let whoami = try await client.whoami(greeting: "hello")
            print("whoami", whoami.result ?? "nil", whoami.session?.id ?? "no session")
            try await client.note(text: "third")
            print("notes", try await client.notes().result ?? -1)
        }

        /// The calls of the Own model's client, against our hand-written service or one that
        /// implements the generated protocol: each operation, a declared fault, a one-way call.
        func callOwn(_ client: Own.Client, dividend: Int64, divisor: Int64, text: String, name: String, tags: [String])
            async throws
        {
            print("divide", try await client.divide(a: dividend, b: divisor))
            do {
                _ = try await client.divide(a: dividend, b: 0)
                print("divide: no fault")
            } catch let error as Own.Faults.OwnDivideError {
                print("divide fault", error.fault.code, error.fault.reason, error.detail.dividend ?? 0, error.detail.note ?? "")
            }
            print("echo", try await client.echo(text: text) ?? "nil")
            let person = Own.OwnPerson()
            person.name = name
            person.tag = tags
            let older = try await client.older(person: person)
            print("older", older?.name ?? "nil", older?.tag ?? [])
            try await client.notify(text: "hello")
            do {
                try await client.notify(text: "refuse")
                print("notify: no fault")
            } catch let fault as SOAPFault {
                print("notify fault", fault.code, fault.reason)
            }
        }

        // Our own hand-written service, at the addresses its WSDL gives, in both versions.
        for version in SOAPVersion.allCases {
            let client = try Own.Client(version: version)
            print("own", client.soap.version, client.soap.endpoint.path)
            try await callOwn(client, dividend: 7, divisor: 2, text: "hello", name: "Bo", tags: [])
        }

        // A service implementing the generated protocol, hosted, called by the generated client.
        struct Implementation: Own.Service {
            func divide(a: Int64, b: Int64) async throws -> Int64 {
                guard b != 0 else {
                    let detail = Own.OwnDivideError()
                    detail.dividend = a
                    detail.note = "generated"
                    throw Own.Faults.OwnDivideError(detail, reason: "cannot divide by zero", code: .sender)
                }
                return a / b
            }

            func echo(text: String?) async throws -> String? {
                text.map { String($0.reversed()) }
            }

            func older(person: Own.OwnPerson?) async throws -> Own.OwnPerson? {
                let older = Own.OwnPerson()
                older.name = (person?.name ?? "") + " (generated)"
                older.tag = (person?.tag ?? []) + ["generated"]
                return older
            }

            func notify(text: String) async throws {
                guard text != "refuse" else { throw SOAPFault.sender("refused by generated") }
            }
        }
        do {
            let server = HTTPServer(routes: Own.soapService(Implementation()).routes())
            try server.start()
            for (path, version) in [("soap11", SOAPVersion.version1point1), ("soap12", .version1point2)] {
                let client = Own.Client(
                    endpoint: try url("http://127.0.0.1:\(server.port ?? 0)/\(path)"), version: version, timeout: 20)
                print("generated", version)
                try await callOwn(client, dividend: 9, divisor: 3, text: "abc", name: "Cy", tags: ["t"])
            }

            server.stop()
        }

        // rpc/literal: the generated Geometry service and client, over SOAP 1.2 (the binding's).
        struct Plane: Geometry.Service {
            func distance(from: Geometry.Point, to: Geometry.Point) async throws -> Double {
                let dx = (to.x ?? 0) - (from.x ?? 0)
                let dy = (to.y ?? 0) - (from.y ?? 0)
                return (dx * dx + dy * dy).squareRoot()
            }

            func scale(point: Geometry.Point, factor: Int32) async throws -> Geometry.Point {
                let scaled = Geometry.Point()
                scaled.x = (point.x ?? 0) * Double(factor)
                scaled.y = (point.y ?? 0) * Double(factor)
                return scaled
            }

            func log(line: String) async throws {
                guard !line.isEmpty else { throw SOAPFault.sender("an empty line") }
            }
        }
        do {
            let plane = HTTPServer(routes: Geometry.soapService(Plane()).routes(soap12Path: "/geometry"))
            try plane.start()
            let geometry = Geometry.Client(endpoint: try url("http://127.0.0.1:\(plane.port ?? 0)/geometry"), timeout: 20)
            print("rpc", geometry.soap.version)
            let from = Geometry.Point()
            (from.x, from.y) = (1, 2)
            let to = Geometry.Point()
            (to.x, to.y) = (4, 6)
            print("distance", try await geometry.distance(from: from, to: to))
            let point = Geometry.Point()
            (point.x, point.y) = (1.5, -2)
            let scaled = try await geometry.scale(point: point, factor: 3)
            print("scale", scaled.x ?? 0, scaled.y ?? 0)
            try await geometry.log(line: "rpc one-way")
            do {
                try await geometry.log(line: "")
                print("log: no fault")
            } catch let fault as SOAPFault {
                print("log fault", fault.code, fault.reason)
            }
            plane.stop()
        }

        // Several services of one WSDL (two port types, ports of three services), SOAP headers
        // both ways and a one-way operation: generated services, called by generated clients.
        final class AuditLog: Sendable {
            private let lines = Mutex<[String]>([])
            func add(_ line: String) { lines.withLock { $0.append(line) } }
            var all: [String] { lines.withLock { $0 } }
        }
        struct Quoting: Quotes.QuoteService.Service {
            let log: AuditLog

            func getQuote(symbol: String, auth: Quotes.Auth?) async throws -> (result: Double, session: Quotes.SessionInfo?) {
                guard let auth, auth.token == "secret" else { throw SOAPFault.sender("no valid Auth header") }
                let session = Quotes.SessionInfo()
                session.id = "session-of-" + (auth.user ?? "")
                return (Double(symbol.count) * 1.5, session)
            }

            func audit(line: String, trace: Quotes.Trace?) async throws {
                guard line != "refuse" else { throw SOAPFault.sender("audit refused") }
                log.add(line + " " + (trace?.id ?? "untraced"))
            }
        }
        struct Administering: Quotes.AdminService.Service {
            let log: AuditLog

            func ping(auth: Quotes.Auth?) async throws -> Quotes.PingResponse {
                // The WSDL's soap:headerfault: a fault about the Auth header carries an AuthFault header block.
                guard let auth, auth.token == "secret" else {
                    let detail = Quotes.AuthFault()
                    detail.reason = auth == nil ? "no Auth header" : "a bad token"
                    throw Quotes.AdminService.Faults.AuthFault(detail, reason: "not authorised", code: .sender)
                }
                let response = Quotes.PingResponse()
                response.audits = Int32(log.all.count)
                response.lastLine = log.all.last
                return response
            }
        }
        do {
            print("ports", Quotes.QuoteService.Client.ports.map { "\($0.service)/\($0.name)" }, Quotes.AdminService.Client.ports.map(\.name))
            print("default", try Quotes.QuoteService.Client().soap.endpoint, try Quotes.QuoteService.Client(port: "QuoteSoap12Port").soap.version)
            // The WSDL the generated service serves lists each SOAP version's own action.
            let served = try Quotes.QuoteService.soapService(Quoting(log: AuditLog())).wsdl(soap11Endpoint: "http://h/11", soap12Endpoint: "http://h/12")
            print("served actions", served.components(separatedBy: "soapAction=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }.joined(separator: " "))
            let log = AuditLog()
            let server = HTTPServer(
                routes: Quotes.QuoteService.soapService(Quoting(log: log)).routes(soap11Path: "/quotes/soap11", soap12Path: "/quotes/soap12")
                    + Quotes.AdminService.soapService(Administering(log: log)).routes(soap11Path: "/admin", soap12Path: "/admin12"))
            try server.start()
            let base = "http://127.0.0.1:\(server.port ?? 0)"
            for (path, version) in [("soap11", SOAPVersion.version1point1), ("soap12", .version1point2)] {
                let client = Quotes.QuoteService.Client(endpoint: try url("\(base)/quotes/\(path)"), version: version, timeout: 20)
                print("quotes", version)
                let auth = Quotes.Auth()
                auth.user = "ann"
                auth.token = "secret"
                let quote = try await client.getQuote(symbol: "ACME", auth: auth)
                print("getQuote", quote.result, quote.session?.id ?? "no session")
                do {
                    _ = try await client.getQuote(symbol: "ACME")
                    print("getQuote: no fault")
                } catch let fault as SOAPFault {
                    print("getQuote fault", fault.code, fault.reason)
                }
                let trace = Quotes.Trace()
                trace.id = "t-" + path
                try await client.audit(line: "bought ACME", trace: trace)
                try await client.audit(line: "sold ACME")
                do {
                    try await client.audit(line: "refuse")
                    print("audit: no fault")
                } catch let fault as SOAPFault {
                    print("audit fault", fault.code, fault.reason)
                }
            }
            let admin = Quotes.AdminService.Client(endpoint: try url("\(base)/admin"), timeout: 20)
            for token in [nil, "wrong"] {
                let auth = token.map { token in
                    let auth = Quotes.Auth()
                    auth.user = "ann"
                    auth.token = token
                    return auth
                }
                do {
                    _ = try await admin.ping(auth: auth)
                    print("ping: no fault")
                } catch let error as Quotes.AdminService.Faults.AuthFault {
                    print("ping header fault", error.fault.code, error.fault.reason, error.detail.reason ?? "nil", error.fault.headers.count)
                }
            }
            let adminAuth = Quotes.Auth()
            adminAuth.user = "ann"
            adminAuth.token = "secret"
            let ping = try await admin.ping(auth: adminAuth)
            print("ping", ping.audits ?? -1, ping.lastLine ?? "nil")
            server.stop()
        }
        """#
}
