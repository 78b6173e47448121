import XMLBind

/// An ``ElementReader`` that only counts: every element inside the mapped one, and the bytes
/// of their text. For `xmlrpc --only reader`, measured against `--only floor` (expat with
/// empty callbacks), it shows what reading through a reader costs per element on top of expat.
final class ElementCountReader: ElementReader {
    /// What the reader counted in one element.
    struct Counts: Bindable {
        var elements = 0
        var textBytes = 0
        init() {}
    }

    private var counts = Counts()

    func start(_ element: ReaderElement) throws {
        if element.depth == 0 { counts = Counts() }
        counts.elements &+= 1
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        counts.textBytes &+= text.count
    }

    func finish() throws -> Counts { counts }

    /// A binder whose only mapping reads `element` (the document's root) with this reader.
    static func binder(root element: String) -> XMLBinder {
        XMLBinder().registeredAtSetup(mapping(Counts.self, element: element).reading(with: { ElementCountReader() }))
    }
}
