import Foundation
import Testing

@testable import XMLBind

/// Editing in place, the layout of what is removed and inserted: blank lines around a
/// removed element, namespace declarations of an inserted one.
@Suite("Editing in place: blank lines and namespaces")
struct EditInPlaceLayoutTests {
    typealias Config = EditingModel.Config

    static let spaced = """
        <config version="1">
          <group id="a"/>

          <group id="b"/>

          <group id="c"/>
        </config>

        """

    @Test("An element removed from between two blank lines takes one of them with it")
    func removedBetweenBlankLines() throws {
        for lineBreak in ["\n", "\r\n"] {
            let text = Self.spaced.replacingOccurrences(of: "\n", with: lineBreak)
            let config = try EditingModel.binder.parse(text, as: Config.self)
            config.groups.remove(at: 1)
            let result = try EditingModel.binder.update(text, with: config)
            let expected = """
                <config version="1">
                  <group id="a"/>

                  <group id="c"/>
                </config>

                """.replacingOccurrences(of: "\n", with: lineBreak)
            #expect(result == expected, "line break \(String(reflecting: lineBreak))")
        }
    }

    @Test("Elements removed next to each other between blank lines leave one blank line")
    func removedTogether() throws {
        let config = try EditingModel.binder.parse(Self.spaced, as: Config.self)
        config.groups.removeFirst(2)
        let result = try EditingModel.binder.update(Self.spaced, with: config)
        #expect(result == "<config version=\"1\">\n\n  <group id=\"c\"/>\n</config>\n")
    }

    @Test("An element with a blank line on one side only keeps it")
    func blankLineOnOneSide() throws {
        let config = try EditingModel.binder.parse(Self.spaced, as: Config.self)
        config.groups.removeLast()
        let result = try EditingModel.binder.update(Self.spaced, with: config)
        #expect(result == Self.spaced.replacingOccurrences(of: "\n  <group id=\"c\"/>", with: ""))
    }

    final class Catalog: Bindable {
        var entries: [Entry] = []
        init() {}
    }

    final class Entry: Bindable {
        var name = ""
        init() {}
    }

    static let catalogBinder = XMLBinder().registeredAtSetup(
        mapping(Catalog.self, element: "catalog", namespace: "urn:cat").children(\.entries),
        mapping(Entry.self, element: "{urn:cat}entry").attribute(\.name))

    @Test(
        "An inserted element uses the namespace prefix an ancestor declares, without declaring it again",
        arguments: [
            ("<c:catalog xmlns:c=\"urn:cat\">\n  <c:entry name=\"a\"/>\n</c:catalog>\n", "c:entry"),
            ("<catalog xmlns=\"urn:cat\">\n  <entry name=\"a\"/>\n</catalog>\n", "entry"),
            (
                "<x:outer xmlns:x=\"urn:other\" xmlns:k=\"urn:cat\"><k:catalog>\n  <k:entry name=\"a\"/>\n</k:catalog></x:outer>\n",
                "k:entry"
            ),
        ])
    func insertedInNamespace(text: String, name: String) throws {
        var binder = Self.catalogBinder
        if text.hasPrefix("<x:outer") {
            binder = XMLBinder().registeredAtSetup(
                mapping(Catalog.self, element: "{urn:cat}catalog").children(\.entries),
                mapping(Entry.self, element: "{urn:cat}entry").attribute(\.name),
                mapping(Outer.self, element: "{urn:other}outer").child(\.catalog))
            let outer = try binder.parse(text, as: Outer.self)
            let entry = Entry()
            entry.name = "b"
            outer.catalog?.entries.append(entry)
            let result = try binder.update(text, with: outer)
            #expect(
                result == text.replacingOccurrences(of: "name=\"a\"/>", with: "name=\"a\"/>\n  <\(name) name=\"b\"/>"))
            return
        }
        let catalog = try binder.parse(text, as: Catalog.self)
        let entry = Entry()
        entry.name = "b"
        catalog.entries.append(entry)
        let result = try binder.update(text, with: catalog)
        #expect(result == text.replacingOccurrences(of: "name=\"a\"/>", with: "name=\"a\"/>\n  <\(name) name=\"b\"/>"))
        #expect(try binder.parse(result, as: Catalog.self).entries.map(\.name) == ["a", "b"])
    }

    final class Outer: Bindable {
        var catalog: Catalog?
        init() {}
    }
}
