import Foundation
import Testing
import XMLBind

/// A subclass that adds a protocol to a registered base class: each protocol is found
/// for the registered type itself, once, when its mapping is made.
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

    /// Adds two protocols at once to a base class that has none.
    final class LocatedParent: Base, OriginAware, Ancestor {
        var origin: Origin?
        var children: [Any] = []
        func addChild(_ child: Any) { children.append(child) }
    }

    @Test func subclassAddsOriginAwareAndAncestor() throws {
        let binder = try XMLBinder().register(
            mapping(LocatedParent.self, element: "group").attribute(\.id),
            mapping(Located.self, element: "located").attribute(\.id))
        let group = try binder.parse(
            "<group id='g'>\n  <located id='a'/><located id='b'/></group>", as: LocatedParent.self)
        #expect(group.id == "g")
        #expect(group.origin == Origin(line: 1, column: 1))
        let children = group.children.compactMap { $0 as? Located }
        #expect(children.map(\.id) == ["a", "b"])
        #expect(children.map(\.origin) == [Origin(line: 2, column: 3), Origin(line: 2, column: 20)])
    }

    /// A base class that is `OriginAware` and `ByteOffsetAware` itself, and not final.
    class LocatedBase: Bindable, OriginAware, ByteOffsetAware {
        var origin: Origin?
        var byteOffset = -1
        var name: String?
        required init() {}
    }

    /// Inherits both conformances, and adds a property of its own.
    final class Inheriting: LocatedBase {
        var extra: String?
    }

    @Test func subclassOfAnOriginAwareBase() throws {
        let binder = try XMLBinder().register(
            mapping(Inheriting.self, element: "item").attribute(\.name).attribute(\.extra))
        let item = try binder.parse("<?xml version='1.0'?>\n<item name='n' extra='e'/>", as: Inheriting.self)
        #expect(item.name == "n")
        #expect(item.extra == "e")
        #expect(item.origin == Origin(line: 2, column: 1))
        #expect(item.byteOffset == 22)
    }

    @Test func baseAndSubclassRegisteredTogether() throws {
        let binder = try XMLBinder().register(
            mapping(LocatedBase.self, element: "base").attribute(\.name),
            mapping(Inheriting.self, element: "item").attribute(\.name))
        let base = try binder.parse("\n <base name='b'/>", as: LocatedBase.self)
        #expect(base.origin == Origin(line: 2, column: 2))
        #expect(base.byteOffset == 2)
        let item = try binder.parse("<item name='i'/>", as: Inheriting.self)
        #expect(item.origin == Origin(line: 1, column: 1))
        #expect(item.byteOffset == 0)
    }

    /// A struct with every protocol that sets a value, and an ``Ancestor``.
    struct Entry: Bindable, OriginAware, ByteOffsetAware, NamespaceAware, Ancestor {
        var origin: Origin?
        var byteOffset = -1
        var namespace: String?
        var key: String?
        var children: [String] = []
        init() {}
        mutating func addChild(_ child: Any) {
            if let entry = child as? Entry { children.append(entry.key ?? "?") }
        }
    }

    @Test func structGetsEveryValue() throws {
        let binder = try XMLBinder().register(mapping(Entry.self, element: "entry").attribute(\.key))
        let entry = try binder.parse(
            "<entry xmlns='urn:e' key='a'>\n<entry key='b'/> <entry key='c'/></entry>", as: Entry.self)
        #expect(entry.key == "a")
        #expect(entry.origin == Origin(line: 1, column: 1))
        #expect(entry.byteOffset == 0)
        #expect(entry.namespace == "urn:e")
        #expect(entry.children == ["b", "c"])
    }

    /// A plain base class registered beside a subclass that adds protocols: the base
    /// gains none of them.
    @Test func baseClassStaysPlain() throws {
        let binder = try XMLBinder().register(
            mapping(Base.self, element: "base").attribute(\.id),
            mapping(LocatedParent.self, element: "group").attribute(\.id))
        let error = bindError { _ = try binder.parse("<base id='b'><group/></base>", as: Base.self) }
        #expect(error?.code == .unplacedChild)
    }
}
