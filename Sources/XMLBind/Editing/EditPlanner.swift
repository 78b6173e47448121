/// Works out the ``TextEdit``s that turn a document into one that binds to a changed
/// graph, touching only what changed.
///
/// It walks three things in step, through the registry that reads and writes them: the
/// graph as the document bound it (a ``GraphSnapshot`` taken after the parse), the graph as
/// the program changed it, and the document's ``DocumentOutline``. A property is compared by
/// what the writer would write for it (its conversion's format side), so a value that
/// only reads differently (`030` for `30`) is not rewritten. What cannot be placed exactly
/// is written anew as a whole element, and noted.
struct EditPlanner {
    /// A change that could not be placed exactly, for a located warning.
    struct Note {
        var message: String
        var offset: Int
    }

    /// An object of the graph with its binding and its box (the instance itself for a
    /// class, a box around a struct).
    ///
    /// Two references and no existential: the planner copies an item for every object it
    /// compares, and a third reference (the value as `Any`) cost a retain and a release
    /// each time. The value is made from the box when it is written (``value``).
    struct Item {
        var binding: ElementBinding
        var box: AnyObject

        init(binding: ElementBinding, box: AnyObject) {
            self.binding = binding
            self.box = box
        }

        /// The object as the program holds it: the instance itself for a class, the
        /// struct's value (copied out of its box) for a struct.
        var value: Any { binding.isClass ? box : binding.access.value(box) }
    }

    let snapshot: GraphSnapshot
    let outline: DocumentOutline
    /// Reads the program's graph.
    var reader: GraphReader
    /// One indentation step, guessed from the document (see ``indentUnit``).
    let indentUnit: String
    var edits: [TextEdit] = []
    var notes: [Note] = []
    /// Empty-element tags opened (`/>` rewritten as `>`) to take inserted content, with
    /// the end tag still to write after it.
    var pendingCloses: [Int: String] = [:]
    /// The program's objects of the lists being compared, innermost object's last, on one
    /// stack shared by every level of the walk (see ``compare(_:_:element:slotName:mustBeAlike:)``):
    /// no array is made per object. Each list is a range of it, ending at its entry of
    /// ``pendingListEnds``. Entries below a level's mark never change while it compares.
    private(set) var pendingItems: [Item] = []
    private var pendingListEnds: [Int] = []
    /// The document's elements of the lists being compared (see
    /// ``compareChildren(_:_:of:slotName:claimed:)``), on one stack in the same way.
    var pendingElements: [Int] = []

    init(snapshot: GraphSnapshot, outline: DocumentOutline, reader: GraphReader) {
        self.snapshot = snapshot
        self.outline = outline
        self.reader = reader
        self.indentUnit = Self.guessIndentUnit(outline)
    }

    /// Plans the edits that make the document bind to `changed`.
    mutating func planDocument(changed: Any) throws(XMLBindError) {
        guard !outline.elements.isEmpty, let old = snapshot.root else { return }
        guard let new = reader.item(changed) else {
            throw XMLBindError(code: .unmappedType, message: "cannot write the document: its root object is nil")
        }
        try compare(old, new, element: 0, slotName: nil)
    }

    // MARK: Objects

