import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds ``RSSModel`` from `XMLParser` events, by hand.
final class RSSParserDelegate: NSObject, XMLParserDelegate {
    private enum Field {
        case title, link, description, pubDate
    }

    private enum Frame {
        case root(RSSModel.Root)
        case channel(RSSModel.Channel)
        case item(RSSModel.Item)
        case field(Field)
        case other
    }

    private(set) var root: RSSModel.Root?
    private var frames: [Frame] = []
    /// The text of the open item field.
    private var text = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        let frame: Frame
        switch (frames.last, elementName) {
        case (nil, "rss"):
            let root = RSSModel.Root()
            self.root = root
            frame = .root(root)
        case (.root(let root)?, "channel"):
            let channel = RSSModel.Channel()
            root.channel = channel
            frame = .channel(channel)
        case (.channel(let channel)?, "item"):
            let item = RSSModel.Item()
            channel.items.append(item)
            frame = .item(item)
        case (.item?, "title"): frame = .field(.title)
        case (.item?, "link"): frame = .field(.link)
        case (.item?, "description"): frame = .field(.description)
        case (.item?, "pubDate"): frame = .field(.pubDate)
        default: frame = .other
        }
        if case .field = frame { text = "" }
        frames.append(frame)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard case .field(let field) = frames.popLast(), case .item(let item) = frames.last else { return }
        switch field {
        case .title: item.title = text
        case .link: item.link = text
        case .description: item.description = text
        case .pubDate: item.pubDate = text
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if case .field = frames.last {
            text += string
        }
    }
}
