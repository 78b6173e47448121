/// A mapping's `[XMLElementNode]` property for the child elements no other declaration
/// takes (``ClassDefinition/otherElements(_:namespaces:)``): appended to while an element
/// is read, read back to write it.
@usableFromInline
struct KeptElementsSlot: Sendable {
    /// Appends one element to the object's list (held as itself).
    let append: @Sendable (AnyObject, XMLElementNode) -> Void
    /// Reads the list back, for writing.
    let read: @Sendable (AnyObject) -> [XMLElementNode]
    /// The namespaces the kept elements may be in.
    let wildcard: ElementWildcard
    /// The property's name, for messages.
    let propertyName: String

    @usableFromInline
    init<T: Bindable>(_ keyPath: WritableKeyPath<T, [XMLElementNode]> & Sendable, wildcard: ElementWildcard) {
        let isClass = T.self is AnyClass
        self.append = { object, element in
            ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(element) }
        }
        self.read = { object in ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath] }
        self.wildcard = wildcard
        self.propertyName = XMLName.propertyName(of: keyPath)
    }

    /// Whether an element in the namespace `uri` (UTF-8; `nil`: none) is kept.
    func admits(_ uri: UnsafeBufferPointer<UInt8>?) -> Bool {
        if wildcard.excludes, wildcard.namespaces.isEmpty { return true }
        return wildcard.admits(uri.map { String(decoding: $0, as: UTF8.self) })
    }
}
