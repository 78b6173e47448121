import XMLBind

/// Copies of ``BeansModel`` and ``RSSModel`` whose every bound type is `OriginAware`, so
/// the binder really does the origin work (the line and column of each start tag) that
/// the C limit does without `BIND_NO_ORIGIN=1`.
///
/// The benchmark model's classes are `final`, so these are copies rather than subclasses.
/// The checksum is the bench README's line, the same as every other contender's; an
/// object left without an origin turns it into a line that cannot agree.
enum OriginModel {
    /// `<beans>`.
    final class BeansRoot: Bindable, OriginAware {
        var beans: [Bean] = []
        var defines: [Define] = []
        var origin: Origin?
        init() {}
    }

    /// `<bean id class scope lazy>`.
    final class Bean: Bindable, OriginAware {
        var id: String?
        var clazz: String?
        var scope: String?
        var lazy = false
        var properties: [Property] = []
        var origin: Origin?
        init() {}
    }

    /// `<property name value ref>`.
    final class Property: Bindable, OriginAware {
        var name: String?
        var value: String?
        var ref: String?
        var text = ""
        var bean: Bean?
        var origin: Origin?
        init() {}
    }

    /// `<configuration:define>`.
    final class Define: Bindable, OriginAware {
        var namespace: String?
        var key: String?
        var type: String?
        var value: String?
        var origin: Origin?
        init() {}
    }

    /// `<rss>`.
    final class RSSRoot: Bindable, OriginAware {
        var channel: Channel?
        var origin: Origin?
        init() {}
    }

    /// `<channel>`.
    final class Channel: Bindable, OriginAware {
        var items: [Item] = []
        var origin: Origin?
        init() {}
    }

    /// `<item>`.
    final class Item: Bindable, OriginAware {
        var title = ""
        var link = ""
        var description = ""
        var pubDate = ""
        var origin: Origin?
        init() {}
    }

    /// The beans checksum line, or a line naming how many objects had no origin.
    static func checksumLine(_ root: BeansRoot) -> String {
        var tally = Tally()
        tally.missing = root.origin?.line == nil ? 1 : 0
        for bean in root.beans {
            tally.add(bean)
        }
        for define in root.defines {
            tally.add(define)
        }
        return tally.missing == 0 ? tally.counts.line : "\(tally.missing) objects without an origin"
    }

    /// ``BeansModel/Tally`` for these types, and the objects found without an origin (a
    /// struct with mutating methods, as the plain model's, so that the walk is harness
    /// work of the same size).
    struct Tally {
        var counts = BeansModel.Tally()
        var missing = 0

        mutating func add(_ define: Define) {
            counts.defines += 1
            if define.origin?.line == nil { missing += 1 }
            counts.bytes += size(define.namespace) + size(define.key) + size(define.type) + size(define.value)
        }

        mutating func add(_ bean: Bean) {
            counts.beans += 1
            if bean.lazy { counts.lazy += 1 }
            if bean.origin?.line == nil { missing += 1 }
            counts.bytes += size(bean.id) + size(bean.clazz) + size(bean.scope)
            for property in bean.properties {
                counts.properties += 1
                if property.origin?.line == nil { missing += 1 }
                counts.bytes += size(property.name) + size(property.ref)
                counts.bytes += property.value?.utf8.count ?? property.text.utf8.count
                if let inner = property.bean { add(inner) }
            }
        }
    }

    /// The rss checksum line, or a line naming how many objects had no origin.
    static func checksumLine(_ root: RSSRoot) -> String {
        let items = root.channel?.items ?? []
        var missing = (root.origin?.line == nil ? 1 : 0) + (root.channel.map { $0.origin?.line == nil ? 1 : 0 } ?? 0)
        var bytes = 0
        for item in items {
            if item.origin?.line == nil { missing += 1 }
            bytes +=
                item.title.utf8.count + item.link.utf8.count + item.description.utf8.count + item.pubDate.utf8.count
        }
        return missing == 0 ? "items=\(items.count) strbytes=\(bytes)" : "\(missing) objects without an origin"
    }

    private static func size(_ text: String?) -> Int {
        text?.utf8.count ?? 0
    }
}
