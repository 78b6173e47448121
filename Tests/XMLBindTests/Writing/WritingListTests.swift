import Foundation
import Testing

@testable import XMLBind

/// How lists are written: space-separated; an empty list as an empty value, so that it
/// reads back empty even when the type's `init()` gives a non-empty default.
@Suite struct WritingListTests {
    struct Server: Bindable {
        var ports: [Int] = [80]
        var tags: [String] = []
        var names: [Int] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Server.self, element: "server").attribute(\.ports).attribute(\.tags).element(\.names))

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    @Test func anEmptyListIsWrittenAsAnEmptyValueAndReadsBackEmpty() throws {
        var server = Server()
        server.ports = []
        let text = try Self.binder.xml(from: server, options: Self.compact)
        #expect(text == #"<server ports="" tags=""><names/></server>"#)
        let back = try Self.binder.parse(text, as: Server.self)
        #expect(back.ports == [] && back.tags == [] && back.names == [])
    }

    @Test func omittingDefaultsLeavesOutAnEmptyListWhoseDefaultIsEmpty() throws {
        var server = Server()
        server.ports = []
        var options = Self.compact
        options.omitsDefaultValues = true
        let text = try Self.binder.xml(from: server, options: options)
        // `ports` defaults to [80]: an empty list is a value and is written.
        #expect(text == #"<server ports=""/>"#)
        #expect(try Self.binder.parse(text, as: Server.self).ports == [])
    }

    @Test func listsAreSpaceSeparated() throws {
        var server = Server()
        server.ports = [80, 443]
        server.tags = ["a", "b"]
        server.names = [1, 2, 3]
        let text = try Self.binder.xml(from: server, options: Self.compact)
        #expect(text == #"<server ports="80 443" tags="a b"><names>1 2 3</names></server>"#)
        let back = try Self.binder.parse(text, as: Server.self)
        #expect(back.ports == [80, 443] && back.tags == ["a", "b"] && back.names == [1, 2, 3])
    }
}
