import Foundation
import XMLBind

/// XMLBind, binding the whole document to the bench README's object model.
///
/// The mappings are what a user would write: element names with their namespace URIs,
/// `.attribute` for attributes, `.text` with `.trimmed` for a property's own text,
/// `.children`/`.child` for the graph. Lenient mode, so that the attributes the model
/// does not map (`init-method`, `xsi:schemaLocation`, `default-lazy-init`, `version`)
/// and the elements it does not bind (a channel's own `<title>`, an item's `<guid>`) are
/// passed over rather than rejected. The binders are built once, outside the timed parse.
struct BinderContender: Contender {
    let name = "binder"

    static let beansBinder: XMLBinder = {
        typealias M = BeansModel
        return XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(M.Root.self, element: "beans", namespace: M.beansNamespace)
                .children(\.beans)
                .children(\.defines),
            mapping(M.Bean.self, element: "bean", namespace: M.beansNamespace)
                .attribute(\.id)
                .attribute(\.clazz, xml: "class")
                .attribute(\.scope)
                .attribute(\.lazy)
                .children(\.properties),
            mapping(M.Property.self, element: "property", namespace: M.beansNamespace)
                .attribute(\.name)
                .attribute(\.value)
                .attribute(\.ref)
                .text(\.text, conversion: .trimmed)
                .child(\.bean),
            mapping(M.Define.self, element: "define", namespace: M.configurationNamespace)
                .attribute(\.namespace)
                .attribute(\.key)
                .attribute(\.type)
                .attribute(\.value)
        )
    }()

    static let rssBinder: XMLBinder = {
        typealias M = RSSModel
        return XMLBinder(options: ParseOptions(mode: .lenient)).registeredAtSetup(
            mapping(M.Root.self, element: "rss", namespace: "")
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
        case .beans: .beans(try Self.beansBinder.parse(document.bytes, as: BeansModel.Root.self))
        case .rss: .rss(try Self.rssBinder.parse(document.bytes, as: RSSModel.Root.self))
        }
    }
}
