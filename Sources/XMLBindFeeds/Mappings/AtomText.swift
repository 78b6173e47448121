import XMLBind

/// An Atom text construct (`title`, `subtitle`, `summary`, `content`…) as ``AtomTextReader``
/// reads it: the markup, and the text a reader sees.
///
/// - `type="xhtml"` (Atom 1.0; 0.3's `application/xhtml+xml` in `mode="xml"`): ``markup`` is
///   the XHTML inside the construct's `<div>`, as XML; ``text`` its text, with a line break
///   between blocks (`<p>moved.</p><p>Here's</p>` → `moved.\nHere's`).
/// - `text`, `html` and anything else: both are the construct's whole text (for `html`, the
///   HTML as the feed escaped it; it is not parsed).
struct AtomText: Bindable {
    var markup: String?
    var text: String?
    init() {}
}

extension FeedMappings {
    /// Atom's text constructs in namespace `uri`, read by ``AtomTextReader``; the feed and
    /// entry mappings take each by its element's name (`.child(\.title, xml: "title")`).
    static func atomText(_ uri: String) -> ClassDefinition<AtomText> {
        mapping(AtomText.self, element: "content", namespace: uri).reading(with: { AtomTextReader() })
    }
}
