import Foundation
import Testing

@testable import XMLBind

/// A list from an attribute of a repeated element (`.elements(\.types, xml: "link/@type")`)
/// over elements of which some lack the attribute (issue 28: a real WADL file's parameters
/// came out shifted).
@Suite("Lists from an attribute of a repeated element, when some elements lack it")
struct AttributeListGapTests {
    final class Links: Bindable {
        var types: [String?] = []
        var plainTypes: [String] = []
        init() {}
    }

    final class Resource: Bindable {
        var names: [String?] = []
        var styles: [String?] = []
        var defaults: [Int?] = []
        init() {}
    }

    static let links = XMLBinder().registeredAtSetup(
        mapping(Links.self, element: "links").elements(\.types, xml: "link/@type"))
    static let plainLinks = XMLBinder().registeredAtSetup(
        mapping(Links.self, element: "links").elements(\.plainTypes, xml: "link/@type"))
    static let resources = XMLBinder().registeredAtSetup(
        mapping(Resource.self, element: "resource")
            .elements(\.names, xml: "param/@name")
            .elements(\.styles, xml: "param/@style")
            .elements(\.defaults, xml: "param/@default"))

    static let document = #"<links><link type="a"/><link/><link type="b"/><link/></links>"#

    @Test func aListOfOptionalsKeepsANilForEachElementWithoutTheAttribute() throws {
        let links = try #require(try Self.links.parse(Data(Self.document.utf8), as: Any?.self) as? Links)
        #expect(links.types == ["a", nil, "b", nil])
    }

    @Test func aListOfValuesHoldsOnlyTheElementsThatCarryTheAttribute() throws {
        let links = try #require(try Self.plainLinks.parse(Data(Self.document.utf8), as: Any?.self) as? Links)
        #expect(links.plainTypes == ["a", "b"])
    }

    @Test func aListOfOptionalsIsWrittenBackWithAnElementForEachNil() throws {
        let links = Links()
        links.types = ["a", nil, "b"]
        let xml = try Self.links.xml(from: links)
        #expect(xml.contains(#"<link type="a"/>"#))
        #expect(xml.components(separatedBy: "<link ").count - 1 + xml.components(separatedBy: "<link/>").count - 1 == 3)
        #expect(xml.contains("<link/>"))
        let again = try #require(try Self.links.parse(Data(xml.utf8), as: Any?.self) as? Links)
        #expect(again.types == ["a", nil, "b"])
    }

    static let parameters = """
        <resource>
          <param name="id" style="template"/>
          <param name="q" default="10"/>
          <param style="header"/>
          <param name="page" style="query" default="1"/>
        </resource>
        """

    @Test func severalListsOfOptionalsFromOneElementLineUp() throws {
        let resource = try #require(try Self.resources.parse(Data(Self.parameters.utf8), as: Any?.self) as? Resource)
        #expect(resource.names == ["id", "q", nil, "page"])
        #expect(resource.styles == ["template", nil, "header", "query"])
        #expect(resource.defaults == [nil, 10, nil, 1])
        let xml = try Self.resources.xml(from: resource)
        let again = try #require(try Self.resources.parse(Data(xml.utf8), as: Any?.self) as? Resource)
        #expect(again.names == resource.names)
        #expect(again.styles == resource.styles)
        #expect(again.defaults == resource.defaults)
        #expect(xml.contains(#"<param style="header"/>"#))
    }

    @Test func severalListsFromOneElementAreRefusedUnlessEachIsAListOfOptionals() {
        final class Mixed: Bindable {
            var names: [String?] = []
            var styles: [String] = []
            init() {}
        }
        #expect(throws: RegistrationError.self) {
            _ = try XMLBinder().register(
                mapping(Mixed.self, element: "resource")
                    .elements(\.names, xml: "param/@name")
                    .elements(\.styles, xml: "param/@style"))
        }
    }
}

/// What the Mappings article promises about lists beyond one declaration of one element.
@Suite("Lists: whole text of each value, and two declarations into one list")
struct ListShapeTests {
    final class Config: Bindable {
        var paths: [String] = []
        var paragraphs: [String] = []
        init() {}
    }

    @Test func wholeTextAfterElementsTakesEachElementsWholeText() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Config.self, element: "config").elements(\.paragraphs, xml: "p").wholeText())
        let config = try #require(
            try binder.parse(Data("<config><p>a <b>bold</b> word</p><p>two</p></config>".utf8), as: Any?.self)
                as? Config)
        #expect(config.paragraphs == ["a bold word", "two"])
    }

    @Test func twoDeclarationsIntoOneListFillItInDocumentOrder() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Config.self, element: "config").elements(\.paths, xml: "dir").elements(\.paths, xml: "cachedir"))
        let document = "<config><dir>a</dir><cachedir>b</cachedir><dir>c</dir></config>"
        let config = try #require(try binder.parse(Data(document.utf8), as: Any?.self) as? Config)
        #expect(config.paths == ["a", "b", "c"])
        // Written once, with the first declaration's element, so that it reads back the same.
        let written = try binder.xml(from: config)
        #expect(written.components(separatedBy: "<dir>").count - 1 == 3)
        #expect(!written.contains("<cachedir>"))
        let again = try #require(try binder.parse(Data(written.utf8), as: Any?.self) as? Config)
        #expect(again.paths == ["a", "b", "c"])
    }
}
