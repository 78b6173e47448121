/// How a property that holds many values is filled and written back: a list (`[V]`, one
/// value per matching element or attribute, in document order) or a map keyed by an
/// attribute of each element (`[String: V]`).
///
/// Made in inlinable code (see ``PropertyBinding``), so that appending a `String` to a
/// `[String]` compiles to a plain append where the types are concrete.
@usableFromInline
struct ValueCollection: Sendable {
    /// Adds one keyed value; returns `false` (and changes nothing) when the key is there.
    @usableFromInline typealias Inserter =
        @Sendable (AnyObject, FieldAccess, String, UnsafeBufferPointer<UInt8>) throws -> Bool

    /// The key's attribute as declared (`xml:lang` or `@xml:lang`), for a map; `nil` for a list.
    @usableFromInline let declaredKey: String?
    /// The type of each value, for messages.
    @usableFromInline let elementType: Any.Type
    /// The key's attribute name, resolved when the mapping is compiled.
    var key: XMLName?
    /// The entries, formatted, for writing: in order for a list, sorted by key for a map
    /// (a dictionary has no order of its own; sorted, the bytes are the same every time).
    /// A `nil` text is a `nil` entry of a list of optionals (`[V?]`).
    @usableFromInline let read: @Sendable (AnyObject) -> [(key: String?, text: String?)]
    /// For a map: makes the inserter, given the field's offset (or `nil`: through the key
    /// path) and the owner's class-ness.
    @usableFromInline let makeInserter: (@Sendable (_ offset: Int?, _ isClass: Bool) -> Inserter)?
    /// For a list of optionals (`[V?]`) read from an attribute of a repeated element
    /// (`link/@type`): makes the setter that appends `nil` for an element that lacks the
    /// attribute, so that the list keeps one entry per element. `nil` for other lists.
    @usableFromInline let makeGapFiller: (@Sendable (_ isClass: Bool) -> PropertyBinding.DefaultSetter)?

    @usableFromInline
    init(
        declaredKey: String?, elementType: Any.Type,
        read: @escaping @Sendable (AnyObject) -> [(key: String?, text: String?)],
        makeInserter: (@Sendable (_ offset: Int?, _ isClass: Bool) -> Inserter)?,
        makeGapFiller: (@Sendable (_ isClass: Bool) -> PropertyBinding.DefaultSetter)? = nil
    ) {
        self.declaredKey = declaredKey
        self.elementType = elementType
        self.read = read
        self.makeInserter = makeInserter
        self.makeGapFiller = makeGapFiller
    }

    /// Whether the property is a keyed map.
    var isMap: Bool { declaredKey != nil }
}

extension PropertyBinding {
    /// A list property: every matching element's text (or attribute) is converted and appended.
    @inlinable
    static func list<T: Bindable, E>(
        _ keyPath: WritableKeyPath<T, [E]> & Sendable, xml: String?, conversion: Conversion<E>
    ) -> PropertyBinding {
        let decode = conversion.decode
        let encode = conversion.encode
        var binding = PropertyBinding(
            keyPath, xml: xml, form: .element,
            conversion: Conversion<[E]>(
                bytes: { [try decode($0)] }, format: { $0.map(encode).joined(separator: " ") },
                refusal: conversion.refusal))
        binding.makeSetter = { offset, isClass in
            if let offset {
                return { _, base, bytes in
                    let value = try decode(bytes)
                    base.modify([E].self, at: offset) { $0.append(value) }
                }
            }
            return { object, _, bytes in
                let value = try decode(bytes)
                ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(value) }
            }
        }
        let isClass = T.self is AnyClass
        // A list of optionals keeps a place for an element without the value (`nil`).
        let none = (E.self as? any ExpressibleByNilLiteral.Type).flatMap { $0.init(nilLiteral: ()) as? E }
        let hasGaps = none != nil
        var makeGapFiller: (@Sendable (_ isClass: Bool) -> DefaultSetter)?
        if let none {
            // A `nil` holds no state, so sharing it between threads is safe.
            nonisolated(unsafe) let gap = none
            makeGapFiller = { isClass in
                { object, _ in
                    ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath].append(gap) }
                }
            }
        }
        binding.collection = ValueCollection(
            declaredKey: nil, elementType: E.self,
            read: { object -> [(key: String?, text: String?)] in
                let values = ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath]
                guard hasGaps else { return values.map { (nil, encode($0)) } }
                return values.map { value -> (key: String?, text: String?) in
                    (nil, OptionalValue.isNone(value) ? nil : encode(value))
                }
            },
            makeInserter: nil, makeGapFiller: makeGapFiller)
        return binding
    }

    /// A keyed map property: every matching element's text is converted and stored under
    /// the value of its `key` attribute.
    @inlinable
    static func map<T: Bindable, E>(
        _ keyPath: WritableKeyPath<T, [String: E]> & Sendable, xml: String?, key: String, conversion: Conversion<E>
    ) -> PropertyBinding {
        let decode = conversion.decode
        let encode = conversion.encode
        var binding = PropertyBinding(
            keyPath, xml: xml, form: .element,
            conversion: Conversion<[String: E]>(
                bytes: { ["": try decode($0)] }, format: { $0.values.map(encode).joined(separator: " ") },
                refusal: conversion.refusal))
        let isClass = T.self is AnyClass
        binding.collection = ValueCollection(
            declaredKey: key, elementType: E.self,
            read: { object -> [(key: String?, text: String?)] in
                ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath]
                    .sorted { $0.key < $1.key }.map { ($0.key, encode($0.value)) }
            },
            makeInserter: { offset, isClass in
                if let offset {
                    return { _, base, key, bytes in
                        try base.modify([String: E].self, at: offset) { map in
                            guard map[key] == nil else { return false }
                            map[key] = try decode(bytes)
                            return true
                        }
                    }
                }
                return { object, _, key, bytes in
                    guard ObjectStorage.value(object, as: T.self, isClass: isClass)[keyPath: keyPath][key] == nil
                    else { return false }
                    let value = try decode(bytes)
                    ObjectStorage.mutate(object, as: T.self, isClass: isClass) { $0[keyPath: keyPath][key] = value }
                    return true
                }
            })
        return binding
    }
}

extension PropertyBinding {
    /// Resolves a keyed map's key attribute name, once the mapping is compiled.
    mutating func resolveCollection(prefixes: [String: String]) {
        guard var collection, let declared = collection.declaredKey else { return }
        let text = declared.hasPrefix("@") ? String(declared.dropFirst()) : declared
        var key = XMLName(parsing: text, unprefixed: .none)
        // `xml` is bound by definition (XML Namespaces, section 3).
        if case .prefix("xml") = key.namespace {
            key = XMLName(namespace: .uri(BindingEngine.xmlNamespace), local: key.local, prefixHint: "xml")
        }
        collection.key = key.resolving(prefixes)
        self.collection = collection
    }
}
