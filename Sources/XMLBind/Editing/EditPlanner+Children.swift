/// Child objects and kept attributes: pairing the objects of a list as the document binds
/// it with the program's, and placing the ones added or removed.
extension EditPlanner {
    /// One step of a list's alignment.
    enum Step {
        /// An object of the document's list and the program's object it became.
        case same(old: Int, new: Int)
        /// An object of the document's list the program removed.
        case removed(old: Int)
        /// An object the program added.
        case added(new: Int)
    }

    // MARK: Attributes kept by an AttributeContainer

    mutating func compareKeptAttributes(_ old: [XMLAttribute], _ new: [XMLAttribute], in element: Int)
        throws(XMLBindError)
    {
        guard old != new else { return }
        let attributes = outline.attributes(of: element)
        func find(_ name: String) -> DocumentOutline.Attribute? {
            attributes.first { outline.text($0.name) == name }
        }
        let newNames = Set(new.map(\.name))
        for attribute in old where !newNames.contains(attribute.name) {
            if let found = find(attribute.name) {
                edits.append(.remove(found.leadingSpace..<(found.value.upperBound + 1)))
            }
        }
        let oldValues = Dictionary(old.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for attribute in new where oldValues[attribute.name] != attribute.value {
            let what = "attribute '\(attribute.name)'"
            if let found = find(attribute.name) {
                let escaped = try ValueEscaping.attribute(attribute.value, quote: found.quote, what: what)
                edits.append(TextEdit(range: found.value, replacement: escaped))
            } else {
                let escaped = try ValueEscaping.attribute(attribute.value, quote: UInt8(ascii: "\""), what: what)
                edits.append(.insert(" \(attribute.name)=\"\(escaped)\"", at: endOfAttributes(element)))
            }
        }
    }

    // MARK: Children

    /// Compares one slot's children (or a provider's) and edits the document to match.
    ///
    /// The document's objects are paired with their elements in order, by element name;
    /// the program's are aligned with them by content (see ``align(_:_:)``).
    /// - Parameter newRange: The program's objects: a range of ``pendingItems``, read in
    ///   place (the comparisons below push and pop only above it).
    /// - Returns: `false` when the document's objects cannot be told apart by their
    ///   elements (then the parent is written anew).
    mutating func compareChildren(
        _ old: GraphSnapshot.Members, _ newRange: Range<Int>, of element: Int, slotName: XMLName?,
        claimed: inout [Bool]?
    ) throws(XMLBindError) -> Bool {
        if old.isEmpty, newRange.isEmpty { return true }
        // Each object of the document's list and the element it was bound from:
        // `pendingElements[elementMark...]`, on the stack shared by every level of the walk
        // (no array made per list); the comparisons below push and pop only above it.
        let elementMark = pendingElements.count
        defer {
            while pendingElements.count > elementMark { pendingElements.removeLast() }
        }
        let children = outline.children(of: element)
        if let slotName {
            // One name for the whole list (a slot's): its elements in order, the name's bytes
            // compared in place.
            var position = children.startIndex
            var local = slotName.local
            let found = local.withUTF8 { name -> Bool in
                for _ in old {
                    while position < children.endIndex,
                        claimed?[position - children.startIndex] == true
                            || !outline.hasLocalName(children[position], bytes: name)
                    {
                        position += 1
                    }
                    guard position < children.endIndex else { return false }
                    claimed?[position - children.startIndex] = true
                    pendingElements.append(children[position])
                    position += 1
                }
                return true
            }
            guard found else { return false }
        }
        // Where to look next for each name: siblings bind in document order. The last
        // name's place is kept aside, as a list's children mostly share one name (and one
        // binding: an object of the last one's binding has its name, known without reading it).
        var cursors: [String: Int] = [:]
        var lastBinding: ElementBinding?
        var lastName = ""
        var lastPosition = 0
        for object in old where slotName == nil {
            let binding = snapshot.nodes[object].binding
            var position: Int
            if binding === lastBinding {
                position = lastPosition
            } else {
                let local = binding.elementName.local
                let sameName = lastBinding != nil && lastName == local
                if lastBinding != nil, !sameName { cursors[lastName] = lastPosition }
                position = sameName ? lastPosition : cursors[local] ?? children.startIndex
                lastBinding = binding
                lastName = local
            }
            while position < children.endIndex,
                claimed?[position - children.startIndex] == true
                    || !outline.hasLocalName(children[position], lastName)
            {
                position += 1
            }
            guard position < children.endIndex else { return false }
            claimed?[position - children.startIndex] = true
            pendingElements.append(children[position])
            lastPosition = position + 1
        }
        // Lists of one length pair in order while each pair looks alike.
        if old.count == newRange.count {
            let editMark = edits.count
            let noteMark = notes.count
            var alike = true
            for index in old.indices {
                alike = try compare(
                    old[index], pendingItems[newRange.lowerBound + index],
                    element: pendingElements[elementMark + index], slotName: slotName, mustBeAlike: true)
                if !alike { break }
            }
            if alike { return true }
            edits.removeSubrange(editMark...)
            notes.removeSubrange(noteMark...)
        }
        // Lists that changed length, or pair badly in order: aligned, from copies.
        let elements = Array(pendingElements[elementMark...])
        let new = Array(pendingItems[newRange])
        let steps = align(old, new)
        var lastPlaced: Int?
        for (position, step) in steps.enumerated() {
            switch step {
            case .same(let oldIndex, let newIndex):
                try compare(old[oldIndex], new[newIndex], element: elements[oldIndex], slotName: slotName)
                lastPlaced = elements[oldIndex]
            case .removed(let oldIndex):
                edits.append(.remove(outline.removalRange(of: elements[oldIndex])))
            case .added(let newIndex):
                let following = steps[(position + 1)...].lazy.compactMap { step -> Int? in
                    if case .same(let oldIndex, _) = step { return elements[oldIndex] }
                    return nil
                }.first
                try insert(new[newIndex], slotName: slotName, into: element, after: lastPlaced, before: following)
            }
        }
        return true
    }

    /// Pairs the document's objects with the program's, as a diff does: objects whose
    /// values all agree pair first at both ends; between them, the pairing that makes the
    /// pairs most alike (``similarity(_:_:)``) is chosen by dynamic programming. A removed
    /// object is then removed even when the one after it changed too, rather than the list
    /// being paired off in order.
    func align(_ old: GraphSnapshot.Members, _ new: [Item]) -> [Step] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, similarity(old[prefix], new[prefix]) == 1 { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            similarity(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) == 1
        {
            suffix += 1
        }
        let rows = old.count - prefix - suffix
        let columns = new.count - prefix - suffix
        var steps = (0..<prefix).map { Step.same(old: $0, new: $0) }
        steps += middleSteps(old[prefix..<(prefix + rows)], new[prefix..<(prefix + columns)]).map {
            switch $0 {
            case .same(let oldIndex, let newIndex): .same(old: oldIndex + prefix, new: newIndex + prefix)
            case .removed(let oldIndex): .removed(old: oldIndex + prefix)
            case .added(let newIndex): .added(new: newIndex + prefix)
            }
        }
        steps += (0..<suffix).map { .same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return steps
    }

    /// The alignment of the part of two lists between their agreeing ends.
    private func middleSteps(_ old: Slice<GraphSnapshot.Members>, _ new: ArraySlice<Item>) -> [Step] {
        let rows = old.count
        let columns = new.count
        guard rows * columns <= Self.alignmentLimit else {
            // Too large to align: paired in order, the rest added or removed.
            let paired = min(rows, columns)
            return (0..<paired).map { Step.same(old: $0, new: $0) } + (paired..<columns).map { .added(new: $0) }
                + (paired..<rows).map { .removed(old: $0) }
        }
        let width = columns + 1
        var scores = [Double](repeating: 0, count: (rows + 1) * width)
        var pairScores = [Double](repeating: 0, count: rows * columns)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                // Any two objects of one mapping may pair (a little better than not pairing);
                // the more alike, the better.
                let oldNode = old[old.startIndex + row]
                let newItem = new[new.startIndex + column]
                let alike =
                    snapshot.nodes[oldNode].binding === newItem.binding ? similarity(oldNode, newItem) + 0.01 : -1
                pairScores[row * columns + column] = alike
                var best = max(scores[(row + 1) * width + column], scores[row * width + column + 1])
                if alike > 0 { best = max(best, scores[(row + 1) * width + column + 1] + alike) }
                scores[row * width + column] = best
            }
        }
        var steps: [Step] = []
        var row = 0
        var column = 0
        while row < rows, column < columns {
            let alike = pairScores[row * columns + column]
            if alike > 0, scores[row * width + column] == scores[(row + 1) * width + column + 1] + alike {
                steps.append(.same(old: row, new: column))
                row += 1
                column += 1
            } else if scores[row * width + column] == scores[row * width + column + 1] {
                // Added before removed: an insertion after the last pair comes before a
                // removal that starts at the same offset (the line break after its element).
                steps.append(.added(new: column))
                column += 1
            } else {
                steps.append(.removed(old: row))
                row += 1
            }
        }
        steps += (column..<columns).map { .added(new: $0) }
        steps += (row..<rows).map { .removed(old: $0) }
        return steps
    }

