/// Writes an object graph as XML through the registry that reads it: each object as the
/// element its type is registered for, its properties through their conversions'
/// format side, its children through the child key paths, in declaration order.
///
/// One serializer writes one document. It walks the graph twice: first to plan the
/// namespaces (declared once, on the root; this walk stops early where the registry
/// proves the rest can add no names, see ``planNamespaces(_:_:)``), then to write,
/// handing the writer's buffer on as it fills. Both walks keep their own stack of open elements instead of recursing,
/// so any depth the binder reads is written on a small thread, and what they hold beyond
/// the objects (which the caller holds anyway) is bounded by the graph's depth, not its
/// size.
struct Serializer {
    /// Where a property's value goes.
    enum Placement {
        case attribute, element, text
    }

    let registry: CompiledRegistry
    let options: WritingOptions
    var writer: XMLWriter
    var plan: NamespacePlan
    /// Each binding's property values in a fresh `init()` object, for omitting defaults.
    var initialValues: [ObjectIdentifier: [String?]] = [:]
    /// Each binding's element-form optional properties whose `init()` value is not `nil`:
    /// the only ones a `nil` is written for, as `xsi:nil="true"` (issue 13).
    var nillableProperties: [ObjectIdentifier: [Int]] = [:]
    /// Bindings whose registered names are already noted in the plan.
    var planned: Set<ObjectIdentifier> = []
    /// How each binding met so far is written, and where to find it by binding.
    var forms: [WritingForm] = []
    var formIndex: [ObjectIdentifier: Int] = [:]
    /// The class of each child met in a field, with its binding and (once writing) form:
    /// few, so they are scanned in order.
    var knownTypes: [(type: ObjectIdentifier, binding: ElementBinding, form: Int)] = []
    /// How many classes ``knownTypes`` remembers; past that, children of further classes
    /// are resolved through the registry each time.
    static let knownTypeLimit = 32
    /// For the planning walk: what it needs of each binding met, and the last one looked up.
    var planFacts: [PlanFacts] = []
    var lastPlanFacts = 0
    /// Whether the planning walk may leave out objects that can add no names (see
    /// ``planNamespaces(_:_:)``): only while the document stays in memory, so that a
    /// document whose plan proves incomplete can be written again.
    var skipsKnownObjects: Bool
    /// The bindings the registry proves the whole document is written as (see
    /// ``reach(of:)``), when the planning walk may skip objects.
    var documentReach: Set<ObjectIdentifier> = []
    /// Whether the planning walk left some objects out.
    var skippedObjects = false
    /// Whether the writing walk met a binding the plan left out: the document is then
    /// written again, after the whole planning walk.
    var planMissed = false
    /// The extras of the frames on the writing walk's stack that have them, in stack order.
    var frameExtras: ContiguousArray<FrameExtras> = []
    /// The indentation of each depth met so far, with its line break: `"\n" + indent × depth`.
    private var indentation: [[UInt8]] = []
    /// The `.mixedText` pieces of the open elements that keep them, innermost last.
    private var openPieces: [OpenPieces] = []
    /// The `.childOrder` children of the open elements that write them, innermost last.
    var orderedRuns: [OrderedRuns] = []

    /// One element's text pieces: each written before the child of its index, the rest at
    /// the end; and the next one to write.
    private struct OpenPieces {
        var pieces: [String]
        var next = 0
    }

    init(registry: CompiledRegistry, options: WritingOptions, prefixes: [String: String], writer: XMLWriter) {
        self.registry = registry
        self.options = options
        self.writer = writer
        self.plan = NamespacePlan(preferred: options.preferredPrefixes, prefixes: prefixes)
        skipsKnownObjects = writer.storage != nil
    }

    /// Writes the whole document for `root` and hands the last bytes on.
    mutating func writeDocument(_ root: Any) throws(XMLBindError) {
        let start = writer.count
        try writeDocumentOnce(root)
        guard planMissed, let storage = writer.storage else { return }
        // A subclass in a field written as a binding of its own: plan with the whole walk.
        storage.truncate(to: start)
        self = Serializer(registry: registry, options: options, prefixes: plan.prefixes, writer: writer)
        skipsKnownObjects = false
        try writeDocumentOnce(root)
    }

