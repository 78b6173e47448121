import Foundation
import Testing

@testable import XMLBind

/// The `String` form of `parseForEditing`, and sessions of a `Sendable` root handed to
/// another task.
@Suite("Editing in place: session forms")
struct EditSessionFormsTests {
    /// A root of values only: a session of it is `Sendable`.
    struct Server: Bindable, Sendable {
        var host = ""
        var port = 0
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Server.self, element: "server").attribute(\.host).element(\.port))

    static let document = """
        <?xml version="1.0"?>
        <!-- the main server -->
        <server host='a.example'>
          <port>80</port>   <!-- default -->
        </server>

        """

    @Test func aStringIsEditedAsItsUTF8Bytes() throws {
        var session = try Self.binder.parseForEditing(Self.document, as: Server.self, file: "server.xml")
        #expect(session.original == Data(Self.document.utf8))
        session.root.port = 8080
        session.root.host = "b.example & co"
        let updated = String(decoding: try session.updated(), as: UTF8.self)
        #expect(
            updated
                == Self.document.replacingOccurrences(of: "'a.example'", with: "'b.example &amp; co'")
                .replacingOccurrences(of: "<port>80</port>", with: "<port>8080</port>"))
        // The same as the one call, which takes a String too.
        #expect(try Self.binder.update(Self.document, with: session.root, file: "server.xml") == updated)
    }

    @Test func aStringSessionLocatesItsErrors() {
        #expect {
            _ = try Self.binder.parseForEditing("<server>\n  <port>x</port>\n</server>", as: Server.self, file: "s.xml")
        } throws: { error in
            String(describing: error).hasPrefix(
                "s.xml:2:9: error: cannot convert \"x\" to Int for property 'port' of <server>: not an integer")
        }
    }

    /// Compiles only while `EditableDocument<Server>` is `Sendable`.
    @Test func aSessionOfASendableRootGoesToAnotherTask() async throws {
        let session = try Self.binder.parseForEditing(Self.document, as: Server.self)
        let updated = try await Task.detached {
            var copy = session
            copy.root.port = 443
            return try copy.updated()
        }.value
        #expect(String(decoding: updated, as: UTF8.self).contains("<port>443</port>   <!-- default -->"))
        #expect(session.root.port == 80)
    }
}
