import XMLBind

/// The demo's object model: a DI container's configuration, as its users would write it.
enum DemoModel {
    /// `<beans>`: the root, holding top-level beans and defines.
    final class Beans: Bindable, OriginAware, NamespaceAware {
        var origin: Origin?
        var namespace: String?
        var schemaLocation: String?
        var beans: [Bean] = []
        var defines: [Define] = []
    }

    /// `<bean>`: one object the container creates.
    final class Bean: Bindable, OriginAware, XMLAttributeContainer {
        var origin: Origin?
        var id: String?
        var clazz: String?
        var scope: Scope = .singleton
        var lazy = false
        var properties: [Property] = []
        /// Attributes the mapping does not declare, such as `init-method`.
        var otherAttributes: [(name: String, value: String)] = []

        func addAttribute(_ name: String, value: String) {
            otherAttributes.append((name, value))
        }

        /// Written back after the declared attributes.
        var attributesToWrite: [(name: String, value: String)] { otherAttributes }
    }

    enum Scope: String, CaseIterable {
        case singleton, prototype
    }

    /// `<property>`: a value, a reference, text, or a nested bean.
    final class Property: Bindable, OriginAware {
        var origin: Origin?
        var name: String?
        var value: String?
        var ref: String?
        var text: String?
        var bean: Bean?
    }

    /// `<configuration:define>`: a typed constant in its own namespace.
    final class Define: Bindable, OriginAware {
        var origin: Origin?
        var namespace: String?
        var key: String?
        var type: String?
        var value: String?
    }

    /// The registrations: which element binds to which type, and how. The prefixes map
    /// gives `xsi:` and `configuration:` their URIs, for reading and for writing back.
    static let binder = XMLBinder(prefixes: [
        "xsi": "http://www.w3.org/2001/XMLSchema-instance",
        "configuration": "http://www.example.com/schema/configuration",
    ]).registeredAtSetup(
        mapping(Beans.self, element: "beans")
            .attribute(\.schemaLocation, xml: "xsi:schemaLocation")
            .children(\.beans)
            .children(\.defines),
        mapping(Bean.self, element: "bean")
            .attribute(\.id)
            .attribute(\.clazz, xml: "class")
            .attribute(\.scope)
            .attribute(\.lazy)
            .children(\.properties),
        mapping(Property.self, element: "property")
            .attribute(\.name)
            .attribute(\.value)
            .attribute(\.ref)
            .text(\.text, conversion: .trimmed)
            .child(\.bean),
        mapping(Define.self, element: "configuration:define")
            .property(\.namespace)
            .property(\.key)
            .property(\.type)
            .property(\.value)
    )
}
