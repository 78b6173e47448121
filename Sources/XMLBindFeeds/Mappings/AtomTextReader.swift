import XMLBind

/// Reads an Atom text construct into an ``AtomText``: its XHTML as markup, in document order
/// (``ReaderElement/precedingText`` places text between child elements), and as text.
///
/// Markup is written as XML a page can show: XHTML elements (and elements in no namespace,
/// as careless feeds write them) by their local name, as HTML has them (`<h:p>` → `<p>`);
/// elements and attributes of other namespaces with their prefixes as written, each
/// prefix declared on the first element that needs it, so the markup stands alone.
final class AtomTextReader: ElementReader {
    static let xhtml = "http://www.w3.org/1999/xhtml"
    /// Elements that begin a block: the text has a line break at their edges.
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "ol", "p", "pre", "section", "table",
        "td", "th", "tr", "ul",
    ]

    /// HTML's elements without content, written `<br/>`.
    static let voids: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// One open element inside the construct.
    private struct Open {
        /// The name its end tag is written with; `nil` when it has none written (the `<div>`
        /// that wraps Atom 1.0's XHTML, a void element such as `<br/>`).
        var name: String?
        var isBlock: Bool
        /// The prefixes (`""`: the default namespace) it declares, to forget at its end.
        var declared: [(prefix: String, uri: String?)]
        /// How many bytes of its own text are written already.
        var taken: Int
    }

    private var isXHTML = false
    private var isAtom10 = false
    private var markup = ""
    private var text = ""
    private var open: [Open] = []
    /// Prefix bindings in scope in the markup written, innermost last.
    private var scope: [(prefix: String, uri: String?)] = []

    func start(_ element: ReaderElement) throws {
        if element.depth == 0 {
            begin(element)
            return
        }
        take(element.precedingText)
        guard isXHTML else {
            open.append(Open(name: nil, isBlock: false, declared: [], taken: 0))
            return
        }
        let namespace = element.namespace
        if element.depth == 1, isAtom10, open.count == 1, namespace == Self.xhtml, element.name == "div" {
            open.append(Open(name: nil, isBlock: true, declared: [], taken: 0))
            return
        }
        let isHTML = namespace == nil || namespace == Self.xhtml
        let local = element.name.string
        let isBlock = isHTML && Self.blocks.contains(local)
        if isBlock { breakLine() }
        var declared: [(prefix: String, uri: String?)] = []
        let name: String
        if isHTML {
            name = local
            if binding(of: "") != Self.xhtml { declared.append(("", Self.xhtml)) }
        } else {
            name = element.qualifiedName
            let prefix = name.firstIndex(of: ":").map { String(name[..<$0]) } ?? ""
            if binding(of: prefix) != namespace { declared.append((prefix, namespace)) }
        }
        var attributes = ""
        for attribute in element.attributes {
            if let prefix = attribute.prefix, prefix != "xml", let uri = attribute.namespace,
                binding(of: prefix) != uri, !declared.contains(where: { $0.prefix == prefix })
            {
                declared.append((prefix, uri))
            }
            attributes += " \(attribute.name)=\"\(Self.escaped(attribute.value, quotes: true))\""
        }
        markup += "<" + name
        for (prefix, uri) in declared {
            markup += (prefix.isEmpty ? " xmlns" : " xmlns:" + prefix) + "=\"\(Self.escaped(uri ?? "", quotes: true))\""
        }
        // HTML's void elements close themselves: `<br></br>` would read as two breaks.
        let isVoid = isHTML && Self.voids.contains(local)
        markup += attributes + (isVoid ? "/>" : ">")
        scope += declared
        open.append(Open(name: isVoid ? nil : name, isBlock: isBlock, declared: declared, taken: 0))
    }

    func end(_ element: ReaderElement, text ownText: ReaderText) throws {
        take(ownText)
        guard let closed = open.popLast(), element.depth > 0 else { return }
        if let name = closed.name { markup += "</\(name)>" }
        scope.removeLast(min(closed.declared.count, scope.count))
        if closed.isBlock { breakLine() }
    }

    func finish() throws -> AtomText {
        var value = AtomText()
        value.markup = trimmed(markup)
        // As a page shows it: runs of whitespace one space, a line per block.
        let lines = text.split(separator: "\n").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
        value.text = trimmed(lines.filter { !$0.isEmpty }.joined(separator: "\n"))
        return value
    }

    // MARK: Helpers

    private func begin(_ element: ReaderElement) {
        var type: String?
        var mode: String?
        for attribute in element.attributes where attribute.namespace == nil {
            if attribute.name == "type" { type = trimmed(attribute.value)?.lowercased() }
            if attribute.name == "mode" { mode = trimmed(attribute.value)?.lowercased() }
        }
        isAtom10 = type == "xhtml"
        isXHTML = isAtom10 || (type == "application/xhtml+xml" && (mode == nil || mode == "xml"))
        markup = ""
        text = ""
        open = [Open(name: nil, isBlock: false, declared: [], taken: 0)]
        scope = [("", Self.xhtml)]
    }

    /// Writes the innermost open element's text past what is written already.
    private func take(_ ownText: ReaderText) {
        guard let last = open.indices.last else { return }
        let start = open[last].taken
        guard ownText.count > start else { return }
        let piece = ownText.withUTF8 { String(decoding: $0[start...], as: UTF8.self) }
        open[last].taken = ownText.count
        markup += isXHTML ? Self.escaped(piece, quotes: false) : piece
        text += piece
    }

    /// A line break in the text, unless it is empty or ends with one.
    private func breakLine() {
        if !text.isEmpty, text.last != "\n" { text += "\n" }
    }

    /// The namespace a prefix is bound to in the markup written (`nil`: none).
    private func binding(of prefix: String) -> String? {
        guard let found = scope.last(where: { $0.prefix == prefix }) else { return nil }
        return found.uri
    }

    private static func escaped(_ text: String, quotes: Bool) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || (quotes && $0 == "\"") }) else {
            return text
        }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
