import XMLBind

/// One element of a sample document as read: its name, attributes, own text and children.
/// What ``SampleTreeReader`` builds, and what ``SampleStatistics`` counts.
final class SampleElement: Bindable {
    var name = QualifiedName("")
    var attributes: [XMLAttribute] = []
    var children: [SampleElement] = []
    /// The text directly inside the element, its children's left out.
    var text = ""
    var origin: Origin?
    /// On the root: the prefixes the sample's element names are written with (prefix → URI).
    var prefixes: [String: String] = [:]

    init() {}

    init(name: QualifiedName, attributes: [XMLAttribute]) {
        self.name = name
        self.attributes = attributes
    }
}