    private mutating func writeDocumentOnce(_ root: Any) throws(XMLBindError) {
        guard let (binding, box) = try resolve(root, parent: nil) else {
            throw XMLBindError(code: .unmappedType, message: "cannot write nil as a document")
        }
        if skipsKnownObjects {
            // Only a document the registry decides as a whole: any other binding is a surprise.
            let reach = self.reach(of: binding)
            documentReach = Set(reach ?? [])
            skipsKnownObjects = reach != nil
        }
        try planNamespaces(binding, box)
        plan.assignPrefixes()
        let pretty = options.layout.indent != nil
        if options.includesDeclaration {
            writer.raw(#"<?xml version="1.0" encoding=""# + options.encoding + #""?>"#)
            if pretty { writer.raw(0x0A) }
        }
        try writeTree(binding, box, inline: !pretty)
        if pretty { writer.raw(0x0A) }
        try output { writer in try writer.flush() }
    }

    // MARK: Objects

    /// The binding and box for an object, `nil` for a `nil` optional child.
    func resolve(_ object: Any, parent: ElementBinding?) throws(XMLBindError) -> (ElementBinding, AnyObject)? {
        guard let value = OptionalValue.unwrapped(object) else { return nil }
        if let found = registry.binding(for: value) {
            guard let slot = found.0.elementNameSlot else { return found }
            return try Self.registration(named: slot, of: found, in: registry)
        }
        let place = parent.map { " (a child of <\($0.elementName)>)" } ?? ""
        let typeName = "\(type(of: value))"
        // The suggested element name: the type's name with its first letter lowercased.
        let element = (typeName.split(separator: ".").last.map(String.init) ?? typeName)
        let suggested = element.prefix(1).lowercased() + element.dropFirst()
        throw XMLBindError(
            code: .unmappedType,
            message: "cannot write a value of type \(typeName)\(place): no mapping is registered for it; register "
                + "one with the binder that writes, such as mapping(\(typeName).self, element: \"\(suggested)\")")
    }

    /// The binding and form of a class instance read from a field (its box is itself).
    ///
    /// - Returns: The form, and whether every object of the type has it (not when the type
    ///   stores its element's name: each object is then written as the element it holds).
    private mutating func resolveObject(_ object: AnyObject, parent: Int) throws(XMLBindError) -> (
        form: Int, byType: Bool
    )? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let known = knownTypes.firstIndex(where: { $0.type == type }) {
            if knownTypes[known].form < 0 { knownTypes[known].form = form(of: knownTypes[known].binding) }
            return (knownTypes[known].form, true)
        }
        guard let (binding, _) = try resolve(object, parent: forms[parent].binding) else { return nil }
        let form = self.form(of: binding)
        let byType = binding.elementNameSlot == nil
        if knownTypes.count < Self.knownTypeLimit, byType {
            knownTypes.append((type, binding, form))
        }
        return (form, byType)
    }

    /// The form and box of a child read as a value (a struct, or anything in an `[Any]`):
    /// a value of a type met before is only boxed, without a look in the registry.
    private mutating func resolveValue(_ value: Any, parent: Int) throws(XMLBindError) -> (
        form: Int, box: AnyObject
    )? {
        let type = ObjectIdentifier(Swift.type(of: value))
        // A type whose binding cannot box this value (a `nil` optional) is resolved again.
        if let known = knownTypes.firstIndex(where: { $0.type == type }),
            let box = knownTypes[known].binding.access.box(value)
        {
            if knownTypes[known].form < 0 { knownTypes[known].form = form(of: knownTypes[known].binding) }
            return (knownTypes[known].form, box)
        }
        guard let (binding, box) = try resolve(value, parent: forms[parent].binding) else { return nil }
        let form = self.form(of: binding)
        if knownTypes.count < Self.knownTypeLimit, binding.elementNameSlot == nil {
            knownTypes.append((type, binding, form))
        }
        return (form, box)
    }

    /// The written form of a binding, made the first time the binding is met.
    private mutating func form(of binding: ElementBinding) -> Int {
        let key = ObjectIdentifier(binding)
        if let index = formIndex[key] { return index }
        if skippedObjects, !planned.contains(key) || !documentReach.contains(key) { planMissed = true }
        let options = self.options
        forms.append(WritingForm(binding, plan: plan) { Self.placement(of: $0, in: binding, options: options) })
        formIndex[key] = forms.count - 1
        return forms.count - 1
    }

