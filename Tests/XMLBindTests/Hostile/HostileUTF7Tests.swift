import Foundation
import Testing

@testable import XMLBind

/// UTF-7 spells `<` as `+ADw-`: a document that declares it hides markup from every check
/// that reads bytes. A document may not choose it; a caller may.
@Suite struct HostileUTF7Tests {
    /// `<r><a/></r>` once decoded: the `<a/>` is `+ADw-a/+AD4-` in the bytes.
    static func document(declaring name: String) -> Data {
        Data(utf8: "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<r>+ADw-a/+AD4-</r>")
    }

    @Test(arguments: ["UTF-7", "utf-7", "UTF7", "unicode-1-1-utf-7", "csUnicode11UTF7", "UTF-7-IMAP"])
    func aDeclaredUTF7IsRefusedAtItsName(name: String) throws {
        let error = try #require(throws: XMLBindError.self) {
            try Hostile.standard.parse(Self.document(declaring: name), as: Any?.self, file: "utf7.xml")
        }
        #expect(error.code == .encodingRefused)
        #expect(error.origin?.line == 1)
        // The column of the name inside the declaration's quotes.
        #expect(error.origin?.column == 31)
        #expect(error.message.contains("'\(name)'"))
        #expect(error.message.contains("ParseOptions.encoding"))
    }

    @Test func everyEntryPointRefusesIt() async throws {
        let data = Self.document(declaring: "UTF-7")
        let binder = Hostile.standard
        #expect(Hostile.code(of: data) == .encodingRefused)
        let chunks = [data.prefix(10), data.dropFirst(10)].map { Data($0) }
        let chunked = try #require(throws: XMLBindError.self) {
            try binder.parse(chunks: chunks, as: Any?.self, file: "utf7.xml")
        }
        #expect(chunked.code == .encodingRefused)
        let streamed = await #expect(throws: XMLBindError.self) {
            for try await _ in binder.objects(
                ChunkSequence(chunks: chunks), as: HostileNode.self, file: "utf7.xml")
            {}
        }
        #expect(streamed?.code == .encodingRefused)
    }

    @Test func theCallerMayNameIt() throws {
        var options = ParseOptions(mode: .lenient)
        options.encoding = "UTF-7"
        let binder = XMLBinder(options: options).registeredAtSetup(
            mapping(HostileNode.self, element: "r").text(\.text),
            mapping(HostileNode.self, element: "a").text(\.text))
        let root = try #require(
            try binder.parse(Self.document(declaring: "UTF-7"), as: Any?.self, file: "utf7.xml") as? HostileNode)
        #expect(root.children.count == 1)
    }

    @Test func otherDeclaredEncodingsAreUnchanged() throws {
        let data = Data(utf8: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<r>+ADw-a/+AD4-</r>")
        let root = try #require(try Hostile.standard.parse(data, as: Any?.self, file: "utf8.xml") as? HostileNode)
        #expect(root.text == "+ADw-a/+AD4-")
        #expect(root.children.isEmpty)
    }
}
