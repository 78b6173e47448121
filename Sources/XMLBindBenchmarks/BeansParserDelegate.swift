import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds ``BeansModel`` from `XMLParser` events, by hand.
final class BeansParserDelegate: NSObject, XMLParserDelegate {
    private enum Frame {
        case root(BeansModel.Root)
        case bean(BeansModel.Bean)
        case property(BeansModel.Property)
        case other
    }

    private(set) var root: BeansModel.Root?
    private var frames: [Frame] = []
    /// The own text of each open `<property>`, innermost last.
    private var texts: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let frame: Frame
        switch (namespaceURI, elementName) {
        case (BeansModel.beansNamespace, "beans") where frames.isEmpty:
            let root = BeansModel.Root()
            self.root = root
            frame = .root(root)
        case (BeansModel.beansNamespace, "bean"):
            let bean = BeansModel.Bean()
            bean.id = attributeDict["id"]
            bean.clazz = attributeDict["class"]
            bean.scope = attributeDict["scope"]
            bean.lazy = attributeDict["lazy"] == "true"
            switch frames.last {
            case .root(let root): root.beans.append(bean)
            case .property(let property): property.bean = bean
            default: break
            }
            frame = .bean(bean)
        case (BeansModel.beansNamespace, "property"):
            let property = BeansModel.Property()
            property.name = attributeDict["name"]
            property.value = attributeDict["value"]
            property.ref = attributeDict["ref"]
            if case .bean(let bean) = frames.last { bean.properties.append(property) }
            texts.append("")
            frame = .property(property)
        case (BeansModel.configurationNamespace, "define"):
            let define = BeansModel.Define()
            define.namespace = attributeDict["namespace"]
            define.key = attributeDict["key"]
            define.type = attributeDict["type"]
            define.value = attributeDict["value"]
            root?.defines.append(define)
            frame = .other
        default:
            frame = .other
        }
        frames.append(frame)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        if case .property(let property) = frames.popLast(), let text = texts.popLast() {
            property.text = FoundationContender.trimmed(text)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if case .property = frames.last {
            texts[texts.count - 1] += string
        }
    }
}
