import XMLBind

/// The object graph the `beans` workload binds to (`Benchmarks/README.md`), and its
/// checksum.
///
/// Every graph-building contender fills these same classes, so one walk computes every
/// contender's checksum line.
///
/// The classes are written as a user writes a model: `final class`, plain stored
/// properties, no annotations. (A key path to a class property, as every mapping registers,
/// keeps the optimizer from proving accesses to it exclusive, so the checksum walk pays a
/// dynamic exclusivity check per property it reads, as a user's own code would.)
enum BeansModel {
    static let beansNamespace = "http://www.springframework.org/schema/beans"
    static let configurationNamespace = "http://www.example.com/schema/configuration"

    /// `<beans>`: the top-level beans and every define.
    final class Root: Bindable {
        var beans: [Bean] = []
        var defines: [Define] = []
        init() {}
    }

    /// `<bean id class scope lazy>` and its properties.
    final class Bean: Bindable {
        var id: String?
        var clazz: String?
        var scope: String?
        var lazy = false
        var properties: [Property] = []
        init() {}
    }

    /// `<property name value ref>`, its own text (trimmed) and an inner bean.
    final class Property: Bindable {
        var name: String?
        var value: String?
        var ref: String?
        var text = ""
        var bean: Bean?
        init() {}
    }

    /// `<configuration:define namespace key type value>`.
    final class Define: Bindable {
        var namespace: String?
        var key: String?
        var type: String?
        var value: String?
        init() {}
    }

    /// `beans=B properties=P defines=D strbytes=S lazy=L`, as the bench README defines it.
    static func checksumLine(_ root: Root) -> String {
        var tally = Tally()
        for bean in root.beans {
            tally.add(bean)
        }
        for define in root.defines {
            tally.add(define)
        }
        return tally.line
    }

    /// The checksum's counts, added up bean by bean and define by define (the `stream`
    /// contender adds objects as they arrive).
    struct Tally {
        var beans = 0
        var properties = 0
        var defines = 0
        var bytes = 0
        var lazy = 0

        /// The checksum line.
        var line: String {
            "beans=\(beans) properties=\(properties) defines=\(defines) strbytes=\(bytes) lazy=\(lazy)"
        }

        mutating func add(_ define: Define) {
            defines += 1
            bytes += size(define.namespace) + size(define.key) + size(define.type) + size(define.value)
        }

        mutating func add(_ bean: Bean) {
            beans += 1
            if bean.lazy { lazy += 1 }
            bytes += size(bean.id) + size(bean.clazz) + size(bean.scope)
            for property in bean.properties {
                properties += 1
                bytes += size(property.name) + size(property.ref)
                bytes += property.value?.utf8.count ?? property.text.utf8.count
                if let inner = property.bean { add(inner) }
            }
        }
    }

    private static func size(_ text: String?) -> Int {
        text?.utf8.count ?? 0
    }
}