    /// Compares an object as the document bound it (node `old` of the snapshot) with the
    /// program's, bound from `element`, and plans the edits that make the element bind to
    /// the program's.
    ///
    /// - Parameter mustBeAlike: Whether to give up, planning nothing, when the two objects
    ///   do not look alike (see ``similarity(_:_:)``): two objects paired only by their
    ///   place in a list.
    /// - Returns: `false` when it gave up.
    @discardableResult
    mutating func compare(_ old: Int, _ new: Item, element: Int, slotName: XMLName?, mustBeAlike: Bool = false)
        throws(XMLBindError) -> Bool
    {
        let binding = new.binding
        guard snapshot.nodes[old].binding === binding else {
            if mustBeAlike { return false }
            try replace(element, with: new, slotName: slotName, because: nil)
            return true
        }
        if let fingerprint = snapshot.fingerprint(of: old) {
            // Shapes whose values spread over nested elements (paths, lists of values, keyed
            // maps, names held by the object): compared whole, rewritten whole.
            if try fingerprint != reader.fingerprint(new) {
                if mustBeAlike, similarity(old, new) < Self.pairingThreshold { return false }
                try replace(
                    element, with: new, slotName: slotName,
                    because: "its mapping places values in nested elements (paths, lists of values, keyed maps, "
                        + "names, readers or text among its children), which are compared and written whole")
            }
            return true
        }
        // Every value that differs (nothing is kept of one that agrees), and every list of
        // children, read once.
        var changed: [(index: Int, value: String?)] = []
        for index in binding.properties.indices {
            if snapshot.stillHolds(old, index, binding: binding, box: new.box) { continue }
            let after = Self.value(index, of: binding, new.box)
            if !snapshot.value(of: old, index, equals: after) { changed.append((index, after)) }
        }
        // The program's objects of each list, on the stack shared by every level of the walk
        // (the snapshot holds the document's: list `offset` of node `old`).
        let listMark = pendingListEnds.count
        let itemMark = pendingItems.count
        defer {
            // One at a time: cheaper than removing a range for the few a node has.
            while pendingItems.count > itemMark { pendingItems.removeLast() }
            while pendingListEnds.count > listMark { pendingListEnds.removeLast() }
        }
        for slot in binding.childSlots.indices {
            _ = reader.appendChildren(slot, of: binding, new.box, to: &pendingItems)
            pendingListEnds.append(pendingItems.count)
        }
        if binding.childSlots.isEmpty, let read = binding.access.readChildren {
            for value in read(new.box) {
                if let item = reader.item(value) { pendingItems.append(item) }
            }
            pendingListEnds.append(pendingItems.count)
        }
        let listCount = pendingListEnds.count - listMark
        /// The range of `pendingItems` that holds list `offset`.
        func newList(_ offset: Int) -> Range<Int> {
            (offset == 0 ? itemMark : pendingListEnds[listMark + offset - 1])..<pendingListEnds[listMark + offset]
        }
        let keptAttributes = binding.access.readAttributes.map { read in
            (old: snapshot.keptAttributes(of: old) ?? [], new: read(new.box))
        }
        if mustBeAlike {
            let total = binding.properties.count + listCount + (keptAttributes == nil ? 0 : 1)
            var differing = changed.count
            for offset in 0..<listCount
            where snapshot.list(offset, of: old).count != newList(offset).count {
                differing += 1
            }
            if let keptAttributes, keptAttributes.old != keptAttributes.new { differing += 1 }
            if total > 0, Double(total - differing) / Double(total) < Self.pairingThreshold { return false }
        }
        if let kept = binding.keptContents(of: new.box), snapshot.keptElements(of: old) != kept {
            // Kept elements are not placed one by one: the element is written whole with them.
            if mustBeAlike { return false }
            try replace(
                element, with: new, slotName: slotName,
                because: "the elements it keeps whole (.otherElements, XMLElementNode properties) changed, "
                    + "and are written with it whole")
            return true
        }
        let editMark = edits.count
        let noteMark = notes.count
        for (index, value) in changed {
            let property = binding.properties[index]
            if try !place(property, index: index, of: binding, value: value, in: element) {
                edits.removeSubrange(editMark...)
                notes.removeSubrange(noteMark...)
                try replace(
                    element, with: new, slotName: slotName,
                    because: "the new value of property '\(property.propertyName)' cannot be placed in it exactly")
                return true
            }
        }
        if let keptAttributes {
            try compareKeptAttributes(keptAttributes.old, keptAttributes.new, in: element)
        }
        // Elements taken by one list, kept from the others (only needed with two lists or more),
        // by their place among the element's children.
        var claimed: [Bool]? =
            listCount > 1 ? [Bool](repeating: false, count: outline.children(of: element).count) : nil
        for offset in 0..<listCount {
            let oldList = snapshot.list(offset, of: old)
            let newItems = newList(offset)
            guard oldList.count > 0 || !newItems.isEmpty else { continue }
            let name = offset < binding.childSlots.count ? binding.childSlots[offset].xmlName : nil
            guard
                try compareChildren(
                    snapshot.members(of: oldList), newItems, of: element, slotName: name, claimed: &claimed)
            else {
                edits.removeSubrange(editMark...)
                notes.removeSubrange(noteMark...)
                pendingCloses[element] = nil
                try replace(
                    element, with: new, slotName: slotName,
                    because: "its child objects cannot be matched with its child elements")
                return true
            }
        }
        if !pendingCloses.isEmpty, let close = pendingCloses.removeValue(forKey: element) {
            edits.append(.insert(close, at: outline.elements[element].startTagEnd))
        }
        return true
    }

