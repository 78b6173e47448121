import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

@Suite("Parsing entry points: files, Data, String and the untyped parse")
struct ParseTests {
    final class Beans: Bindable {
        var beans: [Bean] = []
        init() {}
    }
    final class Bean: Bindable, OriginAware {
        var origin: Origin?
        var id = ""
        var timeout = 0
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean").property(\.id).property(\.timeout)
    )

    static let document =
        "<beans>\n  <bean id='a' timeout='1'/>\n  <bean id='b'>\n    <timeout>2</timeout>\n  </bean>\n</beans>\n"

    @Test func dataStringAndUntyped() throws {
        let fromData = try Self.binder.parse(Data(Self.document.utf8), as: Beans.self, file: "d.xml")
        let fromString = try Self.binder.parse(Self.document, as: Beans.self, file: "s.xml")
        #expect(fromData.beans.map(\.id) == ["a", "b"])
        #expect(fromString.beans.map(\.timeout) == [1, 2])
        #expect(
            fromData.beans.map(\.origin) == [
                Origin(file: "d.xml", line: 2, column: 3), Origin(file: "d.xml", line: 3, column: 3),
            ])
        #expect(fromString.beans.last?.origin == Origin(file: "s.xml", line: 3, column: 3))
        let untypedData = try #require(try Self.binder.parse(Data(Self.document.utf8), as: Any?.self) as? Beans)
        #expect(untypedData.beans.map(\.id) == ["a", "b"])
        let untypedString = try #require(try Self.binder.parse("<bean id='x'/>", as: Any?.self, file: "u.xml") as? Bean)
        #expect(untypedString.origin == Origin(file: "u.xml", line: 1, column: 1))
    }

    @Test func declaredEncodingsOfDataAndString() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(Bean.self, element: "bean").property(\.id))
        let latin1 =
            Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><bean id="caf"#.utf8) + Data([0xE9]) + Data(#""/>"#.utf8)
        #expect(try binder.parse(latin1, as: Bean.self).id == "café")
        // A String is Unicode already: its declaration's encoding is not applied again.
        let string = #"<?xml version="1.0" encoding="ISO-8859-1"?><bean id="café"/>"#
        #expect(try binder.parse(string, as: Bean.self).id == "café")
    }

    @Test func aRealFileWithOriginsNamingItsPath() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("app.xml")
        try Data(Self.document.utf8).write(to: url)
        let beans = try Self.binder.parse(contentsOf: url, as: Beans.self)
        #expect(beans.beans.map(\.id) == ["a", "b"])
        #expect(
            beans.beans.map(\.origin) == [
                Origin(file: url.path, line: 2, column: 3), Origin(file: url.path, line: 3, column: 3),
            ])
        let untyped = try #require(try Self.binder.parse(contentsOf: url, as: Any?.self) as? Beans)
        #expect(untyped.beans.count == 2)
    }

    @Test func anErrorInAFileShowsTheLineReadBackFromDisk() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("broken.xml")
        try Data(Self.document.replacingOccurrences(of: "<timeout>2<", with: "<timeout>two<").utf8).write(to: url)
        let error = bindError { _ = try Self.binder.parse(contentsOf: url, as: Beans.self) }
        #expect(
            error?.description == """
                \(url.path):4:14: error: cannot convert "two" to Int for property 'timeout' of <bean>: not an integer
                    4 |     <timeout>two</timeout>
                      |              ^
                """)
    }

    @Test func anErrorInAStringShowsItsLineAsItsBytesWould() throws {
        // A `String` is handed to expat as its own UTF-8 (no `Data` is made of it): its
        // diagnostics, read back from the string, must be those of the same bytes.
        let text = Self.document.replacingOccurrences(of: "id='b'>", with: "id='bé😀'>")
        let badValue = text.replacingOccurrences(of: "<timeout>2<", with: "<timeout>two<")
        let fromString = bindError { _ = try Self.binder.parse(badValue, as: Beans.self, file: "s.xml") }
        let fromData = bindError { _ = try Self.binder.parse(Data(badValue.utf8), as: Beans.self, file: "s.xml") }
        #expect(
            fromString?.description == """
                s.xml:4:14: error: cannot convert "two" to Int for property 'timeout' of <bean>: not an integer
                    4 |     <timeout>two</timeout>
                      |              ^
                """)
        #expect(fromString?.diagnostics == fromData?.diagnostics)
        // A well-formedness error after the multi-byte characters, and one at the very end.
        for broken in [text.replacingOccurrences(of: "</timeout>", with: "</timeot>"), String(text.dropLast(3))] {
            let stringError = bindError { _ = try Self.binder.parse(broken, as: Beans.self, file: "w.xml") }
            let dataError = bindError { _ = try Self.binder.parse(Data(broken.utf8), as: Beans.self, file: "w.xml") }
            #expect(stringError != nil)
            #expect(stringError?.diagnostics == dataError?.diagnostics)
        }
    }

    @Test func aFileLargerThanOneChunk() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("large.xml")
        let count = 5000
        var text = "<beans>\n"
        for index in 0..<count {
            text += "  <bean id='bean-\(index)-é😀'><timeout>\(index)</timeout></bean>\n"
        }
        try Data((text + "</beans>\n").utf8).write(to: url)
        #expect(text.utf8.count > 4 * (64 << 10))
        let beans = try Self.binder.parse(contentsOf: url, as: Beans.self)
        #expect(beans.beans.count == count)
        #expect(beans.beans.last?.id == "bean-4999-é😀")
        #expect(beans.beans.last?.timeout == 4999)
        #expect(beans.beans.last?.origin == Origin(file: url.path, line: count + 1, column: 3))

        // An error near the end: its line is found again far into the file.
        try Data((text + "  <bean timeout='late'/>\n</beans>\n").utf8).write(to: url)
        let error = bindError { _ = try Self.binder.parse(contentsOf: url, as: Beans.self) }
        #expect(
            error?.description == """
                \(url.path):5002:18: error: cannot convert "late" to Int for property 'timeout' of <bean>: not an integer
                 5002 |   <bean timeout='late'/>
                      |                  ^
                """)
    }

    @Test func aMissingFileIsAnIOError() {
        let path = "/nonexistent-\(UUID().uuidString)/app.xml"
        let error = bindError { _ = try Self.binder.parse(contentsOf: URL(fileURLWithPath: path), as: Beans.self) }
        #expect(error?.code == .io)
        #expect(error?.description == "\(path): error: cannot open '\(path)': No such file or directory")
        let untyped = bindError { _ = try Self.binder.parse(contentsOf: URL(fileURLWithPath: path), as: Any?.self) }
        #expect(untyped?.code == .io)
    }

    @Test func aDirectoryIsAnIOError() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = bindError { _ = try Self.binder.parse(contentsOf: folder, as: Beans.self) }
        #expect(error?.code == .io)
        #expect(error?.description == "\(folder.path): error: cannot read '\(folder.path)': Is a directory")
    }

    @Test func unexpectedRoot() throws {
        let error = bindError { _ = try Self.binder.parse("<!-- c -->\n<bean id='x'/>", as: Beans.self, file: "r.xml") }
        #expect(error?.code == .unexpectedRoot)
        #expect(
            error?.description == """
                r.xml:2:1: error: the root element <bean> binds to Bean, not Beans
                    2 | <bean id='x'/>
                      | ^
                """)
        // The untyped parse hands back whatever the root is.
        #expect(try Self.binder.parse("<bean id='x'/>", as: Any?.self) is Bean)
    }

    @Test func anUnregisteredRootInLenientMode() throws {
        var lenient = Self.binder
        lenient.options = ParseOptions(mode: .lenient)
        #expect(try lenient.parse("<config><bean id='x'/></config>", as: Any?.self) == nil)
        let error = bindError {
            _ = try lenient.parse("<?xml version='1.0'?>\n  <config><bean/></config>", as: Beans.self, file: "l.xml")
        }
        #expect(
            error?.description == """
                l.xml:2:3: error: the document's root element is not registered, so no Beans was bound
                    2 |   <config><bean/></config>
                      |   ^
                """)
    }
}
