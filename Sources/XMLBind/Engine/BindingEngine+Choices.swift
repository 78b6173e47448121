/// Choices (`.choice(…)`, see ElementBinding+Choices.swift): a member given when another
/// member of its choice already is. The test itself is one mask test in ``store`` and
/// ``claimSingleSlot(_:byteIndex:)``; everything here runs only for a document that breaks
/// a choice.
extension BindingEngine {
    /// Reports the member at `byteOffset` (bit `bit`) of an element that already holds
    /// `conflict.given`: an error in strict mode, a warning in lenient mode (the first
    /// member stays, and the caller drops this one).
    ///
    /// - Parameters:
    ///   - ownerMark: Where the element's entries in ``elementAssignments`` begin, to find
    ///     the first member's offset.
    ///   - ownerOffset: The element's own start tag, where the note goes when the first
    ///     member's offset was not recorded.
    @inline(never)
    func reportChoiceConflict(
        _ conflict: (choice: Int, given: Int), bit: Int, of binding: ElementBinding, at bindingIndex: Int,
        byteOffset: Int, ownerMark: Int, ownerOffset: Int
    ) {
        let choice = binding.choices[conflict.choice]
        let mark = min(ownerMark, elementAssignments.count)
        let firstOffset = elementAssignments[mark...].first { $0.property == conflict.given }?.offset ?? ownerOffset
        let second = choiceMemberName(bit, of: binding, at: bindingIndex)
        let first = choiceMemberName(conflict.given, of: binding, at: bindingIndex)
        var message =
            choice.message
            ?? "<\(binding.elementName)> holds only one of "
            + Self.alternatives(choice.bits.map { choiceMemberName($0, of: binding, at: bindingIndex) })
            + ": \(second) follows \(first)"
        let lenient = options.mode == .lenient
        if lenient { message += "; the first is kept" }
        report(
            PendingDiagnostic(
                severity: lenient ? .warning : .error, code: .choiceConflict, message: message,
                byteOffset: byteOffset, focus: .offset,
                notes: [PendingDiagnostic.Note(message: "\(first) given here", byteOffset: firstOffset)]))
    }

    /// A member of a choice as messages name it: its element, `<card>`; for a child slot
    /// without `xml:`, the elements registered for its type, `<struct>`.
    private func choiceMemberName(_ bit: Int, of binding: ElementBinding, at bindingIndex: Int) -> String {
        if bit < binding.properties.count { return "<\(binding.properties[bit].xmlName)>" }
        let slot = bit - binding.properties.count
        if let name = binding.childSlots[slot].xmlName { return "<\(name)>" }
        let names = registry.bindings.indices.filter { registry.singleSlot(parent: bindingIndex, child: $0) == slot }
            .map { "<\(registry.bindings[$0].elementName)>" }
        return names.isEmpty ? "property '\(binding.childSlots[slot].propertyName)'" : names.joined(separator: " or ")
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func alternatives(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