    /// How much of two objects agrees: the share of their values that read the same and of
    /// their lists of children that have the same length, from 0 to 1.
    func similarity(_ old: Int, _ new: Item) -> Double {
        let binding = new.binding
        guard snapshot.nodes[old].binding === binding else { return 0 }
        var same = 0
        var total = 0
        for index in binding.properties.indices {
            total += 1
            if snapshot.stillHolds(old, index, binding: binding, box: new.box)
                || snapshot.value(of: old, index, equals: Self.value(index, of: binding, new.box))
            {
                same += 1
            }
        }
        for slot in binding.childSlots.indices {
            total += 1
            if snapshot.list(slot, of: old).readCount == binding.childSlots[slot].read(new.box).count { same += 1 }
        }
        if let read = binding.access.readAttributes {
            total += 1
            if snapshot.keptAttributes(of: old) == read(new.box) { same += 1 }
        }
        return total == 0 ? 1 : Double(same) / Double(total)
    }

    /// Two objects of a list of unchanged length pair by their place when at least this
    /// share of them agrees (else the list is aligned).
    static let pairingThreshold = 0.5
    /// The largest alignment (objects before × objects after) worked out; larger lists pair in order.
    static let alignmentLimit = 1 << 20

    // MARK: Placing new elements

    /// Inserts a new object: after the element of the object before it in its list, else
    /// before the one after it, else after the parent's last child element, else as the
    /// parent's first content.
    mutating func insert(_ item: Item, slotName: XMLName?, into parent: Int, after previous: Int?, before next: Int?)
        throws(XMLBindError)
    {
        if let previous {
            let indent = outline.ownIndentation(of: previous)
            let text = try render(item, slotName: slotName, indentation: indent, scope: parent)
            edits.append(
                .insert((indent.map { outline.lineBreak + $0 } ?? "") + text, at: outline.elements[previous].end))
            return
        }
        if let next {
            let indent = outline.ownIndentation(of: next)
            let text = try render(item, slotName: slotName, indentation: indent, scope: parent)
            edits.append(
                .insert(text + (indent.map { outline.lineBreak + $0 } ?? ""), at: outline.elements[next].start))
            return
        }
        let found = outline.elements[parent]
        if found.isEmptyTag {
            // `<parent/>` takes content: `/>` becomes `>`, and the end tag follows what is inserted.
            let parentIndent = outline.ownIndentation(of: parent)
            let childIndent = parentIndent.map { $0 + indentUnit }
            let text = try render(item, slotName: slotName, indentation: childIndent, scope: parent)
            if pendingCloses[parent] == nil {
                edits.append(TextEdit(range: (found.startTagEnd - 2)..<found.startTagEnd, replacement: ">"))
                pendingCloses[parent] =
                    (parentIndent.map { outline.lineBreak + $0 } ?? "") + "</\(outline.text(found.name))>"
            }
            edits.append(.insert((childIndent.map { outline.lineBreak + $0 } ?? "") + text, at: found.startTagEnd))
            return
        }
        if let last = outline.children(of: parent).last {
            let indent = outline.ownIndentation(of: last)
            let text = try render(item, slotName: slotName, indentation: indent, scope: parent)
            edits.append(.insert((indent.map { outline.lineBreak + $0 } ?? "") + text, at: outline.elements[last].end))
            return
        }
        let lead = leadIn(forChildOf: parent)
        let indent = lead.isEmpty ? nil : String(lead.dropFirst(outline.lineBreak.count))
        let text = try render(item, slotName: slotName, indentation: indent, scope: parent)
        edits.append(.insert(lead + text, at: found.startTagEnd))
    }

