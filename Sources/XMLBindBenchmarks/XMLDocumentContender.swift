import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Foundation's `XMLDocument` writing the same graph as ``WriteContender``: the tree is
/// built from the objects (elements, attributes, text, namespace declarations) and
/// serialised with `xmlData()`, both inside the clock: what a Swift user writes today to
/// produce XML from objects.
///
/// The written bytes are read back with the binder after the clock stops, as the `write`
/// contender's are.
struct XMLDocumentContender: Contender {
    let name = "xmldocument"
    private let graph = PreparedGraph()
    let writesGraph = true

    func prepare(_ document: Document) throws {
        try graph.bind(document)
    }

    func parse(_ document: Document) throws -> ParseResult {
        let root: XMLElement
        switch try graph.root(of: document) {
        case .beans(let beans): root = Self.element(beans)
        case .rss(let rss): root = Self.element(rss)
        default: throw BenchmarkError("xmldocument: the prepared graph is missing")
        }
        let written = XMLDocument(rootElement: root)
        written.characterEncoding = "UTF-8"
        return .written(written.xmlData(options: []), document.workload)
    }

    // MARK: beans

    private static func element(_ root: BeansModel.Root) -> XMLElement {
        let element = XMLElement(name: "beans", uri: BeansModel.beansNamespace)
        element.addNamespace(namespace("", BeansModel.beansNamespace))
        element.addNamespace(namespace("configuration", BeansModel.configurationNamespace))
        for bean in root.beans {
            element.addChild(Self.element(bean))
        }
        for define in root.defines {
            let child = XMLElement(name: "configuration:define", uri: BeansModel.configurationNamespace)
            add("namespace", define.namespace, to: child)
            add("key", define.key, to: child)
            add("type", define.type, to: child)
            add("value", define.value, to: child)
            element.addChild(child)
        }
        return element
    }

    private static func element(_ bean: BeansModel.Bean) -> XMLElement {
        let element = XMLElement(name: "bean", uri: BeansModel.beansNamespace)
        add("id", bean.id, to: element)
        add("class", bean.clazz, to: element)
        add("scope", bean.scope, to: element)
        add("lazy", bean.lazy ? "true" : "false", to: element)
        for property in bean.properties {
            let child = XMLElement(name: "property", uri: BeansModel.beansNamespace)
            add("name", property.name, to: child)
            add("value", property.value, to: child)
            add("ref", property.ref, to: child)
            if !property.text.isEmpty { child.addChild(XMLNode.text(withStringValue: property.text) as! XMLNode) }
            if let inner = property.bean { child.addChild(Self.element(inner)) }
            element.addChild(child)
        }
        return element
    }

    // MARK: rss

    private static func element(_ root: RSSModel.Root) -> XMLElement {
        let element = XMLElement(name: "rss")
        guard let channel = root.channel else { return element }
        let channelElement = XMLElement(name: "channel")
        for item in channel.items {
            let itemElement = XMLElement(name: "item")
            itemElement.addChild(XMLElement(name: "title", stringValue: item.title))
            itemElement.addChild(XMLElement(name: "link", stringValue: item.link))
            itemElement.addChild(XMLElement(name: "description", stringValue: item.description))
            itemElement.addChild(XMLElement(name: "pubDate", stringValue: item.pubDate))
            channelElement.addChild(itemElement)
        }
        element.addChild(channelElement)
        return element
    }

    // MARK: Nodes

    private static func add(_ name: String, _ value: String?, to element: XMLElement) {
        guard let value else { return }
        element.addAttribute(XMLNode.attribute(withName: name, stringValue: value) as! XMLNode)
    }

    private static func namespace(_ prefix: String, _ uri: String) -> XMLNode {
        XMLNode.namespace(withName: prefix, stringValue: uri) as! XMLNode
    }
}
