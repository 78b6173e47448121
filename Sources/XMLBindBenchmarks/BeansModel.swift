import XMLBind

/// The object graph the `beans` workload binds to (`Benchmarks/README.md`), and its
/// checksum.
///
/// Every graph-building contender fills these same classes, so one walk computes every
/// contender's checksum line.
///
/// The fields are `@exclusivity(unchecked)`: a key path to a class property (as any
/// mapping registers) keeps the optimizer from proving accesses to it exclusive, so
/// every read in this module would otherwise pay a dynamic exclusivity check, and the
/// checksum walk (harness work, the same for every contender) reads them 40,000 times
/// per megabyte. The graph is only touched by one thread at a time.
enum BeansModel {
    static let beansNamespace = "http://www.springframework.org/schema/beans"
    static let configurationNamespace = "http://www.example.com/schema/configuration"

    /// `<beans>`: the top-level beans and every define.
    final class Root: Bindable {
        @exclusivity(unchecked) var beans: [Bean] = []
        @exclusivity(unchecked) var defines: [Define] = []
        init() {}
    }

    /// `<bean id class scope lazy>` and its properties.
    final class Bean: Bindable {
        @exclusivity(unchecked) var id: String?
        @exclusivity(unchecked) var clazz: String?
        @exclusivity(unchecked) var scope: String?
        @exclusivity(unchecked) var lazy = false
        @exclusivity(unchecked) var properties: [Property] = []
        init() {}
    }

    /// `<property name value ref>`, its own text (trimmed) and an inner bean.
    final class Property: Bindable {
        @exclusivity(unchecked) var name: String?
        @exclusivity(unchecked) var value: String?
        @exclusivity(unchecked) var ref: String?
        @exclusivity(unchecked) var text = ""
        @exclusivity(unchecked) var bean: Bean?
        init() {}
    }

    /// `<configuration:define namespace key type value>`.
    final class Define: Bindable {
        @exclusivity(unchecked) var namespace: String?
        @exclusivity(unchecked) var key: String?
        @exclusivity(unchecked) var type: String?
        @exclusivity(unchecked) var value: String?
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