    /// A property's value as the writer writes it: a `String`, `String?` or `Bool` with its
    /// built-in conversion read from its field (as the serializer reads it), any other
    /// through its key path and conversion.
    static func value(_ index: Int, of binding: ElementBinding, _ box: AnyObject) -> String? {
        // The setter's fields read in place (a copy of its slot would retain its closures).
        let textOffset = binding.textOffset(of: index)
        if textOffset >= 0 {
            let fields = FieldAccess.of(box, isClass: binding.isClass)
            return binding.textIsOptional(of: index)
                ? fields.load(String?.self, at: textOffset) : fields.load(String.self, at: textOffset)
        }
        let boolOffset = binding.boolOffset(of: index)
        if boolOffset >= 0 {
            return FieldAccess.of(box, isClass: binding.isClass).load(Bool.self, at: boolOffset) ? "true" : "false"
        }
        return binding.properties[index].read(box)
    }

    /// Whether a binding's values are compared whole rather than one by one.
    static func needsWholeComparison(_ binding: ElementBinding) -> Bool {
        binding.paths != nil || binding.hasKeyedProperties || binding.keyed != nil || binding.elementNameSlot != nil
            || binding.readerFactory != nil || binding.properties.contains { $0.collection != nil }
            || binding.childSlots.contains { !$0.path.isEmpty } || binding.mixedTextSlot != nil
    }

    // MARK: Properties

    /// Writes a property's new value where the document holds it; `false` when it cannot
    /// be placed exactly.
    private mutating func place(
        _ property: PropertyBinding, index: Int, of binding: ElementBinding, value: String?, in element: Int
    ) throws(XMLBindError) -> Bool {
        let what = "property '\(property.propertyName)'"
        if property.form == .text {
            guard outline.children(of: element).isEmpty else { return false }
            try replaceContent(of: element, with: value ?? "", cdata: property.writesCDATA, what: what)
            return true
        }
        if property.form.acceptsAttribute, let found = findAttribute(property.xmlName, in: element) {
            guard let value else {
                edits.append(.remove(found.leadingSpace..<(found.value.upperBound + 1)))
                return true
            }
            noteReferences(in: found.value, what: what)
            let escaped = try ValueEscaping.attribute(value, quote: found.quote, what: what)
            edits.append(TextEdit(range: found.value, replacement: escaped))
            return true
        }
        if property.form.acceptsElement, let child = findChild(property.xmlName, in: element) {
            guard outline.children(of: child).isEmpty else { return false }
            guard let value else {
                edits.append(.remove(outline.removalRange(of: child)))
                return true
            }
            try replaceContent(of: child, with: value, cdata: property.writesCDATA, what: what)
            return true
        }
        // Not in the document (a default, or nil): added where the writer would put it.
        guard let value else { return true }
        guard let name = Self.plainName(property.xmlName) else { return false }
        switch Serializer.placement(of: property, in: binding, options: WritingOptions()) {
        case .attribute:
            let quote = outline.attributes(of: element).last?.quote ?? UInt8(ascii: "\"")
            let escaped = try ValueEscaping.attribute(value, quote: quote, what: what)
            let quoteText = String(UnicodeScalar(quote))
            edits.append(.insert(" \(name)=\(quoteText)\(escaped)\(quoteText)", at: endOfAttributes(element)))
        case .element:
            if outline.elements[element].isEmptyTag { return false }
            let text = try ValueEscaping.text(value, cdata: property.writesCDATA, what: what)
            let piece = text.isEmpty ? "<\(name)/>" : "<\(name)>\(text)</\(name)>"
            edits.append(.insert(leadIn(forChildOf: element) + piece, at: outline.elements[element].startTagEnd))
        case .text:
            return false
        }
        return true
    }

