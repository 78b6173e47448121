import XMLBind

// The elements of the envelope itself, as the binder reads them: registered mappings of the
// core (see SOAPWireMappings.swift), so a malformed envelope gets the binder's located
// diagnostics. One set of classes serves both versions; the version is the mapping's
// namespace, recorded in each object.

/// `Envelope`.
final class EnvelopeNode: Bindable, OriginAware, NamespaceAware, AttributeContainer {
    var origin: Origin?
    var namespace: String?
    var header: HeaderNode?
    var body: BodyNode?
    var attributes: [(name: String, value: String)] = []
    init() {}
    func addAttribute(_ name: String, value: String) { attributes.append((name, value)) }
}

/// `Header`: its blocks, whatever their registered types.
final class HeaderNode: Bindable, Ancestor, OriginAware, AttributeContainer {
    var origin: Origin?
    var blocks: [Any] = []
    init() {}
    func addChild(_ child: Any) { blocks.append(child) }
    func addAttribute(_ name: String, value: String) {}
}

/// `Body`: its payload objects (a request, a response, or a fault).
final class BodyNode: Bindable, Ancestor, OriginAware, AttributeContainer {
    var origin: Origin?
    var payload: [Any] = []
    init() {}
    func addChild(_ child: Any) { payload.append(child) }
    func addAttribute(_ name: String, value: String) {}
}

/// SOAP 1.1's `Fault`.
final class Fault11Node: Bindable, OriginAware {
    var origin: Origin?
    /// Resolved by the binder in the scope of the `faultcode` element.
    var faultcode = XMLQualifiedName(namespace: nil, localName: "")
    var faultstring = ""
    var faultactor: String?
    var detail: DetailNode?
    init() {}
}

/// A fault's `detail` (1.1) or `Detail` (1.2): registered objects and any text.
final class DetailNode: Bindable, Ancestor, OriginAware, AttributeContainer {
    var origin: Origin?
    var text = ""
    var entries: [Any] = []
    init() {}
    func addChild(_ child: Any) { entries.append(child) }
    func addAttribute(_ name: String, value: String) {}
}

/// SOAP 1.2's `Fault`.
final class Fault12Node: Bindable, OriginAware {
    var origin: Origin?
    var code: CodeNode?
    var reason: ReasonNode?
    var node: String?
    var role: String?
    var detail: Detail12Node?
    init() {}
}

/// SOAP 1.2's `Detail` (a separate type from 1.1's `detail`, since a child slot is matched by type).
final class Detail12Node: Bindable, Ancestor, OriginAware, AttributeContainer {
    var origin: Origin?
    var text = ""
    var entries: [Any] = []
    init() {}
    func addChild(_ child: Any) { entries.append(child) }
    func addAttribute(_ name: String, value: String) {}
}

/// SOAP 1.2's `Code` and `Subcode`: a `Value` and the next `Subcode`.
final class CodeNode: Bindable, OriginAware {
    var origin: Origin?
    /// Resolved by the binder in the scope of the `Value` element.
    var value = XMLQualifiedName(namespace: nil, localName: "")
    var subcode: SubcodeNode?
    init() {}
}

/// SOAP 1.2's `Subcode`.
final class SubcodeNode: Bindable, OriginAware {
    var origin: Origin?
    var value = XMLQualifiedName(namespace: nil, localName: "")
    var subcode: SubcodeNode?
    init() {}
}

/// SOAP 1.2's `Reason`.
final class ReasonNode: Bindable {
    var texts: [ReasonTextNode] = []
    init() {}
}

/// SOAP 1.2's `Reason/Text`.
final class ReasonTextNode: Bindable {
    var lang: String?
    var text = ""
    init() {}
}
