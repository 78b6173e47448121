#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Element lookups the event paths share: bindings borrowed by index, the namespace number
/// an object frame records, the binding registered for a name.
extension BindingEngine {
    /// Runs `body` with binding `index`, borrowed rather than retained.
    @inline(__always)
    func withBinding<Result>(_ index: Int, _ body: (ElementBinding) -> Result) -> Result {
        bindingRefs.withObject(at: index, body)
    }

    /// What an object frame of binding `index` records as its element's namespace (see
    /// ``Frame/namespace``).
    @inline(__always)
    func namespaceNumber(_ name: ExpandedName, of index: Int) -> Int32 {
        registry.recordsNamespace[index] ? namespaces.number(of: name.uri) : NamespaceTable.unrecorded
    }

    /// The binding registered for an element's name: in its namespace, or by a prefix the
    /// document bound, or unprefixed. An unprefixed registration matches a child in no
    /// namespace or in its parent's namespace, and a root in any namespace.
    func lookupElement(_ name: ExpandedName, parent: ValueSlot<Frame>?) -> Int? {
        if let index = registry.exact.lookup(name.key) { return index }
        if !documentPrefixes.isEmpty, let index = documentPrefixes.lookup(name.key) { return index }
        guard let index = registry.wildcard.lookup(name.local) else { return nil }
        guard let uri = name.uri, let parent, parent.pointee.isObject else { return index }
        return namespaces.owner(parent.pointee.namespace).contains(uri) ? index : nil
    }

    /// The innermost open object element's binding.
    func innermostObject() -> ElementBinding? {
        for frame in frames.reversed() where frame.isObject {
            return registry.bindings[frame.bindingIndex]
        }
        return nil
    }
}
