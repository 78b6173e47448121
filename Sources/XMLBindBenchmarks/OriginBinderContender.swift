import Foundation
import XMLBind

/// XMLBind binding the whole document to ``OriginModel``: the ``BinderContender``'s
/// workload and mappings with every type `OriginAware`, so each object gets the line and
/// column of its start tag, as the C limit's objects do without `BIND_NO_ORIGIN=1`.
struct OriginBinderContender: Contender {
    let name = "binder-origins"

    static let beansBinder: XMLBinder = {
        typealias M = OriginModel
        return XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(M.BeansRoot.self, element: "beans", namespace: BeansModel.beansNamespace)
                .children(\.beans)
                .children(\.defines),
            mapping(M.Bean.self, element: "bean", namespace: BeansModel.beansNamespace)
                .attribute(\.id)
                .attribute(\.clazz, xml: "class")
                .attribute(\.scope)
                .attribute(\.lazy)
                .children(\.properties),
            mapping(M.Property.self, element: "property", namespace: BeansModel.beansNamespace)
                .attribute(\.name)
                .attribute(\.value)
                .attribute(\.ref)
                .text(\.text, conversion: .trimmed)
                .child(\.bean),
            mapping(M.Define.self, element: "define", namespace: BeansModel.configurationNamespace)
                .attribute(\.namespace)
                .attribute(\.key)
                .attribute(\.type)
                .attribute(\.value)
        )
    }()

    static let rssBinder: XMLBinder = {
        typealias M = OriginModel
        return XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(M.RSSRoot.self, element: "rss", namespace: "")
                .child(\.channel),
            mapping(M.Channel.self, element: "channel", namespace: "")
                .children(\.items),
            mapping(M.Item.self, element: "item", namespace: "")
                .element(\.title)
                .element(\.link)
                .element(\.description)
                .element(\.pubDate)
        )
    }()

    func parse(_ document: Document) throws -> ParseResult {
        switch document.workload {
        case .beans: .originBeans(try Self.beansBinder.parse(document.bytes, as: OriginModel.BeansRoot.self))
        case .rss: .originRSS(try Self.rssBinder.parse(document.bytes, as: OriginModel.RSSRoot.self))
        }
    }
}
