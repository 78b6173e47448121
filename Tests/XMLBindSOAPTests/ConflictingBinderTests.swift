import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// A binder whose own mappings cannot stand beside the envelope's is refused with an
/// error when a message is read, not a stop of the program.
@Suite("A binder that cannot take the envelope's mappings")
struct ConflictingBinderTests {
    /// Takes every registered child by type, and a `<detail>` by name: SOAP 1.1's fault
    /// `detail` element (in no namespace) would be taken both ways.
    final class Box: Bindable {
        var items: [Any] = []
        var detail: String?
        init() {}
    }

    static let binder: XMLBinder = {
        do {
            return try XMLBinder().register(mapping(Box.self, element: "box").children(\.items).element(\.detail))
        } catch {
            Issue.record("the box alone registers: \(error)")
            return XMLBinder()
        }
    }()

    @Test func readingThrowsARegistrationError() throws {
        let reader = SOAPEnvelopeReader(binder: Self.binder)
        let body = #"<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body/></e:Envelope>"#
        let error = try #require(throws: SOAPError.self) { try reader.read(Data(body.utf8)) }
        #expect(error.code == .registration)
        #expect(error.message.contains("cannot be registered together"))
        #expect(error.message.contains("detail"))
    }

    @Test func aServiceAnswersWithAReceiverFault() async throws {
        let service = SOAPService(name: "Boxes", namespace: "urn:boxes", binder: Self.binder)
        let request = #"<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Body/></e:Envelope>"#
        let answer = await service.respond(to: Data(request.utf8), version: .version1point1)
        #expect(answer.status == 500)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.contains("<faultcode>soap:Server</faultcode>") || text.contains(":Server</faultcode>"))
        #expect(text.contains("cannot be registered together"))
    }
}