    /// Replaces an element's content (which holds no elements) with text.
    private mutating func replaceContent(of element: Int, with value: String, cdata: Bool, what: String)
        throws(XMLBindError)
    {
        let found = outline.elements[element]
        let original = found.startTagEnd..<found.endTagStart
        let wasCDATA = outline.text(original).hasPrefix("<![CDATA[")
        if found.holdsMarkup, !wasCDATA {
            notes.append(
                Note(
                    message: "the comments or processing instructions inside the text of \(what) are replaced with it",
                    offset: found.start))
        }
        noteReferences(in: original, what: what)
        let text = try ValueEscaping.text(value, cdata: cdata || wasCDATA, what: what)
        if found.isEmptyTag {
            guard !text.isEmpty else { return }
            let qualified = outline.text(found.name)
            edits.append(
                TextEdit(range: (found.startTagEnd - 2)..<found.startTagEnd, replacement: ">\(text)</\(qualified)>"))
        } else {
            edits.append(TextEdit(range: original, replacement: text))
        }
    }

    /// Notes a value about to be rewritten whose text holds a `${…}` reference or an entity
    /// reference: the new value replaces the reference.
    private mutating func noteReferences(in range: Range<Int>, what: String) {
        // Most values hold neither: found by one pass over their bytes, with no string made.
        guard outline.bytes[range].contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "$") }) else {
            return
        }
        let text = outline.text(range)
        if text.contains("${") {
            notes.append(
                Note(
                    message:
                        "the new value of \(what) replaces the substitution \(Self.reference(in: text, "${", "}"))",
                    offset: range.lowerBound))
        }
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let name = rest[rest.index(after: amp)...].prefix { $0 != ";" }
            if !name.hasPrefix("#"), !["amp", "lt", "gt", "quot", "apos"].contains(name) {
                notes.append(
                    Note(
                        message: "the new value of \(what) replaces the entity reference &\(name);",
                        offset: range.lowerBound))
                return
            }
            rest = rest[rest.index(after: amp)...]
        }
    }

    private static func reference(in text: String, _ open: String, _ close: String) -> String {
        guard let start = text.firstRange(of: open),
            let end = text[start.upperBound...].firstIndex(of: Character(close))
        else { return open + "…" + close }
        return String(text[start.lowerBound...end])
    }

    // MARK: Finding

    /// The attribute of `element` a registered name matches.
    func findAttribute(_ name: XMLName, in element: Int) -> DocumentOutline.Attribute? {
        for attribute in outline.attributes(of: element) {
            guard outline.localName(attribute.name) == name.local else { continue }
            let prefix = outline.prefix(attribute.name)
            switch name.namespace {
            case .any, .none:
                if prefix == nil { return attribute }
            case .uri(let uri):
                if let prefix, outline.namespaceURI(prefix: prefix, at: element) == uri { return attribute }
            case .prefix(let expected):
                if prefix == expected { return attribute }
            }
        }
        return nil
    }

    /// The first child element of `element` whose local name is `name`'s.
    func findChild(_ name: XMLName, in element: Int) -> Int? {
        outline.children(of: element).first { outline.hasLocalName($0, name.local) }
    }

    /// A registered name as it is written when no namespace needs a prefix; `nil` otherwise.
    static func plainName(_ name: XMLName) -> String? {
        switch name.namespace {
        case .any, .none: name.local
        case .uri, .prefix: nil
        }
    }

    /// Where an attribute is added: after the last one, or after the element's name.
    func endOfAttributes(_ element: Int) -> Int {
        outline.attributes(of: element).last.map { $0.value.upperBound + 1 }
            ?? outline.elements[element].name.upperBound
    }
}
