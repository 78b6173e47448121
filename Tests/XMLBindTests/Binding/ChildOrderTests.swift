import Foundation
import Testing

@testable import XMLBind

/// `.childOrder`: typed slots and the document order of the same children at once
/// (issue 28: fontconfig's `<fontconfig>` needs both).
@Suite("Child order kept beside typed slots")
struct ChildOrderTests {
    final class FontConfig: Bindable {
        var description: String?
        var dirs: [Directory] = []
        var matches: [Match] = []
        var includes: [Include] = []
        var order: [String] = []
        init() {}
    }

    final class Directory: Bindable {
        var prefix: String?
        var path = ""
        init() {}
    }

    final class Match: Bindable {
        var target: String?
        init() {}
    }

    final class Include: Bindable {
        var ignoreMissing: String?
        var file = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(FontConfig.self, element: "fontconfig")
            .element(\.description)
            .children(\.dirs).children(\.matches).children(\.includes)
            .childOrder(\.order),
        mapping(Directory.self, element: "dir").attribute(\.prefix).text(\.path),
        mapping(Match.self, element: "match").attribute(\.target),
        mapping(Include.self, element: "include").attribute(\.ignoreMissing, xml: "ignore_missing").text(\.file))

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <fontconfig>
            <description>Local fonts</description>
            <dir>/usr/share/fonts</dir>
            <match target="font"/>
            <dir prefix="xdg">fonts</dir>
            <include ignore_missing="yes">conf.d</include>
            <match target="pattern"/>
        </fontconfig>
        """

    @Test func theSlotsAreFilledAndTheOrderIsKept() throws {
        let config = try #require(try Self.binder.parse(Data(Self.document.utf8), as: Any?.self) as? FontConfig)
        #expect(config.dirs.map(\.path) == ["/usr/share/fonts", "fonts"])
        #expect(config.matches.map(\.target) == ["font", "pattern"])
        #expect(config.includes.map(\.file) == ["conf.d"])
        #expect(config.order == ["dir", "match", "dir", "include", "match"])
    }

    @Test func writingFollowsTheOrder() throws {
        let config = try #require(try Self.binder.parse(Data(Self.document.utf8), as: Any?.self) as? FontConfig)
        let written = try Self.binder.xml(from: config)
        #expect(written == Self.document + "\n")
    }

    @Test func childrenTheOrderDoesNotNameAreWrittenAfterTheOthers() throws {
        let config = try #require(try Self.binder.parse(Data(Self.document.utf8), as: Any?.self) as? FontConfig)
        let added = Directory()
        added.path = "/opt/fonts"
        config.dirs.append(added)
        config.order.append("alias")  // names no child: skipped
        let written = try Self.binder.xml(from: config)
        let again = try #require(try Self.binder.parse(Data(written.utf8), as: Any?.self) as? FontConfig)
        #expect(again.order == ["dir", "match", "dir", "include", "match", "dir"])
        #expect(again.dirs.map(\.path) == ["/usr/share/fonts", "fonts", "/opt/fonts"])
    }

    @Test func withoutAnOrderTheSlotsAreWrittenInDeclarationOrder() throws {
        let config = try #require(try Self.binder.parse(Data(Self.document.utf8), as: Any?.self) as? FontConfig)
        config.order = []
        let again = try #require(
            try Self.binder.parse(Data(try Self.binder.xml(from: config).utf8), as: Any?.self) as? FontConfig)
        #expect(again.order == ["dir", "dir", "match", "match", "include"])
    }
}
