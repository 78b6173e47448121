/// Choices (`.choice(…)`): groups of child elements of which an element holds at most
/// one, compiled to the bits of the engine's ``PropertySet`` and checked when a member
/// is given a value (see BindingEngine+Choices.swift).
extension ElementBinding {
    /// One compiled `.choice(…)`.
    struct Choice: Sendable {
        /// The members, as declarations, in the order the choice names them.
        let items: [DeclaredItem]
        /// Their bits in an object frame's ``BindingEngine/Frame/assigned``: a property's
        /// index, or a child slot's index after the properties.
        let bits: [Int]
        /// The bits below 64, as a mask, and whether that is all of them.
        let lowMask: UInt64
        let isLow: Bool
        /// The message declared with the choice, if any.
        let message: String?
    }

    /// The choices of a mapping, and what keeps any of them from being registered.
    ///
    /// Every key path must name a declaration of a child element of the element itself: an
    /// `.element` (single, list or map) or a `.child`. An attribute, the element's text, a
    /// nested path or a `.children` collection is refused, since the engine could not tell
    /// which value came first (or would find none at all).
    static func compileChoices(
        _ declared: [ChoiceDeclaration], properties: [PropertyBinding], slots: [ChildSlot]
    ) -> (choices: [Choice], problems: [String]) {
        var choices: [Choice] = []
        var problems: [String] = []
        for choice in declared {
            var text: String { choice.declarationText }
            var items: [DeclaredItem] = []
            var refused = false
            func refuse(_ message: String) {
                problems.append("\(text): \(message)")
                refused = true
            }
            if choice.keyPaths.count < 2 {
                refuse("a choice is between two or more child elements; it names \(choice.keyPaths.count)")
            }
            for (position, keyPath) in choice.keyPaths.enumerated() {
                // Only for messages: a key path's description is slow to make.
                var name: String { "\\." + XMLName.propertyName(of: keyPath) }
                if choice.keyPaths[..<position].contains(where: { $0 == keyPath }) {
                    refuse("it names \(name) twice")
                    continue
                }
                let matching =
                    properties.indices.filter { properties[$0].keyPath == keyPath }.map { DeclaredItem.property($0) }
                    + slots.indices.filter { slots[$0].keyPath == keyPath }.map { DeclaredItem.child($0) }
                if matching.isEmpty {
                    refuse("no declaration of this mapping binds \(name); declare it with .element or .child first")
                }
                for item in matching {
                    if let reason = refusal(of: item, properties: properties, slots: slots) {
                        refuse(reason)
                    } else {
                        items.append(item)
                    }
                }
            }
            guard !refused else { continue }
            let bits = items.map { item in
                switch item {
                case .property(let index): index
                case .child(let index): properties.count + index
                }
            }
            let lowMask = bits.filter { $0 < 64 }.reduce(UInt64(0)) { $0 | (1 << UInt64($1)) }
            choices.append(
                Choice(
                    items: items, bits: bits, lowMask: lowMask, isLow: bits.allSatisfy { $0 < 64 },
                    message: choice.message))
        }
        return (choices, problems)
    }

    /// Why a declaration cannot be a member of a choice, or `nil` when it can.
    private static func refusal(of item: DeclaredItem, properties: [PropertyBinding], slots: [ChildSlot]) -> String? {
        switch item {
        case .property(let index):
            let property = properties[index]
            let declaration = property.declarationText
            switch property.form {
            case .either, .attribute:
                return "\(declaration) can take an attribute, and a choice is between child elements; "
                    + "declare it with .element"
            case .text:
                return "\(declaration) takes the element's text, and a choice is between child elements"
            case .element:
                break
            }
            if !property.path.isEmpty {
                return "\(declaration) reaches its element through a path, and a choice is between the "
                    + "element's own children"
            }
            return nil
        case .child(let index):
            let slot = slots[index]
            if !slot.isSingle {
                return "\(slot.declarationText) collects many children; a choice takes .child and .element "
                    + "declarations"
            }
            if !slot.path.isEmpty {
                return "\(slot.declarationText) reaches its element through a path, and a choice is between the "
                    + "element's own children"
            }
            return nil
        }
    }

    /// The bit of the member already given, when `bit` belongs to a choice with another
    /// member in `assigned`; with the choice's index. Cheap for a member of none: a mask test.
    @inline(__always)
    func givenAlternative(to bit: Int, in assigned: PropertySet) -> (choice: Int, given: Int)? {
        if bit < 64, !hasHighChoiceBits {
            // Not a member, or no other member of any choice given yet: the usual cases.
            let own: UInt64 = 1 << UInt64(bit)
            if choiceBits & own == 0 || assigned.lowBits(in: choiceBits & ~own) == 0 { return nil }
        }
        return anyGivenAlternative(to: bit, in: assigned)
    }

    @inline(never)
    private func anyGivenAlternative(to bit: Int, in assigned: PropertySet) -> (choice: Int, given: Int)? {
        for (index, choice) in choices.enumerated() {
            if choice.isLow, bit < 64 {
                let own: UInt64 = 1 << UInt64(bit)
                guard choice.lowMask & own != 0 else { continue }
                let others = assigned.lowBits(in: choice.lowMask & ~own)
                if others != 0 { return (index, others.trailingZeroBitCount) }
                continue
            }
            guard choice.bits.contains(bit) else { continue }
            if let given = choice.bits.first(where: { $0 != bit && assigned.contains($0) }) { return (index, given) }
        }
        return nil
    }
}