    /// Writes the root and everything under it, one open element per frame.
    private mutating func writeTree(_ binding: ElementBinding, _ box: AnyObject, inline: Bool) throws(XMLBindError) {
        var stack: ContiguousArray<Frame> = []
        stack.append(try start(form(of: binding), box, depth: 0, inline: inline, isRoot: true))
        while let top = stack.indices.last {
            // The next child of the slot being written, if any.
            let parentForm = stack[top].form
            if let (childForm, childBox) = try stack[top].children.nextChild(
                { object throws(XMLBindError) in try resolveObject(object, parent: parentForm) },
                { value throws(XMLBindError) in try resolveValue(value, parent: parentForm) })
            {
                if stack[top].writesPieces { try writePieces(in: &stack[top], last: false) }
                open(&stack[top])
                newline(stack[top].depth + 1, unless: stack[top].inline)
                stack[top].wroteElement = true
                let child: Frame
                switch stack[top].slotTags {
                case .none:
                    child = try start(childForm, childBox, depth: stack[top].depth + 1, inline: stack[top].inline)
                case .form(let slot):
                    child = try start(
                        childForm, childBox, depth: stack[top].depth + 1, inline: stack[top].inline,
                        slotTags: forms[parentForm].slotTags[slot], end: .slot(form: parentForm, slot: slot))
                case .extras:
                    child = try start(
                        childForm, childBox, depth: stack[top].depth + 1, inline: stack[top].inline,
                        slotTags: frameExtras[stack[top].extras].slotTags, end: .extras)
                }
                stack.append(child)
                continue
            }
            let extras = stack[top].extras
            if extras >= 0, frameExtras[extras].queue != nil {
                // A path element holding objects (issue 13): its nested paths, then its slots' objects.
                if let item = takeQueued(extras) {
                    if let pushed = try write(item, in: &stack[top]) { stack.append(pushed) }
                    continue
                }
            } else {
                let steps = forms[parentForm].steps.count
                let step = stack[top].step
                if step < steps {
                    stack[top].step += 1
                    if let pushed = try write(forms[parentForm].steps[step], of: forms[parentForm], in: &stack[top]) {
                        stack.append(pushed)
                    }
                    continue
                }
                if step == steps {
                    stack[top].step += 1
                    if let provided = forms[parentForm].binding.access.readChildren?(stack[top].box) {
                        stack[top].slotTags = .none
                        stack[top].children.load(provided)
                    }
                    continue
                }
            }
            if stack[top].writesPieces { try writePieces(in: &stack[top], last: true) }
            end(stack.removeLast())
            try output { writer in try writer.flushIfNeeded() }
        }
    }

    /// Writes a frame's end: `/>`, or its end tag.
    private mutating func end(_ frame: Frame) {
        guard frame.opened else {
            writer.raw(UInt8(ascii: "/"))
            writer.raw(UInt8(ascii: ">"))
            if frame.extras >= 0 { frameExtras.removeLast() }
            return
        }
        switch frame.end {
        case .form:
            if frame.wroteElement { newline(frame.depth, unless: frame.inline) }
            if let close = forms[frame.form].close { writer.raw(close) }
        case .slot(let form, let slot):
            if frame.wroteElement { newline(frame.depth, unless: frame.inline) }
            if let tags = forms[form].slotTags[slot] { writer.raw(tags.close) }
        case .extras:
            // A frame without tags (keyed members, Serializer+Keyed.swift) ends with nothing.
            let close = frameExtras[frame.extras].close
            if frame.wroteElement, !close.isEmpty { newline(frame.depth, unless: frame.inline) }
            writer.raw(close)
        }
        if frame.extras >= 0 { frameExtras.removeLast() }
    }

    /// The next piece of a path element's content, taken off its queue.
    private mutating func takeQueued(_ extras: Int) -> PathItem? {
        guard let next = frameExtras[extras].queue?.first else { return nil }
        frameExtras[extras].queue?.removeFirst()
        return next
    }

