import Foundation

@testable import XMLBind

/// Models and documents for the parallel binding tests: beans and RSS, with origins, and a
/// canonical text of each graph so that two graphs compare as a whole.
enum ParallelModels {
    static let beansNamespace = "http://www.springframework.org/schema/beans"

    final class Beans: Bindable, OriginAware {
        var origin: Origin?
        var beans: [Bean] = []
        var description: String?
        init() {}
    }

    final class Bean: Bindable, OriginAware, ByteOffsetAware {
        var origin: Origin?
        var byteOffset = -1
        var id: String?
        var clazz: String?
        var lazy: Bool = false
        var properties: [Property] = []
        init() {}
    }

    final class Property: Bindable, OriginAware {
        var origin: Origin?
        var name: String?
        var value: String?
        var text: String?
        init() {}
    }

    final class RSS: Bindable, OriginAware {
        var origin: Origin?
        var version: String?
        var channel: Channel?
        init() {}
    }

    final class Channel: Bindable, OriginAware {
        var origin: Origin?
        var title: String?
        var items: [Item] = []
        init() {}
    }

    final class Item: Bindable, OriginAware {
        var origin: Origin?
        var title: String?
        var link: String?
        var count: Int = 0
        init() {}
    }

    static func beansBinder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
        // Registration of fixed mappings: a mistake here is the test's own.
        XMLBinder(options: options).registeredAtSetup(
            mapping(Beans.self, element: "beans", namespace: beansNamespace)
                .element(\.description)
                .children(\.beans),
            mapping(Bean.self, element: "bean", namespace: beansNamespace)
                .attribute(\.id)
                .attribute(\.clazz, xml: "class")
                .attribute(\.lazy)
                .children(\.properties),
            mapping(Property.self, element: "property", namespace: beansNamespace)
                .attribute(\.name)
                .attribute(\.value)
                .text(\.text, conversion: .trimmed)
        )
    }

    static func rssBinder(_ options: ParseOptions = ParseOptions()) -> XMLBinder {
        XMLBinder(options: options).registeredAtSetup(
            mapping(RSS.self, element: "rss").attribute(\.version).child(\.channel),
            mapping(Channel.self, element: "channel").element(\.title).children(\.items),
            mapping(Item.self, element: "item").element(\.title).element(\.link).element(\.count)
        )
    }

    /// Options that cut even small documents into pieces of about `pieceSize` bytes.
    static func parallel(_ options: ParseOptions = ParseOptions(), threads: Int = 2, pieceSize: Int = 512)
        -> ParseOptions
    {
        var options = options
        var parallelism = Parallelism.threads(threads)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = pieceSize
        options.parallelism = parallelism
        return options
    }

    static func text(_ origin: Origin?) -> String {
        origin.map { "\($0.line):\($0.column)" } ?? "-"
    }

    static func text(_ beans: Beans) -> String {
        var lines = ["beans \(text(beans.origin)) \(beans.description ?? "-")"]
        for bean in beans.beans {
            lines.append(
                "bean \(text(bean.origin)) @\(bean.byteOffset) \(bean.id ?? "-") \(bean.clazz ?? "-") \(bean.lazy)")
            for property in bean.properties {
                lines.append(
                    "  property \(text(property.origin)) \(property.name ?? "-") \(property.value ?? "-") "
                        + (property.text ?? "-"))
            }
        }
        return lines.joined(separator: "\n")
    }

    static func text(_ rss: RSS) -> String {
        var lines = ["rss \(text(rss.origin))"]
        if let channel = rss.channel {
            lines.append("channel \(text(channel.origin)) \(channel.title ?? "-")")
            for item in channel.items {
                lines.append("item \(text(item.origin)) \(item.title ?? "-") \(item.link ?? "-") \(item.count)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A beans document of `count` beans, with line breaks, comments, CDATA and `>` in values.
    static func beansDocument(count: Int, declarations: String = "", extra: (Int) -> String = { _ in "" }) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <bean> inside -->
            <beans xmlns="\(beansNamespace)"\(declarations)>
              <description>Beans</description>

            """
        for index in 0..<count {
            text += """
                  <bean id="b\(index)" class="com.example.Service\(index % 7)" lazy="\(index % 2 == 0)">
                    <property name="a>b" value="x > y"/>
                    <!-- <bean id="ghost"> in a comment -->
                    <property name="text"><![CDATA[ <bean> & </bean> ]]></property>
                    <?pi <bean?>\(extra(index))
                  </bean>

                """
        }
        text += "</beans>\n"
        return text
    }

    /// An RSS document of `count` items, all on lines of their own, or on one line.
    static func rssDocument(count: Int, oneLine: Bool = false, extra: (Int) -> String = { _ in "" }) -> String {
        let breakLine = oneLine ? "" : "\n"
        var text = "<rss version=\"2.0\">\(breakLine)<channel>\(breakLine)<title>Feed é</title>\(breakLine)"
        for index in 0..<count {
            text +=
                "  <item>\(breakLine)    <title>Item \(index) ü</title>\(breakLine)    <link>http://e.com/\(index)</link>"
                + "\(breakLine)    <count>\(index)</count>\(extra(index))</item>\(breakLine)"
        }
        text += "</channel>\(breakLine)</rss>\(breakLine)"
        return text
    }
}
