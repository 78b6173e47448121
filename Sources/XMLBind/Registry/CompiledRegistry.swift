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
    /// Prefixes of property names (and nested-path steps) written `prefix:local` that the
    /// binder could not resolve: the document's declarations resolve them (see
    /// `BindingEngine.matchingPrefix(uri:prefix:)`).
    let pendingPropertyPrefixes: [String]
    /// The mappings chosen by `xsi:type`, by the binding the element's name finds.
    let typedVariants: [Int: [(type: XMLName, binding: Int)]]
    /// Whether an element found by its name may still be something else: a mapping's
    /// whole text (`.wholeText()`) may take it as text, a mapping's `.otherElements` keep
    /// it as a tree where it has no slot, or an `xsi:type` may choose another mapping. One
    /// test on the engine's lookup path when none is registered.
    let hasAlternativeLookups: Bool
    /// For writing: the binding of each mapped type (the last registration of a type wins).
    let typeIndex: TypeIndex
    /// For each parent binding and each child binding (row-major, see
    /// ``placement(parent:child:)``), the placer of the first child slot
    /// (in declaration order) whose element type the child's type fits; `nil` when none
    /// does (the parent may still be an ``Ancestor``).
    let placements: [PlacerSlot]
    /// For each binding and each of its child slots declared with `xml:` (see
    /// ``ElementBinding/namedSlots``): the binding registered for the slot's element type
    /// (-1: none is) and the placer that puts such a child into that slot.
    ///
    /// Flat, indexed through ``slotBase``: arrays of types the registry uses anyway (a
    /// nested array of tuples would have its metadata made from a mangled name, slowly).
    private let namedSlotChildren: [Int]
    private let namedSlotPlacements: [PlacerSlot]
    /// Per binding, where its child slots start in the two arrays above.
    private let slotBase: [Int]
    /// The mappings an `xsi:type` may choose in each slot declared with `xml:`.
    let namedSlotTypes: NamedSlotTypes
    /// Whether an `xsi:type` may choose a mapping anywhere: by an element's name
    /// (``typedVariants``) or in a slot declared with `xml:` (``namedSlotTypes``).
    var choosesByType: Bool { !typedVariants.isEmpty || !namedSlotTypes.isEmpty }
    /// Declarations that more than one registered child could match, found while the
    /// placements are worked out (see ``RegistrationError``).
    let problems: [RegistrationError.Problem]
    /// Per binding: whether its objects' frames record their element's namespace, which
    /// unprefixed element names in declarations match (see ``NamespaceTable``): the
    /// mapping declares such names, or an unprefixed mapping may be its child.
    let recordsNamespace: [Bool]
    /// Whether some mapping keeps its child objects' names in order (`.childOrder`): the
    /// one test the engine makes per child object when none does.
    let hasChildOrder: Bool
    /// Whether some mapping keeps its text pieces among its child objects (`.mixedText`):
    /// the one test the engine makes per child object when none does.
    let hasMixedText: Bool
    /// Whether a parse keeps the document's namespace scope (see ``NamespaceScopeTracker``):
    /// some mapping hands unknown content to a callback or has an ``XMLQualifiedName``
    /// property. The binder's own policy can ask for it too (see `BindingEngine`).
    let needsNamespaceScope: Bool

    init(bindings: [ElementBinding]) {
        self.bindings = bindings
        self.hasChildOrder = bindings.contains { $0.childOrderSlot != nil }
        self.hasMixedText = bindings.contains { $0.mixedTextSlot != nil }
        self.needsNamespaceScope = bindings.contains { binding in
            if case .callback? = binding.unknownContentPolicy { return true }
            // Kept elements carry the declarations in force (XMLElementNode.namespaceDeclarations).
            if binding.keptElementsSlot != nil || !binding.namedKeptSlots.isEmpty { return true }
            return binding.properties.contains { PropertyBinding.isQualifiedName($0.valueType) }
        }
        var exact = ByteTable()
        var wildcard = ByteTable()
        var pending: [String: [(local: String, binding: Int)]] = [:]
        for (index, binding) in bindings.enumerated() {
            let name = binding.elementName
            // A mapping chosen by `xsi:type` does not replace the element's other mappings:
            // it holds the table's place only until one without a type comes.
            let typed = binding.schemaType != nil
            func insert(_ table: inout ByteTable, _ key: [UInt8]) {
                if typed, key.withUnsafeBufferPointer({ table.lookup($0) }) != nil { return }
                table.insert(key, value: index)
            }
            switch name.namespace {
            case .any: insert(&wildcard, Array(name.local.utf8))
            case .none: insert(&exact, Array(name.local.utf8))
            case .uri(let uri): insert(&exact, Self.key(uri: uri, local: name.local))
            case .prefix(let prefix): pending[prefix, default: []].append((name.local, index))
            }
        }
        self.exact = exact
        self.wildcard = wildcard
        var variants: [Int: [(type: XMLName, binding: Int)]] = [:]
        for (index, binding) in bindings.enumerated() {
            guard let type = binding.schemaType, let base = Self.tableIndex(of: binding.elementName, exact, wildcard)
            else { continue }
            variants[base, default: []].append((type, index))
        }
        self.typedVariants = variants
        self.hasAlternativeLookups =
            !variants.isEmpty
            || bindings.contains {
                $0.textTakesWholeText || ($0.keptElementsSlot != nil && !$0.access.takesChildren)
            }
        self.pendingPrefixes = pending
        var propertyPrefixes: [String] = []
        for binding in bindings {
            for property in binding.properties {
                for name in property.path + [property.xmlName] {
                    if case .prefix(let prefix) = name.namespace, !propertyPrefixes.contains(prefix) {
                        propertyPrefixes.append(prefix)
                    }
                }
            }
            for slot in binding.childSlots {
                if case .prefix(let prefix)? = slot.xmlName?.namespace, !propertyPrefixes.contains(prefix) {
                    propertyPrefixes.append(prefix)
                }
            }
        }
        self.pendingPropertyPrefixes = propertyPrefixes
        let typeIndex = TypeIndex(bindings.map { $0.objectType })
        self.typeIndex = typeIndex
        (self.placements, self.problems) = Self.placements(of: bindings)
        var slotBase: [Int] = []
        var namedSlotChildren: [Int] = []
        var namedSlotPlacements: [PlacerSlot] = []
        for parent in bindings {
            slotBase.append(namedSlotChildren.count)
            for slot in parent.childSlots.indices {
                let target = Self.namedTarget(parent: parent, slot: slot, bindings: bindings, typeIndex: typeIndex)
                namedSlotChildren.append(target.child)
                namedSlotPlacements.append(target.placement)
            }
        }
        self.slotBase = slotBase
        self.namedSlotChildren = namedSlotChildren
        self.namedSlotPlacements = namedSlotPlacements
        self.namedSlotTypes = NamedSlotTypes(bindings: bindings, slotChildren: namedSlotChildren)
        let anyUnprefixedMapping = !wildcard.isEmpty
        self.recordsNamespace = bindings.map { binding in
            anyUnprefixedMapping || binding.childSlots.contains { $0.xmlName != nil }
                || binding.properties.contains { property in
                    property.form.acceptsElement && property.path.isEmpty && property.xmlName.namespace == .any
                        || property.path.contains { $0.namespace == .any }
                }
        }
    }

    /// The child binding and placer of a slot declared with `xml:`: the binding registered
    /// for exactly the slot's element type (the latest one), whose objects are then
    /// elements of the slot bit for bit.
    private static func namedTarget(
        parent: ElementBinding, slot: Int, bindings: [ElementBinding], typeIndex: TypeIndex
    ) -> (child: Int, placement: PlacerSlot) {
        let declared = parent.childSlots[slot]
        let registered = typeIndex[ObjectIdentifier(declared.elementType)]
        // A class no mapping is registered for (an abstract base) is still placed when an
        // `xsi:type` chooses a subclass's mapping: that mapping's placer serves.
        guard declared.xmlName != nil,
            let childIndex = registered
                ?? (declared.keyedInsert == nil ? NamedSlotTypes.firstVariant(of: declared, in: bindings) : nil)
        else {
            return (-1, PlacerSlot(place: nil))
        }
        if declared.keyedInsert != nil { return (childIndex, PlacerSlot(place: nil, keyedSlot: slot)) }
        let child = bindings[childIndex]
        let offset = parent.childSlotOffsets[slot]
        let collects = declared.storeAll != nil && offset != nil
        let direct = declared.holdsOneReference && child.isClass && parent.isClass ? offset : nil
        return (
            registered == nil ? -1 : childIndex,
            PlacerSlot(
                place: declared.makePlacer(offset, parent.isClass, true, child.isClass, child.access.value),
                collectedSlot: collects ? slot : -1, directOffset: direct ?? -1,
                singleSlot: declared.isSingle ? slot : -1)
        )
    }

    /// The ``placements`` table, row by row.
    ///
    /// The binder only ever creates exact instances of the child's type, so the type (or
    /// one sample of it) answers for every child: the first slot it fits takes them all.
    private static func placements(
        of bindings: [ElementBinding]
    ) -> (placements: [PlacerSlot], problems: [RegistrationError.Problem]) {
        var problems: [RegistrationError.Problem] = []
        var placements: [PlacerSlot] = []
        placements.reserveCapacity(bindings.count * bindings.count)
        // Made only for a slot whose element type is not a class, and once per type.
        var samples = [Any?](repeating: nil, count: bindings.count)
        for parent in bindings {
            let slots = parent.childSlots
            var chosen: [(slot: Int, exact: Bool)?] = []
            for (childIndex, child) in bindings.enumerated() {
                let childType = child.access.type
                let sample = {
                    if let made = samples[childIndex] { return made }
                    let made = child.access.makeSampleValue()
                    samples[childIndex] = made
                    return made
                }
                // Slots declared with `xml:` take children by name, not by type.
                let fitting = slots.indices.filter {
                    slots[$0].xmlName == nil && slots[$0].fits(childType, sample: sample)
                }
                guard let slot = fitting.first else {
                    chosen.append(nil)
                    continue
                }
                problems += ambiguities(parent: parent, child: child, slots: fitting)
                chosen.append((slot, slots[slot].isExact(childType)))
            }
            if parent.childOrderSlot != nil {
                problems += childOrderProblems(
                    parent: parent, chosen: chosen.map { $0?.slot ?? -1 }, bindings: bindings)
            }
            // An array whose every child is an element bit for bit collects its children
            // and grows once, when the parent ends (see BindingEngine+Children.swift).
            let collects = slots.indices.map { slot in
                slots[slot].storeAll != nil && slots[slot].keyedInsert == nil && parent.childSlotOffsets[slot] != nil
                    && chosen.allSatisfy { $0 == nil || $0?.slot != slot || $0?.exact == true }
            }
            for (childIndex, choice) in chosen.enumerated() {
                guard let choice else {
                    placements.append(PlacerSlot(place: nil))
                    continue
                }
                if slots[choice.slot].keyedInsert != nil {
                    placements.append(PlacerSlot(place: nil, keyedSlot: choice.slot))
                    continue
                }
                let child = bindings[childIndex]
                let offset = parent.childSlotOffsets[choice.slot]
                let direct =
                    slots[choice.slot].holdsOneReference && choice.exact && child.isClass && parent.isClass
                    ? offset : nil
                placements.append(
                    PlacerSlot(
                        place: slots[choice.slot].makePlacer(
                            offset, parent.isClass, choice.exact, child.isClass, child.access.value),
                        collectedSlot: collects[choice.slot] ? choice.slot : -1, directOffset: direct ?? -1,
                        singleSlot: slots[choice.slot].isSingle ? choice.slot : -1))
            }
        }
        return (placements, problems)
    }

    /// Whether a child binding that the parent's unnamed slots `fitting` take could also
    /// go elsewhere: a second slot, or a declaration that takes its element by name.
    private static func ambiguities(
        parent: ElementBinding, child: ElementBinding, slots fitting: [Int]
    ) -> [RegistrationError.Problem] {
        var problems: [RegistrationError.Problem] = []
        // Made only for a problem: the type's name is demangled each time it is asked for.
        var childName: String { "<\(child.elementName)> (\(child.typeName))" }
        let first = ObjectIdentifier(parent.childSlots[fitting[0]].elementType)
        // Slots of one element type are the mapping's own mistake, reported with it.
        for slot in fitting.dropFirst() where ObjectIdentifier(parent.childSlots[slot].elementType) != first {
            problems.append(
                parent.problem(
                    .child(slot),
                    "takes \(childName) as \(parent.describe(.child(fitting[0]))) does: the two are ambiguous; "
                        + "name the elements each takes with xml:"))
        }
        let name = child.elementName
        // A slot's `xml:` name is what tells it apart from a slot that takes children by
        // type: it takes its elements first. A property's name is no such choice.
        let named = parent.properties.indices.first { index in
            let property = parent.properties[index]
            return property.form.acceptsElement && !property.isKeyed
                && (property.path.first ?? property.xmlName).overlaps(
                    name, attribute: false, owner: parent.elementName.namespace)
        }
        if let named = named.map({ DeclaredItem.property($0) }) {
            problems.append(
                parent.problem(
                    .child(fitting[0]),
                    "takes \(childName), whose element \(parent.describe(named)) also takes by name: the two are "
                        + "ambiguous; give one of them another xml: name"))
        }
        // An element kept whole by name would take the child's element first, silently.
        if let kept = parent.namedKeptSlots.first(where: {
            $0.xmlName.overlaps(name, attribute: false, owner: parent.elementName.namespace)
        }) {
            problems.append(
                parent.problem(
                    .child(fitting[0]),
                    "takes \(childName), whose element \(kept.declarationText) keeps whole by name: the two are "
                        + "ambiguous; give one of them another xml: name"))
        }
        return problems
    }

    /// The binding that writes `object` and the object held as the engine holds it: the
    /// binding registered for its dynamic type, else the latest one whose type the object
    /// can be cast to (a subclass of a mapped class).
    func binding(for object: Any) -> (ElementBinding, AnyObject)? {
        if let index = typeIndex[ObjectIdentifier(type(of: object))], let held = bindings[index].access.box(object) {
            return (bindings[index], held)
        }
        for binding in bindings.reversed() {
            if let held = binding.access.box(object) { return (binding, held) }
        }
        return nil
    }

    /// The placer for a child of binding `child` in a parent of binding `parent`.
    @inline(__always)
    func placement(parent: Int, child: Int) -> PlacerSlot {
        placements[parent &* bindings.count &+ child]
    }

    /// The parent's slot that collects children of binding `child` (see
    /// ``PlacerSlot/collectedSlot``), or -1; read without copying the placer.
    @inline(__always)
    func collectedSlot(parent: Int, child: Int) -> Int {
        placements[parent &* bindings.count &+ child].collectedSlot
    }

    /// The parent's field that takes a child of binding `child` as a plain reference
    /// (see ``PlacerSlot/directOffset``), or -1.
    @inline(__always)
    func directOffset(parent: Int, child: Int) -> Int {
        placements[parent &* bindings.count &+ child].directOffset
    }

    /// The binding an element name finds in the tables (not for document-bound prefixes).
    private static func tableIndex(of name: XMLName, _ exact: ByteTable, _ wildcard: ByteTable) -> Int? {
        let key: [UInt8]
        let table: ByteTable
        switch name.namespace {
        case .any: (key, table) = (Array(name.local.utf8), wildcard)
        case .none: (key, table) = (Array(name.local.utf8), exact)
        case .uri(let uri): (key, table) = (Self.key(uri: uri, local: name.local), exact)
        case .prefix: return nil
        }
        return key.withUnsafeBufferPointer { table.lookup($0) }
    }

    /// The binding that a parent's slot declared with `xml:` binds its elements with, or -1.
    func namedSlotChild(parent: Int, slot: Int) -> Int {
        namedSlotChildren[slotBase[parent] + slot]
    }

    /// The mappings an `xsi:type` may choose for an element of a parent's slot declared
    /// with `xml:` (see ``NamedSlotTypes``).
    func namedSlotVariants(parent: Int, slot: Int) -> [NamedSlotTypes.SlotVariant] {
        namedSlotTypes.variants(at: slotBase[parent] + slot)
    }

    /// The placer of a parent's slot declared with `xml:`.
    func namedSlotPlacement(parent: Int, slot: Int) -> PlacerSlot {
        namedSlotPlacements[slotBase[parent] + slot]
    }

    /// The fields of ``namedSlotPlacement(parent:slot:)`` the engine places most children
    /// with, read without copying the placer (a copy retains its closure): its
    /// ``PlacerSlot/keyedSlot``, ``PlacerSlot/collectedSlot``, ``PlacerSlot/singleSlot`` and
    /// ``PlacerSlot/directOffset``.
    @inline(__always)
    func namedSlotTargets(
        parent: Int, slot: Int
    ) -> (keyedSlot: Int, collectedSlot: Int, singleSlot: Int, directOffset: Int) {
        let index = slotBase[parent] &+ slot
        return (
            namedSlotPlacements[index].keyedSlot, namedSlotPlacements[index].collectedSlot,
            namedSlotPlacements[index].singleSlot, namedSlotPlacements[index].directOffset
        )
    }

    /// The parent's slot that holds one child of binding `child` (see
    /// ``PlacerSlot/singleSlot``), or -1.
    @inline(__always)
    func singleSlot(parent: Int, child: Int) -> Int {
        placements[parent &* bindings.count &+ child].singleSlot
    }

    /// The lookup key for an element in a namespace: `uri SEP local`.
    static func key(uri: String, local: String) -> [UInt8] {
        Array(uri.utf8) + [separator] + Array(local.utf8)
    }
}
