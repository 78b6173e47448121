/// Reads a bound graph through the registry for editing in place, as the serializer reads
/// it: objects with their bindings, the children of each slot, and what the writer writes
/// for an object. Used for the graph a parse bound (``GraphSnapshot``) and for the one the
/// program changed (``EditPlanner``).
struct GraphReader {
    let registry: CompiledRegistry
    let prefixes: [String: String]
    /// The binding of each class met in a child slot (see ``appendChildren(_:of:_:to:)``).
    private var classBindings: [ObjectIdentifier: ElementBinding] = [:]
    /// The last class met and its binding: the objects of a list are mostly of one class.
    private var lastClass: (type: ObjectIdentifier, binding: ElementBinding)?
    /// Whether each binding met is compared whole: a graph's objects are of a few types,
    /// found faster in a short list than by hashing.
    private var wholeComparisons: [(binding: ElementBinding, whole: Bool)] = []

    init(registry: CompiledRegistry, prefixes: [String: String]) {
        self.registry = registry
        self.prefixes = prefixes
    }

    /// The item for a graph value: `nil` for a `nil` optional or an unregistered type.
    func item(_ value: Any) -> EditPlanner.Item? {
        // A value of a registered type is no `Optional`: found at once, without the
        // conformance check that unwrapping costs (a scan of the process's conformances for
        // a class, about a million instructions, each time the root is read).
        if let index = registry.typeIndex[ObjectIdentifier(type(of: value))],
            let box = registry.bindings[index].access.box(value)
        {
            return EditPlanner.Item(binding: registry.bindings[index], box: box)
        }
        guard let unwrapped = OptionalValue.unwrapped(value),
            let (binding, box) = registry.binding(for: unwrapped)
        else { return nil }
        return EditPlanner.Item(binding: binding, box: box)
    }

    /// Appends the children of one slot to `items` and returns how many values the slot
    /// held (`nil`s and unregistered values included): read as references from their field
    /// when they are class instances held there (as the serializer reads them), else as the
    /// slot's values. Appended to a list the caller keeps rather than returned in an array
    /// of their own: no allocation per object compared.
    mutating func appendChildren(
        _ slot: Int, of binding: ElementBinding, _ box: AnyObject, to items: inout [EditPlanner.Item]
    ) -> Int {
        guard let direct = WritingForm.directChildren(binding, slot) else {
            let values = binding.childSlots[slot].read(box)
            for value in values {
                if let found = item(value) { items.append(found) }
            }
            return values.count
        }
        let field = FieldAccess.of(box, isClass: binding.isClass)
        if !direct.isArray {
            // One reference, most often `nil`: no array made to hold it.
            guard let object = field.load(AnyObject?.self, at: direct.offset) else { return 0 }
            if let binding = classBinding(of: object) { items.append(EditPlanner.Item(binding: binding, box: object)) }
            return 1
        }
        let objects = field.loadReferences(at: direct.offset, isArray: true)
        for object in objects {
            if let binding = classBinding(of: object) {
                items.append(EditPlanner.Item(binding: binding, box: object))
            }
        }
        return objects.count
    }

    /// The item for a class instance (see ``classBinding(of:)``); `nil` for an unregistered
    /// class.
    mutating func classItem(_ object: AnyObject) -> EditPlanner.Item? {
        classBinding(of: object).map { EditPlanner.Item(binding: $0, box: object) }
    }

    /// The binding of a class instance: found at once for the class met last, else in the
    /// classes met before, else in the registry; `nil` for an unregistered class.
    @inline(__always)
    private mutating func classBinding(of object: AnyObject) -> ElementBinding? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let lastClass, lastClass.type == type { return lastClass.binding }
        if let known = classBindings[type] {
            lastClass = (type, known)
            return known
        }
        guard let found = item(object) else { return nil }
        // A type that stores its element's name resolves per object.
        if found.binding.elementNameSlot == nil { classBindings[type] = found.binding }
        return found.binding
    }

    /// Whether a binding's values are compared whole (``EditPlanner/needsWholeComparison(_:)``),
    /// worked out once per binding.
    mutating func needsWholeComparison(_ binding: ElementBinding) -> Bool {
        for known in wholeComparisons where known.binding === binding { return known.whole }
        let whole = EditPlanner.needsWholeComparison(binding)
        // Past a few dozen types, the list would cost more than it saves.
        if wholeComparisons.count < 32 { wholeComparisons.append((binding, whole)) }
        return whole
    }

    /// What the writer writes for an object, compact: two objects the writer writes alike
    /// bind alike.
    func fingerprint(_ item: EditPlanner.Item) throws(XMLBindError) -> String {
        try write(item, layout: .compact)
    }

    /// An object written as an element, with no XML declaration.
    func write(_ item: EditPlanner.Item, layout: WritingOptions.Layout, preferredPrefixes: [String: String] = [:])
        throws(XMLBindError) -> String
    {
        let options = WritingOptions(layout: layout, includesDeclaration: false, preferredPrefixes: preferredPrefixes)
        var serializer = Serializer(
            registry: registry, options: options, prefixes: prefixes, writer: XMLWriter(flushThreshold: 1 << 30))
        try serializer.writeDocument(item.value)
        return serializer.writer.storage?.takeString() ?? ""
    }
}
