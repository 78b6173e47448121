import Foundation
import Testing
import XMLBindFoundation
import XMLBindTestSupport

@testable import XMLBind

@Suite("Writing to files and file handles, in pieces")
struct WritingOutputTests {
    struct Log: Bindable {
        var entries: [Entry] = []
        init() {}
    }
    struct Entry: Bindable {
        var index = 0
        var message = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Log.self, element: "log").children(\.entries),
        mapping(Entry.self, element: "entry").attribute(\.index).text(\.message))

    static func log(count: Int, bad: Int? = nil) -> Log {
        var log = Log()
        log.entries = (0..<count).map { index in
            var entry = Entry()
            entry.index = index
            entry.message = index == bad ? "bell \u{07}" : "message number \(index) & more"
            return entry
        }
        return log
    }

    @Test func aLargeDocumentGoesToTheSinkInPieces() throws {
        let log = Self.log(count: 5_000)
        var pieces: [Int] = []
        var written = Data()
        try Self.binder.write(log, options: WritingOptions(), flushThreshold: 4096) { bytes in
            pieces.append(bytes.count)
            written.append(contentsOf: bytes)
        }
        #expect(pieces.count > 50)
        // Each piece is one threshold plus at most one element's worth.
        #expect(pieces.allSatisfy { $0 < 4096 + 200 })
        #expect(written == (try Self.binder.xmlData(from: log)))
    }

    @Test func writingToAFile() throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("log.xml")
        let log = Self.log(count: 3)
        try Self.binder.write(log, to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == (try Self.binder.xml(from: log)))
        let back = try Self.binder.parse(contentsOf: url, as: Log.self)
        #expect(back.entries.map(\.message) == log.entries.map(\.message))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["log.xml"])
    }

    @Test func aFailedWriteLeavesTheFileAsItWas() throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("log.xml")
        try Data("<log/>".utf8).write(to: url)
        let error = bindError { try Self.binder.write(Self.log(count: 20_000, bad: 19_999), to: url) }
        #expect(
            error?.message
                == "cannot write property 'message' of <entry>: the character U+0007 is not allowed in XML 1.0")
        #expect(try String(contentsOf: url, encoding: .utf8) == "<log/>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["log.xml"])
    }

    @Test func aFileInAMissingFolderIsAnIOError() {
        let url = URL(fileURLWithPath: "/nonexistent-folder/log.xml")
        let error = bindError { try Self.binder.write(Self.log(count: 1), to: url) }
        #expect(error?.code == .io)
        #expect(
            error?.message
                == "cannot write '/nonexistent-folder/log.xml': its folder '/nonexistent-folder' does not exist"
        )
    }

    @Test func writingToAFileHandle() throws {
        let url = try temporaryDirectory().appendingPathComponent("log.xml")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data("<!-- before -->\n".utf8))
        let log = Self.log(count: 2_000)
        let options = WritingOptions(layout: .compact, includesDeclaration: false)
        try Self.binder.write(log, to: handle, options: options)
        try handle.close()
        let expected = "<!-- before -->\n" + (try Self.binder.xml(from: log, options: options))
        #expect(try String(contentsOf: url, encoding: .utf8) == expected)
    }
}
