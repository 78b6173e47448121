import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A schema or DTD is input: one that includes a FIFO, a device or a folder by path must
/// not make the generator wait. Only regular files are read; anything else is a located error.
/// (No time limit: a reader blocked on a FIFO would not return to be stopped.)
@Suite("Inputs that are not regular files")
struct NonRegularInputTests {
    /// A folder with a FIFO named `pipe` in it, made with mkfifo(3): a call, not a child
    /// process a test would wait for.
    static func folderWithFIFO() throws -> URL {
        let folder = try temporaryDirectory()
        let made = mkfifo(folder.appendingPathComponent("pipe").path, 0o600)
        try #require(made == 0, "mkfifo failed: errno \(errno)")
        return folder
    }

    struct Case: CustomStringConvertible, Sendable {
        var location: String
        var reason: String
        var description: String { location }
    }

    @Test(
        "An include or import of a FIFO, /dev/stdin or a folder is a located error",
        arguments: [
            Case(location: "pipe", reason: "it is not a regular file (a pipe, a device or a socket is never read)"),
            Case(
                location: "/dev/stdin", reason: "it is not a regular file (a pipe, a device or a socket is never read)"),
            Case(location: "sub", reason: "it is a folder"),
        ])
    func schemaInclude(_ input: Case) throws {
        let folder = try Self.folderWithFIFO()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let main = folder.appendingPathComponent("main.xsd")
        let text = """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:t">
              <xs:import namespace="urn:other" schemaLocation="\(input.location)"/>
            </xs:schema>
            """
        try Data(text.utf8).write(to: main)
        let model = XMLSchemaReader().read([main])
        let shown = input.location.hasPrefix("/") ? input.location : folder.appendingPathComponent(input.location).path
        #expect(
            model.diagnostics.map(\.description) == [
                "\(main.path):2:3: error: \(shown) is not read: \(input.reason)"
            ])
    }

    @Test("A schema named on the command line that is a FIFO is an error, not a wait")
    func schemaInput() throws {
        let pipe = try Self.folderWithFIFO().appendingPathComponent("pipe")
        let model = XMLSchemaReader().read([pipe])
        #expect(
            model.diagnostics.map(\.description) == [
                "error: \(pipe.path) is not read: it is not a regular file (a pipe, a device or a socket is never read)"
            ])
    }

    @Test("A DTD's external parameter entity naming a FIFO or a folder is a located error")
    func dtdEntity() throws {
        let folder = try Self.folderWithFIFO()
        for (name, reason) in [
            ("pipe", "it is not a regular file (a pipe, a device or a socket is never read)"),
            (".", "it is a folder"),
        ] {
            let text = "<!ENTITY % outside SYSTEM \"\(name)\">\n%outside;\n"
            #expect {
                _ = try DTDReader().read(text, file: "t.dtd", baseDirectory: folder)
            } throws: { error in
                let path = folder.appendingPathComponent(name).standardizedFileURL.path
                return "\(error)" == "t.dtd:2:1: error: parameter entity '%outside;' names '\(path)': \(reason)"
            }
        }
    }
}
