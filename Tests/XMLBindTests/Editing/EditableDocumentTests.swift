import Foundation
import Testing

@testable import XMLBind

/// Edit sessions (`parseForEditing` and `EditableDocument`): the update compares with what
/// the one parse saw, and gives what the one-call update gives.
@Suite("Editing in place: edit sessions")
struct EditableDocumentTests {
    typealias Config = EditingModel.Config
    typealias Group = EditingModel.Group
    typealias Setting = EditingModel.Setting

    @Test("Random documents, random edits: the session's result binds to the graph and keeps the rest")
    func randomEdits() async throws {
        let binder = EditingModel.binder
        var outputs: [String] = []
        for seed in EditInPlacePropertyTests.seeds {
            var session: EditableDocument<Config>?
            let testCase = try EditInPlacePropertyTests.makeCase(seed: seed) { document in
                let bound = try binder.parseForEditing(Data(document.utf8), as: Config.self)
                session = bound
                return bound.root
            }
            let document = try #require(session)
            let original = Data(testCase.document.utf8)
            #expect(document.original == original)
            let edits = try document.edits()
            let result = try document.updated()
            let context = Comment(
                rawValue: "seed \(seed), changes \(testCase.changes)\n\(testCase.document)\n---\n"
                    + String(decoding: result, as: UTF8.self))
            // The one-call update (which parses the original again) plans the same edits.
            #expect(try binder.updateEdits(original, with: testCase.config) == edits, context)
            #expect(try TextEdit.apply(edits, to: original) == result, context)
            // (a) The result binds to the changed graph.
            let reparsed = try binder.parse(result, as: Config.self)
            #expect(EditingModel.describe(reparsed) == EditingModel.describe(testCase.config), context)
            // (b) Outside the edited spans the bytes are the original's.
            for kept in testCase.kept where kept.group.map({ !testCase.removedGroups.contains($0) }) ?? true {
                for edit in edits where EditInPlacePropertyTests.touches(edit.range, kept.range) {
                    Issue.record(Comment(rawValue: "the edit \(edit) touches \(kept.range); " + context.rawValue))
                }
            }
            if testCase.changes.isEmpty { #expect(result == original, context) }
            outputs.append(String(decoding: result, as: UTF8.self))
        }
        // (c) Python's ElementTree reads every result.
        try await EditInPlacePropertyTests.expectElementTreeReads(outputs)
    }

    @Test("Every update compares with the document as parsed; later changes add to earlier ones")
    func updatesCompareWithTheParse() throws {
        let document = try EditingModel.binder.parseForEditing(
            Data(EditInPlaceTests.document.utf8), as: Config.self)
        #expect(try document.updated() == document.original)
        document.root.version = 4
        let first = try document.updated()
        #expect(try document.updated() == first)
        document.root.groups[1].label = "UI"
        let second = String(decoding: try document.updated(), as: UTF8.self)
        #expect(
            second
                == EditInPlaceTests.document.replacingOccurrences(of: "version='3'", with: "version='4'")
                .replacingOccurrences(of: #"enabled="false"/>"#, with: #"enabled="false" label="UI"/>"#))
    }

    struct Point: Bindable {
        var x = 0
        var y = 0
        init() {}
    }

    @Test("A value type's root is changed through the session's root")
    func valueTypeRoot() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Point.self, element: "point").attribute(\.x).attribute(\.y))
        let text = "<!-- origin -->\n<point y=\"2\"  x='1'/>\n"
        var document = try binder.parseForEditing(Data(text.utf8), as: Point.self)
        document.root.x = 10
        #expect(
            String(decoding: try document.updated(), as: UTF8.self) == "<!-- origin -->\n<point y=\"2\"  x='10'/>\n")
    }

    @Test("A file session writes back in place, and leaves the file alone when nothing changed")
    func fileSession() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-session-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("config.xml")
        try Data(EditInPlaceTests.document.utf8).write(to: url)
        let document = try EditingModel.binder.parseForEditing(contentsOf: url, as: Config.self)
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        try document.write(to: url)
        let after = try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        #expect(before == after)
        document.root.groups[0].settings[1].value = "45"
        try document.write(to: url)
        let expected = EditInPlaceTests.document.replacingOccurrences(of: ">30<", with: ">45<")
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == expected)
    }

    @Test("A session of a document that does not bind, or is not UTF-8, is refused with the parse's error")
    func refused() throws {
        let invalid = try #require(throws: XMLBindError.self) {
            _ = try EditingModel.binder.parseForEditing(Data("<config version='x'/>".utf8), as: Config.self)
        }
        #expect(invalid.diagnostics.first?.origin?.line == 1)
        let latin = #"<?xml version="1.0" encoding="ISO-8859-1"?><config version="1"/>"#
        let error = try #require(throws: XMLBindError.self) {
            _ = try EditingModel.binder.parseForEditing(Data(latin.utf8), as: Config.self)
        }
        #expect(error.code == .invalidEncoding)
    }
}