    /// Writes an element's start tag up to its attributes, and makes its frame.
    ///
    /// - Parameters:
    ///   - slotTags: The tags of the name a parent's slot gives the element (`xml:`),
    ///     written instead of the one its type is registered for.
    ///   - end: Where the frame finds those tags' end tag.
    private mutating func start(
        _ formIndex: Int, _ box: AnyObject, depth: Int, inline: Bool, isRoot: Bool = false,
        slotTags: WritingForm.ElementTags? = nil, end: EndTag = .form
    ) throws(XMLBindError) -> Frame {
        let form = forms[formIndex]
        var frame: Frame
        if let slotTags {
            writer.raw(slotTags.start)
            frame = Frame(form: formIndex, box: box, end: end, depth: depth, inline: inline || form.holdsText)
            if case .extras = end {
                frame.extras = frameExtras.count
                frameExtras.append(FrameExtras(close: slotTags.close))
            }
        } else if let open = form.open {
            writer.raw(open)
            frame = Frame(form: formIndex, box: box, end: .form, depth: depth, inline: inline || form.holdsText)
        } else {
            let binding = form.binding
            let name = Array(plan.qualified(binding.elementName.local, plan.elementTarget(binding, box)).utf8)
            writer.raw(UInt8(ascii: "<"))
            writer.raw(name)
            frame = Frame(
                form: formIndex, box: box, end: .extras, depth: depth, inline: inline || form.holdsText,
                extras: frameExtras.count)
            frameExtras.append(FrameExtras(close: [UInt8(ascii: "<"), UInt8(ascii: "/")] + name + [UInt8(ascii: ">")]))
        }
        if isRoot {
            for declaration in plan.declarations {
                let attribute = declaration.prefix.isEmpty ? "xmlns" : "xmlns:" + declaration.prefix
                try checked("namespace URI '\(declaration.uri)'", form.binding) {
                    try $0.attribute(attribute, declaration.uri)
                }
            }
        }
        if let type = form.binding.schemaType {
            // The mapping was chosen by its `xsi:type` (issue 13): write it back.
            let attribute = plan.qualified("type", .uri(BindingEngine.schemaInstanceNamespace, hint: "xsi"))
            let value = plan.qualified(type.local, plan.target(of: type, attribute: true))
            try checked("xsi:type", form.binding) { try $0.attribute(attribute, value) }
        }
        try writeAttributes(form, box)
        if form.writesPieces, let mixed = form.binding.mixedTextSlot {
            frame.writesPieces = true
            openPieces.append(OpenPieces(pieces: mixed.read(box)))
        }
        return frame
    }

    /// Writes one piece of an element's content, or (for children) hands it to the frame.
    ///
    /// - Returns: The frame of a path element that holds objects, to go on the stack.
    private mutating func write(_ step: WritingForm.Step, of form: WritingForm, in frame: inout Frame)
        throws(XMLBindError) -> Frame?
    {
        let binding = form.binding
        switch step {
        case .text(let source):
            if source.textOffset >= 0, readsFieldsInPlace, !binding.properties[source.index].writesCDATA {
                // A string field's text, read where it is (see FieldAccess.withUTF8).
                var refused: XMLWriter.InvalidCharacter?
                _ = FieldAccess.of(frame.box, isClass: form.isClass).withUTF8(
                    ofStringAt: source.textOffset, isOptional: source.textIsOptional
                ) { text in
                    guard !text.isEmpty else { return }
                    open(&frame)
                    do throws(XMLWriter.InvalidCharacter) { try writer.text(utf8: text) } catch { refused = error }
                }
                if let refused {
                    throw Self.invalid(refused, "property '\(binding.properties[source.index].propertyName)'", binding)
                }
                return nil
            }
            guard let text = value(source, of: form, frame.box), !text.isEmpty else { return nil }
            open(&frame)
            try writeValue(text, source.index, binding)
        case .element(let source, let tagIndex):
            let tags = form.tags[tagIndex]
            guard let text = value(source, of: form, frame.box) else {
                // A `nil` that `init()` would not give reads back only as `xsi:nil` (issue 13).
                if writesNil(source.index, of: binding, frame.box) {
                    open(&frame)
                    newline(frame.depth + 1, unless: frame.inline)
                    frame.wroteElement = true
                    writer.raw(tags.open.dropLast())
                    let nilName = nilAttributeName
                    try checked("property '\(binding.properties[source.index].propertyName)'", binding) {
                        try $0.attribute(nilName, "true")
                    }
                    writer.raw(UInt8(ascii: "/"))
                    writer.raw(UInt8(ascii: ">"))
                }
                return nil
            }
            let index = source.index
            open(&frame)
            newline(frame.depth + 1, unless: frame.inline)
            frame.wroteElement = true
            if text.isEmpty {
                writer.raw(tags.empty)
            } else {
                writer.raw(tags.open)
                try writeValue(text, index, binding)
                writer.raw(tags.close)
            }
        case .path(let nodeIndex):
            let node = form.pathNodes[nodeIndex]
            // Only a path element rendered alone holds objects (a list's repeats hold values).
            for rendered in renderAll(node, binding, frame.box, owner: form.target) {
                open(&frame)
                newline(frame.depth + 1, unless: frame.inline)
                frame.wroteElement = true
                if rendered.holdsObjects {
                    return try startPath(rendered, of: frame, depth: frame.depth + 1, inline: frame.inline)
                }
                try writePath(rendered, binding, depth: frame.depth + 1, inline: frame.inline)
            }
        case .entries(let index, let tagIndex, let keyIndex):
            let tags = form.tags[tagIndex]
            let keyName = keyIndex >= 0 ? form.keyNames[keyIndex] : nil
            // A list or map (issue 13): one element per value, a map's sorted by key.
            // A `nil` of a list of optionals has no element of its own to stand for it.
            for entry in binding.properties[index].collection?.read(frame.box) ?? [] {
                guard let text = entry.text else { continue }
                open(&frame)
                newline(frame.depth + 1, unless: frame.inline)
                frame.wroteElement = true
                writer.raw(tags.open.dropLast())
                if let keyName, let key = entry.key {
                    try checked("the key of property '\(binding.properties[index].propertyName)'", binding) {
                        try $0.attribute(keyName, key)
                    }
                }
                if text.isEmpty {
                    writer.raw(UInt8(ascii: "/"))
                    writer.raw(UInt8(ascii: ">"))
                } else {
                    writer.raw(UInt8(ascii: ">"))
                    try writeValue(text, index, binding)
                    writer.raw(tags.close)
                }
            }
        case .children(let slot, let direct):
            var references: [AnyObject]?
            if let direct {
                // An empty slot (most `.child` slots of a graph's leaves) is done at once.
                references = FieldAccess.of(frame.box, isClass: binding.isClass).loadReferences(
                    at: direct.offset, isArray: direct.isArray)
                if references?.isEmpty == true { return nil }
            }
            frame.slotTags = form.slotTags[slot] == nil ? .none : .form(slot: slot)
            if let references {
                frame.children.load(references: references)
            } else {
                frame.children.load(slot, direct: nil, of: binding, frame.box)
            }
        case .orderedChildren(let group):
            try loadOrderedRun(group, of: form, in: &frame)
        case .member(let item):
            return try writeMembers(item, of: form, in: &frame)
        case .keptElements:
            guard let kept = binding.keptElementsSlot?.read(frame.box), !kept.isEmpty else { return nil }
            try writeKept(kept, of: binding, in: &frame)
        case .namedKept(let index):
            let kept = binding.namedKeptSlots[index].read(frame.box)
            guard !kept.isEmpty else { return nil }
            try writeKept(kept, of: binding, in: &frame)
        }
        return nil
    }

