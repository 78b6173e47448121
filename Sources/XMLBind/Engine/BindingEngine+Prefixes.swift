/// Prefixes only the document resolves: registrations written `prefix:local` whose
/// prefix the binder's `prefixes:` map does not know match names in the namespace the
/// document binds that prefix to, whatever prefix the document writes them with.
///
/// For element registrations the document's declarations add keys to
/// ``documentPrefixes``; for property names (and nested-path steps) a name's own prefix
/// is replaced, before matching, by the registered prefix bound to its namespace.
/// Bindings are not scoped: the latest declaration of a prefix wins.
extension BindingEngine {
    /// The document bound `prefix` to `uri`: registrations written `prefix:local` now
    /// match names in that namespace, whatever prefix the document uses for it.
    func bindPrefix(_ prefix: String, to uri: String) {
        if registry.choosesByType { documentNamespaces[prefix] = uri }
        for index in propertyPrefixes.indices where propertyPrefixes[index].prefix.elementsEqual(prefix.utf8) {
            propertyPrefixes[index].uri = Array(uri.utf8)
        }
        guard let pending = registry.pendingPrefixes[prefix] else { return }
        for entry in pending {
            documentPrefixes.insert(CompiledRegistry.key(uri: uri, local: entry.local), value: entry.binding)
        }
    }

    /// The namespace the `xml` prefix is bound to by definition.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// The prefix to match a name's property registrations with: a property written
    /// `prefix:local` with a prefix only the document resolves matches a name in the
    /// namespace the document bound that prefix to, whatever prefix the name is written
    /// with. So the name's own prefix is replaced by the registered prefix bound to its
    /// namespace, or by none (no registered prefix is bound to it). Without such
    /// registrations the name's prefix is never compared, and is passed on as it is.
    @inline(never)
    func matchingPrefix(
        uri: UnsafeBufferPointer<UInt8>?, prefix: UnsafeBufferPointer<UInt8>?
    ) -> UnsafeBufferPointer<UInt8>? {
        propertyPrefixes.isEmpty ? prefix : registeredPrefix(boundTo: uri)
    }

    private func registeredPrefix(boundTo uri: UnsafeBufferPointer<UInt8>?) -> UnsafeBufferPointer<UInt8>? {
        guard let uri else { return nil }
        for entry in propertyPrefixes where entry.uri.map({ $0.elementsEqual(uri) }) == true {
            return UnsafeBufferPointer(entry.prefix)
        }
        return nil
    }
}
