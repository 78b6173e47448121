import Foundation
import Testing
import XMLBind

/// A subclass that adds a protocol to a registered base class: each protocol is found
/// for the registered type itself.
@Suite("Protocols a subclass adds to its base class")
struct InheritedConformanceTests {
    class Base: Bindable {
        var id: String?
        required init() {}
    }

    final class Located: Base, OriginAware {
        var origin: Origin?
    }

    final class Namespaced: Base, NamespaceAware {
        var namespace: String?
    }

    final class Collecting: Base, XMLAttributeContainer {
        var attributes: [String: String] = [:]
        func addAttribute(_ name: String, value: String) { attributes[name] = value }
        var attributesToWrite: [(name: String, value: String)] {
            attributes.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        }
    }

    final class Parent: Base, Ancestor, ChildrenProvider {
        var children: [Any] = []
        func addChild(_ child: Any) { children.append(child) }
        var childrenToWrite: [Any] { children }
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Located.self, element: "located").attribute(\.id),
        mapping(Namespaced.self, element: "namespaced").attribute(\.id),
        mapping(Collecting.self, element: "collecting").attribute(\.id),
        mapping(Parent.self, element: "parent").attribute(\.id))

    @Test func originAware() throws {
        let located = try Self.binder.parse("\n  <located id='a'/>", as: Located.self, file: "l.xml")
        #expect(located.origin == Origin(file: "l.xml", line: 2, column: 3))
    }

    @Test func namespaceAware() throws {
        let namespaced = try Self.binder.parse("<namespaced xmlns='urn:n'/>", as: Namespaced.self)
        #expect(namespaced.namespace == "urn:n")
        let written = try Self.binder.xml(
            from: namespaced, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(written == #"<namespaced xmlns="urn:n"/>"#)
    }

    @Test func attributeContainer() throws {
        let collecting = try Self.binder.parse("<collecting id='c' x='1' y='2'/>", as: Collecting.self)
        #expect(collecting.id == "c")
        #expect(collecting.attributes == ["x": "1", "y": "2"])
        let written = try Self.binder.xml(
            from: collecting, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(written == #"<collecting id="c" x="1" y="2"/>"#)
    }

    @Test func ancestorAndChildrenProvider() throws {
        let parent = try Self.binder.parse("<parent id='p'><located id='l'/><parent id='q'/></parent>", as: Parent.self)
        #expect(parent.children.compactMap { ($0 as? Base)?.id } == ["l", "q"])
        let written = try Self.binder.xml(
            from: parent, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(written == #"<parent id="p"><located id="l"/><parent id="q"/></parent>"#)
    }
}