    /// Writes the next `.mixedText` piece of the element (before its next child), or, at its
    /// end (`last`), every piece left, and then forgets its pieces; escaped, an empty piece
    /// writing nothing.
    mutating func writePieces(in frame: inout Frame, last: Bool) throws(XMLBindError) {
        guard var open = openPieces.popLast() else { return }
        let end = last ? open.pieces.count : min(open.next + 1, open.pieces.count)
        let binding = forms[frame.form].binding
        while open.next < end {
            let piece = open.pieces[open.next]
            open.next += 1
            guard !piece.isEmpty else { continue }
            self.open(&frame)
            try checked("the mixed text", binding) { try $0.text(piece) }
        }
        if !last { openPieces.append(open) }
    }

    /// Ends the start tag with `>` the first time content is written.
    @inline(__always)
    mutating func open(_ frame: inout Frame) {
        guard !frame.opened else { return }
        frame.opened = true
        writer.raw(UInt8(ascii: ">"))
    }

    // MARK: Output

    mutating func newline(_ depth: Int, unless inline: Bool) {
        guard !inline, let indent = options.layout.indent else { return }
        while indentation.count <= depth {
            indentation.append([0x0A] + Array(String(repeating: indent, count: indentation.count).utf8))
        }
        writer.raw(indentation[depth])
    }

    /// Runs a write that may meet a character XML cannot hold, naming `what` in the error.
    mutating func checked(
        _ what: @autoclosure () -> String, _ binding: ElementBinding,
        _ write: (inout XMLWriter) throws -> Void
    ) throws(XMLBindError) {
        do {
            try write(&writer)
        } catch {
            // The writes passed in throw nothing else.
            throw Self.invalid(error as? XMLWriter.InvalidCharacter, what(), binding)
        }
    }

    /// The error for a character XML 1.0 cannot hold in `what` of an element.
    static func invalid(_ error: XMLWriter.InvalidCharacter?, _ what: String, _ binding: ElementBinding)
        -> XMLBindError
    {
        XMLBindError(
            code: .invalidCharacter,
            message: "cannot write \(what) of <\(binding.elementName)>: the character \(error?.codePoint ?? "?") "
                + "is not allowed in XML 1.0")
    }

    /// Hands bytes on, turning a sink's failure into an ``XMLBindError/Code/io`` error.
    private mutating func output(_ body: (inout XMLWriter) throws -> Void) throws(XMLBindError) {
        do {
            try body(&writer)
        } catch let error as XMLBindError {
            throw error
        } catch {
            throw XMLBindError(code: .io, message: "cannot write the document: \(error)")
        }
    }
}
