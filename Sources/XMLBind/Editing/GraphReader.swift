/// Reads a bound graph through the registry for editing in place, as the serializer reads
/// it: objects with their bindings, the children of each slot, and what the writer writes
/// for an object. Used for the graph a parse bound (``GraphSnapshot``) and for the one the
/// program changed (``EditPlanner``).
struct GraphReader {
    let registry: CompiledRegistry
    let prefixes: [String: String]
    /// The binding of each class met in a child slot (see ``children(_:of:_:)``).
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
        guard let unwrapped = OptionalValue.unwrapped(value),
            let (binding, box) = registry.binding(for: unwrapped)
        else { return nil }
        return EditPlanner.Item(value: unwrapped, binding: binding, box: box)
    }

    /// The children of one slot, and how many values the slot held (`nil`s and unregistered
    /// values included): read as references from their field when they are class instances
    /// held there (as the serializer reads them), else as the slot's values.
    mutating func children(_ slot: Int, of binding: ElementBinding, _ box: AnyObject) -> (
        items: [EditPlanner.Item], readCount: Int
    ) {
        guard let direct = WritingForm.directChildren(binding, slot) else {
            let values = binding.childSlots[slot].read(box)
            return (values.compactMap(item), values.count)
        }
        let objects = FieldAccess.of(box, isClass: binding.isClass).loadReferences(
            at: direct.offset, isArray: direct.isArray)
        var items: [EditPlanner.Item] = []
        items.reserveCapacity(objects.count)
        for object in objects {
            if let binding = classBinding(of: object) {
                items.append(EditPlanner.Item(value: object, binding: binding, box: object))
            }
        }
        return (items, objects.count)
    }

    /// The item for a class instance (see ``classBinding(of:)``); `nil` for an unregistered
    /// class.
    mutating func classItem(_ object: AnyObject) -> EditPlanner.Item? {
        classBinding(of: object).map { EditPlanner.Item(value: object, binding: $0, box: object) }
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