    /// What goes before a new first child of `element`: a line break and the indentation
    /// of its children when the element has its own line, else nothing.
    func leadIn(forChildOf element: Int) -> String {
        if let child = outline.children(of: element).first, let indent = outline.ownIndentation(of: child) {
            return outline.lineBreak + indent
        }
        guard let indent = outline.ownIndentation(of: element) else { return "" }
        return outline.lineBreak + indent + indentUnit
    }

    /// Replaces an element with the object written anew, and notes why when it is not
    /// simply a new object.
    mutating func replace(_ element: Int, with item: Item, slotName: XMLName?, because reason: String?)
        throws(XMLBindError)
    {
        let found = outline.elements[element]
        if let reason {
            notes.append(Note(message: "<\(outline.text(found.name))> is written anew: \(reason)", offset: found.start))
        }
        let text = try render(
            item, slotName: slotName, indentation: outline.ownIndentation(of: element), scope: found.parent)
        edits.append(TextEdit(range: found.start..<found.end, replacement: text))
    }

    /// The indentation step of the document: the difference between the first element
    /// with its own line inside another with its own line; four spaces when none shows it.
    static func guessIndentUnit(_ outline: DocumentOutline) -> String {
        for (index, element) in outline.elements.enumerated() where element.parent >= 0 {
            guard let inner = outline.ownIndentation(of: index),
                let outer = outline.ownIndentation(of: element.parent),
                inner.count > outer.count, inner.hasPrefix(outer)
            else { continue }
            return String(inner.dropFirst(outer.count))
        }
        return "    "
    }
}
