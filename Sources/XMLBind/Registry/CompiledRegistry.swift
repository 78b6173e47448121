/// All registered mappings, with their element names compiled into byte tables.
///
/// Element names from expat arrive as `uri SEP local SEP prefix` (or `local` for an
/// element in no namespace). A registration in an exact namespace is keyed by
/// `uri SEP local`; an unprefixed registration by `local` alone in a second table that
/// is tried last; a `prefix:local` registration whose prefix the binder could not
/// resolve waits in ``pendingPrefixes`` until the document binds that prefix.
final class CompiledRegistry: Sendable {
    /// The separator expat puts between namespace URI, local name and prefix. U+0001
    /// cannot occur in an XML 1.0 name or namespace URI.
    static let separator: UInt8 = 0x01

    let bindings: [ElementBinding]
    let exact: ByteTable
    let wildcard: ByteTable
    /// Registrations keyed by prefix, resolved against the document's own bindings.
    let pendingPrefixes: [String: [(local: String, binding: Int)]]
    /// For writing: the binding of each mapped type (the last registration of a type wins).
    let typeIndex: [ObjectIdentifier: Int]

    init(bindings: [ElementBinding]) {
        self.bindings = bindings
        var exact = ByteTable()
        var wildcard = ByteTable()
        var pending: [String: [(local: String, binding: Int)]] = [:]
        for (index, binding) in bindings.enumerated() {
            let name = binding.elementName
            switch name.namespace {
            case .any: wildcard.insert(name.local.utf8, value: index)
            case .none: exact.insert(name.local.utf8, value: index)
            case .uri(let uri): exact.insert(Self.key(uri: uri, local: name.local), value: index)
            case .prefix(let prefix): pending[prefix, default: []].append((name.local, index))
            }
        }
        self.exact = exact
        self.wildcard = wildcard
        self.pendingPrefixes = pending
        var types: [ObjectIdentifier: Int] = [:]
        for (index, binding) in bindings.enumerated() { types[binding.objectType] = index }
        self.typeIndex = types
    }

    /// The binding that writes `object`: the one registered for its dynamic type, else
    /// the latest one whose type the object can be cast to (a subclass of a mapped class).
    func binding(for object: Any) -> (ElementBinding, InstanceBox)? {
        if let index = typeIndex[ObjectIdentifier(type(of: object))], let box = bindings[index].box(object) {
            return (bindings[index], box)
        }
        for binding in bindings.reversed() {
            if let box = binding.box(object) { return (binding, box) }
        }
        return nil
    }

    /// The lookup key for an element in a namespace: `uri SEP local`.
    static func key(uri: String, local: String) -> [UInt8] {
        Array(uri.utf8) + [separator] + Array(local.utf8)
    }
}
