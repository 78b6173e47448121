/// The mappings an `xsi:type` may choose for the elements of child slots declared with
/// `xml:` (issue 31): every mapping registered with `.xsiType(…)` whose type is the slot's
/// element class or one of its subclasses.
///
/// A named slot takes its elements by the slot's name, not by the mappings' element names,
/// so the element-name lookup that chooses among `.xsiType` mappings (see
/// ``CompiledRegistry/typedVariants``) never sees them. Only class slots take variants: a
/// subclass instance is then an element of the slot bit for bit, so the slot's placer (made
/// for the declared class) places it unchanged.
struct NamedSlotTypes: Sendable {
    /// Per named slot (indexed as the registry's named-slot tables are), the mappings an
    /// `xsi:type` may choose; empty for most slots.
    private let variants: [[SlotVariant]]
    /// Bindings that an element of a named slot may carry an `xsi:type` for: the variants
    /// and the slots' own bindings. The attribute is then no unknown one.
    let typedBindings: Set<Int>
    /// Whether any named slot takes variants: the one test the engine makes otherwise.
    let isEmpty: Bool

    /// One mapping a named slot's `xsi:type` may choose.
    struct SlotVariant: Sendable {
        let type: XMLName
        let binding: Int
    }

    /// Works out the variants of every named slot.
    ///
    /// - Parameters:
    ///   - bindings: All registered mappings.
    ///   - slotChildren: For each named-slot index, the binding of the slot's declared type
    ///     (-1 when none is registered: an abstract class's slot takes only variants), in
    ///     the order `slotBase` gives.
    init(bindings: [ElementBinding], slotChildren: [Int]) {
        let typed = bindings.indices.filter { bindings[$0].schemaType != nil && bindings[$0].isClass }
        var variants: [[SlotVariant]] = []
        var typedBindings: Set<Int> = []
        var index = 0
        for parent in bindings {
            for slot in parent.childSlots {
                defer { index += 1 }
                let child = slotChildren[index]
                guard !typed.isEmpty, slot.xmlName != nil, slot.elementClass != nil,
                    child >= 0 || slot.keyedInsert == nil
                else {
                    variants.append([])
                    continue
                }
                let fitting = typed.compactMap { candidate -> SlotVariant? in
                    guard let type = bindings[candidate].schemaType,
                        slot.isExact(bindings[candidate].access.type)
                    else { return nil }
                    return SlotVariant(type: type, binding: candidate)
                }
                variants.append(fitting)
                if !fitting.isEmpty {
                    if child >= 0 { typedBindings.insert(child) }
                    typedBindings.formUnion(fitting.map(\.binding))
                }
            }
        }
        self.variants = variants
        self.typedBindings = typedBindings
        self.isEmpty = typedBindings.isEmpty
    }

    /// The first mapping registered with `.xsiType(…)` for the slot's class or a subclass:
    /// the template of the slot's placer when no mapping is registered for the class itself.
    static func firstVariant(of slot: ChildSlot, in bindings: [ElementBinding]) -> Int? {
        guard slot.elementClass != nil else { return nil }
        return bindings.indices.first { index in
            bindings[index].schemaType != nil && bindings[index].isClass && slot.isExact(bindings[index].access.type)
        }
    }

    /// The variants of the named slot at `index` (its parent's slot base plus the slot).
    func variants(at index: Int) -> [SlotVariant] {
        variants[index]
    }
}
