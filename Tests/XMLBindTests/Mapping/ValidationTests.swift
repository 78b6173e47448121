import Foundation
import Testing

@testable import XMLBind

/// Required properties, defaults, duplicates, element checks and unknown-content policies.
@Suite("Validation in the registry")
struct ValidationTests {
    final class Server: Bindable, OriginAware {
        var host: String?
        var port = 0
        var timeout = 0
        var origin: Origin?
    }

    struct Endpoint: Bindable {
        var url: String?
        var retries = 0
        var secure = false
    }

    @Test func requiredPropertyMissingOnAClass() {
        let binder = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server").attribute(\.host).required())
        #expect {
            _ = try binder.parse("<server/>", as: Server.self, file: "s.xml")
        } throws: { error in
            String(describing: error) == """
                s.xml:1:1: error: <server> is missing required property 'host' (attribute 'host')
                    1 | <server/>
                      | ^
                """
        }
    }

    @Test func requiredPropertyMissingOnAStructNamesTheElementForm() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Endpoint.self, element: "endpoint").element(\.url).required())
        #expect {
            _ = try binder.parse("<endpoint>\n</endpoint>", as: Endpoint.self)
        } throws: { error in
            (error as? XMLBindError)?.message == "<endpoint> is missing required property 'url' (child element <url>)"
        }
    }

    @Test func requiredPropertyGivenEitherWay() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server").property(\.host).required())
        #expect(try binder.parse(#"<server host="a"/>"#, as: Server.self).host == "a")
        #expect(try binder.parse("<server><host>b</host></server>", as: Server.self).host == "b")
    }

    @Test func requiredBeforeAnyDeclarationIsARegistrationError() {
        #expect {
            _ = try XMLBinder().register(mapping(Server.self, element: "server").required().attribute(\.host))
        } throws: { error in
            (error as? RegistrationError)?.problems.map(\.description) == [
                "Server <server>: .required() follows no declaration: it applies to the declaration just before it"
            ]
        }
    }

    @Test func defaultsApplyOnlyWhenTheDocumentIsSilent() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Endpoint.self, element: "endpoint")
                .attribute(\.url, default: "http://localhost")
                .property(\.retries, default: 3)
                .attribute(\.secure))
        let silent = try binder.parse("<endpoint/>", as: Endpoint.self)
        #expect(silent.url == "http://localhost")
        #expect(silent.retries == 3)
        #expect(silent.secure == false)  // no default: the Swift initial value stays
        let given = try binder.parse(#"<endpoint url="https://x" retries="0"/>"#, as: Endpoint.self)
        #expect(given.url == "https://x")
        #expect(given.retries == 0)
        let asElement = try binder.parse("<endpoint><retries>7</retries></endpoint>", as: Endpoint.self)
        #expect(asElement.retries == 7)
    }

    @Test func aDefaultSatisfiesRequired() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server").attribute(\.port, default: 8080).required())
        #expect(try binder.parse("<server/>", as: Server.self).port == 8080)
    }

    @Test func duplicateAttributeAndElementPointAtTheFirst() {
        let binder = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server").property(\.port))
        #expect {
            _ = try binder.parse("<server port=\"1\">\n  <port>2</port>\n</server>", as: Server.self, file: "d.xml")
        } throws: { error in
            String(describing: error) == """
                d.xml:2:3: error: property 'port' of <server> is given more than once
                    2 |   <port>2</port>
                      |   ^
                d.xml:1:9: note: first given here
                    1 | <server port="1">
                      |         ^
                """
        }
    }

    @Test func duplicateElementsPointAtTheFirstElement() {
        let binder = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server").element(\.host))
        #expect {
            _ = try binder.parse("<server>\n <host>a</host>\n <host>b</host>\n</server>", as: Server.self)
        } throws: { error in
            guard let error = error as? XMLBindError else { return false }
            return error.origin?.line == 3 && error.diagnostics.first?.notes.first?.origin?.line == 2
                && error.diagnostics.first?.notes.first?.origin?.column == 2
        }
    }

    @Test func validatorReportsErrorsAndWarningsAtTheElementOrAnAttribute() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server")
                .attribute(\.host)
                .attribute(\.port)
                .validate { server, context in
                    if server.port == 0 { context.error("a server needs a port") }
                    if server.host == "localhost" { context.warning("localhost is for tests", attribute: "host") }
                })
        let log = WarningLog()
        let server = try binder.parse(
            #"<server host="localhost" port="80"/>"#, as: Server.self, file: "v.xml", warnings: log)
        #expect(server.port == 80)
        #expect(
            log.warnings.map(\.description) == [
                """
                v.xml:1:9: warning: localhost is for tests
                    1 | <server host="localhost" port="80"/>
                      |         ^
                """
            ])
        #expect {
            _ = try binder.parse(#"<server host="h"/>"#, as: Server.self)
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.map(\.message) == ["a server needs a port"]
                && (error as? XMLBindError)?.code == .validationFailed
        }
    }

    final class Cluster: Bindable, OriginAware {
        var servers: [Server] = []
        var origin: Origin?
    }

    @Test func validatorReportsAtADescendantByItsOrigin() {
        // Reports at descendants come in document order with the others, each with its line.
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server").attribute(\.host),
            mapping(Cluster.self, element: "cluster").children(\.servers)
                .validate { cluster, context in
                    var hosts: Set<String> = []
                    for server in cluster.servers where !hosts.insert(server.host ?? "").inserted {
                        context.error("host '\(server.host ?? "")' again", at: server.origin)
                    }
                })
        #expect {
            _ = try binder.parse(
                "<cluster>\n  <server host=\"a\"/>\n  <server host=\"b\"/>\n    <server host=\"a\"/>\n</cluster>",
                as: Cluster.self, file: "c.xml")
        } throws: { error in
            // Found in the source by line and column: its line text and byte offset, as any other.
            guard let error = error as? XMLBindError, let diagnostic = error.diagnostics.first else { return false }
            return error.diagnostics.count == 1
                && diagnostic.description.hasPrefix("c.xml:4:5: error: host 'a' again\n")
                && diagnostic.sourceLine == "    <server host=\"a\"/>" && diagnostic.byteOffset == 56
                && error.code == .validationFailed
        }
    }

    @Test func aThrowingValidatorIsAnError() {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "ports below 1024 need root" }
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server").attribute(\.port).validate { server, _ in
                if server.port < 1024 { throw Refusal() }
            })
        #expect {
            _ = try binder.parse(#"<server port="80"/>"#, as: Server.self)
        } throws: { error in
            (error as? XMLBindError)?.message == "ports below 1024 need root"
        }
    }

    @Test func validatorsDoNotRepeatErrorsAlreadyFoundInTheElement() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server").attribute(\.port).validate { server, context in
                if server.port == 0 { context.error("a server needs a port") }
            })
        #expect {
            _ = try binder.parse(#"<server port="eighty"/>"#, as: Server.self)
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.map(\.code) == [.conversionFailed]
        }
    }

    // MARK: Unknown content policies

    @Test func warningPolicySkipsAndWarns() throws {
        let binder = XMLBinder(options: ParseOptions(unknownContent: .warning))
            .registeredAtSetup(mapping(Server.self, element: "server").attribute(\.host))
        let log = WarningLog()
        let server = try binder.parse(
            #"<server host="h" hots="x"><extra><host>no</host></extra></server>"#, as: Server.self, file: "w.xml",
            warnings: log)
        #expect(server.host == "h")
        #expect(log.warnings.map(\.code) == [.unknownAttribute, .unknownElement])
        #expect(log.warnings.map(\.severity) == [.warning, .warning])
        #expect(log.warnings.first?.message == "unknown attribute 'hots' on <server>; did you mean 'host'?")
    }

    @Test func ignorePolicyPerDefinitionOverridesTheBinder() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Server.self, element: "server").attribute(\.host).unknownContent(.ignore))
        let server = try binder.parse(#"<server host="h" other="1"><x/></server>"#, as: Server.self)
        #expect(server.host == "h")
    }

    @Test func callbackPolicyReceivesNamesAndExactOrigins() throws {
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var items: [UnknownContent] = []
            func add(_ item: UnknownContent) { lock.withLock { items.append(item) } }
        }
        let seen = Seen()
        let binder = XMLBinder(options: ParseOptions(unknownContent: .callback { seen.add($0) }))
            .registeredAtSetup(mapping(Server.self, element: "server").attribute(\.host))
        let document = "<server host=\"h\"\n        xmlns:x=\"urn:x\" x:flag=\"1\">\n  <x:extra/>\n</server>"
        _ = try binder.parse(document, as: Server.self, file: "c.xml")
        #expect(seen.items.map(\.name) == ["x:flag", "x:extra"])
        #expect(seen.items.map(\.kind) == [.attribute, .element])
        #expect(seen.items.map(\.namespace) == ["urn:x", "urn:x"])
        #expect(seen.items.map(\.parent) == ["server", "server"])
        #expect(
            seen.items.map(\.origin) == [
                Origin(file: "c.xml", line: 2, column: 25), Origin(file: "c.xml", line: 3, column: 3),
            ])
    }

    @Test func lenientModeStillIgnoresAndStrictStillErrs() throws {
        let lenient = XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(Server.self, element: "server"))
        #expect(try lenient.parse(#"<server a="1"><b/></server>"#, as: Server.self).host == nil)
        let strict = XMLBinder().registeredAtSetup(mapping(Server.self, element: "server"))
        #expect {
            _ = try strict.parse(#"<server a="1"><b/></server>"#, as: Server.self)
        } throws: { error in
            (error as? XMLBindError)?.diagnostics.map(\.code) == [.unknownAttribute, .unknownElement]
        }
    }
}
