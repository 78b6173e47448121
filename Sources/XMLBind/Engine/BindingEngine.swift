import Foundation

/// Builds the object graph from parser events: one frame per open element that binds.
///
/// One engine serves one parse. It receives names and text as bytes, finds definitions
/// in the registry's byte tables and fills objects through the setters prepared at
/// registration. Problems are recorded as ``PendingDiagnostic``s and binding goes on
/// (the failing property stays unset, unknown content is skipped), so one parse finds
/// them all; the driver stops expat only when ``shouldStop`` says so.
final class BindingEngine {
    /// What an open element is to the engine: an object under construction (a
    /// registered element), or a child element that is a declared property of the
    /// object below it. A flat struct, so pushing and popping frames copies no enum
    /// payloads, and a plain value (no reference-counted fields), so copying one costs no
    /// retains.
    struct Frame {
        /// Object frames: true; property frames: false.
        var isObject: Bool
        /// Object frames whose binding needs it (``CompiledRegistry/recordsNamespace``):
        /// the element's namespace, numbered by ``namespaces``; else
        /// ``NamespaceTable/unrecorded``. (It fits beside ``isObject``.)
        var namespace: Int32 = NamespaceTable.unrecorded
        /// Object frames: the element's binding; property frames: the owner's.
        var bindingIndex: Int
        /// Property frames: the property's index in the owner's binding. Object frames:
        /// the parent's child slot declared with `xml:` that takes the object, or -1 (the
        /// object goes where its type fits).
        var propertyIndex = -1
        /// Path frames (an element of a nested path such as `details` in
        /// `details/price`, see BindingEngine+Paths.swift): the path's node; the frame's
        /// binding is the owner's, whose frame is at ``pathOwner``.
        /// The node belongs to the registry, which outlives the parse.
        var pathNodeReference: Unmanaged<PathNode>?
        var pathNode: PathNode? { pathNodeReference?.takeUnretainedValue() }
        var pathOwner = -1
        /// Object frames: the object, held as itself (a class instance or a struct box),
        /// retained once by the engine: ``endElement(name:)`` takes that reference over,
        /// and `deinit` releases the objects of frames a stopped parse left open.
        var object: Unmanaged<AnyObject>?
        /// Object frames: the address the object's field offsets count from.
        var base: UnsafeMutableRawPointer?
        /// Where this element's text starts in the shared text buffer, or -1 when the
        /// element's text is not wanted.
        var textStart: Int
        /// Byte offset of the start tag, for diagnostics.
        var byteIndex: Int
        /// Object frames: the properties given a value so far.
        var assigned = PropertySet()
        /// Object frames: where this element's entries in ``elementAssignments`` begin.
        var assignmentMark = 0
        /// Object frames: where this element's collected children begin (see
        /// BindingEngine+Children.swift).
        var childMark = 0
        /// Object frames: the engine's error count when the element started.
        var errorMark = 0
        /// Byte offset of the element's first text, recorded only for substitution.
        var textOffset = -1
    }

    let registry: CompiledRegistry
    /// The registry's bindings without reference counting, for the per-element paths:
    /// ``registry`` keeps them alive for as long as the engine lives.
    private let bindingRefs: UnsafeMutablePointer<Unmanaged<ElementBinding>>
    let options: ParseOptions
    let file: String?
    let globalPolicy: UnknownContentPolicy
    let resolver: VariableResolver?
    /// Receives the original text of substituted values, when the caller asked for it.
    var substitutionRecord: SubstitutionRecord?
    /// Set by the driver that owns this engine; used for origins.
    unowned(unsafe) var driver: ExpatDriver?

    @exclusivity(unchecked) var frames = EngineStack<Frame>()
    // The engine is confined to the parse that owns it (one thread, no reentrancy), so
    // its state needs no dynamic exclusivity checks; they cost more than the work here.

    /// One buffer for all gathered text: each collecting frame appends after its
    /// parent's text and truncates back when it ends.
    @exclusivity(unchecked) var text = EngineStack<UInt8>(capacity: 1024)
    /// How deep inside a skipped (unknown) subtree the parser is.
    @exclusivity(unchecked) var skipDepth = 0

    /// Whether character data goes anywhere now: the innermost element keeps text and
    /// nothing is being skipped. The driver gives expat a text handler only while it does.
    var wantsText: Bool {
        skipDepth == 0 && (frames.lastAddress?.pointee.textStart ?? -1) >= 0
    }
    /// Element keys for `prefix:local` registrations, as the document binds the prefixes.
    @exclusivity(unchecked) var documentPrefixes = ByteTable()
    /// The namespaces recorded in object frames (see ``Frame/namespace``).
    @exclusivity(unchecked) var namespaces = NamespaceTable()
    /// Properties set from child elements in open objects, with the child's offset, so a
    /// duplicate can point at the first one.
    @exclusivity(unchecked) var elementAssignments = EngineStack<(property: Int, offset: Int)>()

    /// The root element's object, once its end tag is read.
    @exclusivity(unchecked) var root: Any?
    /// The root element's binding, once its start tag is read.
    @exclusivity(unchecked) var rootBinding: ElementBinding?
    @exclusivity(unchecked) var rootByteIndex = -1

    /// Completed children waiting for their parent's end, with the parent's slot for each
    /// (see BindingEngine+Children.swift); each reference is the engine's.
    @exclusivity(unchecked) var collectedChildren = EngineStack<Unmanaged<AnyObject>>()
    @exclusivity(unchecked) var collectedSlots = EngineStack<Int>()
    @exclusivity(unchecked) var childScratch: [Unmanaged<AnyObject>] = []

    /// The `String`s of plain-text properties, shared when values repeat.
    @exclusivity(unchecked) var strings = StringCache()
    /// For each prefix in ``CompiledRegistry/pendingPropertyPrefixes``: its bytes, and the
    /// namespace URI the document bound it to (`nil` until it does). Memory of the
    /// engine's own, freed in `deinit`.
    @exclusivity(unchecked) var propertyPrefixes: [(prefix: UnsafeMutableBufferPointer<UInt8>, uri: [UInt8]?)]

    /// Each mapping's last object child, to skip looking its name up again.
    @exclusivity(unchecked) var childNames: ChildNameCache
    /// Each binding's first entry in a numbering of all properties of all bindings, for
    /// ``strings``' per-property statistics.
    let propertyBase: [Int]

    /// Problems found so far, in the order found; at most ``ParseOptions/maximumDiagnostics``.
    @exclusivity(unchecked) var diagnostics: [PendingDiagnostic] = []
    /// Problems found beyond the maximum.
    @exclusivity(unchecked) var omittedCount = 0
    /// Errors found (kept or not).
    @exclusivity(unchecked) var errorCount = 0
    /// Whether the parse must stop now.
    @exclusivity(unchecked) var shouldStop = false
    /// Streaming (issue 5): where objects of the streamed type go instead of their parent;
    /// `nil` for a whole-document parse.
    @exclusivity(unchecked) var stream: StreamSink?

    init(registry: CompiledRegistry, options: ParseOptions, file: String?) {
        self.registry = registry
        self.options = options
        self.file = file
        self.globalPolicy = options.effectiveUnknownContent
        self.resolver = options.substitution.map { VariableResolver($0, limits: options.limits) }
        bindingRefs = .allocate(capacity: max(1, registry.bindings.count))
        for (index, binding) in registry.bindings.enumerated() {
            (bindingRefs + index).initialize(to: Unmanaged.passUnretained(binding))
        }
        var bases: [Int] = []
        var total = 0
        for binding in registry.bindings {
            bases.append(total)
            total += binding.properties.count
        }
        self.propertyBase = bases
        childNames = ChildNameCache(bindingCount: registry.bindings.count)
        propertyPrefixes = registry.pendingPropertyPrefixes.map { prefix in
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: prefix.utf8.count)
            _ = bytes.initialize(from: prefix.utf8)
            // `xml` is bound without a declaration (XML Namespaces, section 3).
            return (bytes, prefix == "xml" ? Array(Self.xmlNamespace.utf8) : nil)
        }
        strings.prepare(propertyCount: total)
    }

    deinit {
        // A parse that stopped early leaves frames open; their objects and bit sets are ours.
        for frame in frames where frame.isObject {
            frame.object?.release()
            frame.assigned.deallocate()
        }
        for child in collectedChildren { child.release() }
        strings.release()
        namespaces.deallocate()
        childNames.deallocate()
        for entry in propertyPrefixes { entry.prefix.deallocate() }
        frames.deallocate()
        elementAssignments.deallocate()
        collectedChildren.deallocate()
        collectedSlots.deallocate()
        bindingRefs.deallocate()
        text.deallocate()
    }

    /// Whether `xmlns:p` declarations matter: some registration names a prefix that
    /// only the document can resolve.
    var needsNamespaceDeclarations: Bool {
        !registry.pendingPrefixes.isEmpty || !registry.pendingPropertyPrefixes.isEmpty
    }

    // MARK: Events

    func startElement(
        name rawName: UnsafePointer<CChar>, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        var parentIndex = -1
        if let parent = frames.lastAddress, parent.pointee.isObject {
            parentIndex = parent.pointee.bindingIndex
            if let child = childNames.lookup(rawName, under: parentIndex) {
                // The remembered name carries its namespace, so its number was kept too.
                startObject(
                    child, name: rawName, namespace: childNames.namespace(under: parentIndex), attributes: attributes,
                    byteIndex: byteIndex)
                return
            }
        }
        let name = ExpandedName(rawName)
        if let parent = frames.lastAddress {
            let handled = withBinding(parent.pointee.bindingIndex) { binding in
                startElement(
                    name, rawName: rawName, inside: parent, of: binding, attributes: attributes, byteIndex: byteIndex)
            }
            if handled { return }
        }
        guard let bindingIndex = lookupElement(name, parent: frames.lastAddress) else {
            // An unknown root still has a place, for an unexpected-root error in lenient mode.
            if frames.isEmpty { rootByteIndex = byteIndex }
            // The innermost object's binding, borrowed: its policy decides.
            let parentIndex = frames.lastIndex { $0.isObject }.map { frames[$0].bindingIndex }
            func report(_ parent: ElementBinding?) {
                var context: String { parent.map { "inside <\($0.elementName)>" } ?? "as the root element" }
                unknownElement(
                    name, in: parent, byteIndex: byteIndex,
                    message: { "unknown element <\(name.qualifiedName)> \(context)" },
                    suggestions: { self.elementSuggestions(in: parent) })
            }
            if let parentIndex {
                withBinding(parentIndex, report)
            } else {
                report(nil)
            }
            return
        }
        // Remembered only when the parent's declarations cannot take the name in some
        // namespace: which of them matches can depend on the parent element's namespace.
        let namespace = namespaceNumber(name, of: bindingIndex)
        if parentIndex >= 0, registry.exact.lookup(name.key) == bindingIndex,
            !withBinding(parentIndex, { $0.declaresElement(local: name.local) })
        {
            childNames.remember(
                rawName, length: strlen(rawName), child: bindingIndex, namespace: namespace, under: parentIndex)
        }
        startObject(bindingIndex, name: rawName, namespace: namespace, attributes: attributes, byteIndex: byteIndex)
    }

    /// A start tag inside an open element, when that element's binding decides what it
    /// is (a property element, a path element, or content a property element cannot
    /// hold); `false` when it is an object element to look up.
    private func startElement(
        _ name: ExpandedName, rawName: UnsafePointer<CChar>, inside parentFrame: UnsafeMutablePointer<Frame>,
        of binding: ElementBinding, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) -> Bool {
        if parentFrame.pointee.isObject {
            // The usual property element: in no namespace (so without a prefix), declared
            // without one.
            if name.uri == nil, let property = binding.plainElementProperty(local: name.local) {
                startPropertyElement(
                    property, of: binding, at: parentFrame.pointee.bindingIndex, name: name, attributes: attributes,
                    byteIndex: byteIndex)
                return true
            }
            let prefix = matchingPrefix(uri: name.uri, prefix: name.prefix)
            // Only a child in a namespace asks for the owner's.
            let owner = name.uri == nil ? OwnerNamespace.none : namespaces.owner(parentFrame.pointee.namespace)
            if let property = binding.elementProperty(local: name.local, uri: name.uri, prefix: prefix, owner: owner) {
                startPropertyElement(
                    property, of: binding, at: parentFrame.pointee.bindingIndex, name: name, attributes: attributes,
                    byteIndex: byteIndex)
                return true
            }
            // Nested paths: only mappings that declare one have `paths`.
            if let node = binding.paths?.child(local: name.local, uri: name.uri, prefix: prefix, owner: owner) {
                startPathElement(
                    node, owner: frames.count - 1, name: name, attributes: attributes, byteIndex: byteIndex)
                return true
            }
            // Child slots declared with `xml:`: only mappings that declare one have them.
            if !binding.namedSlots.isEmpty,
                let slot = binding.namedSlot(local: name.local, uri: name.uri, prefix: prefix, owner: owner)
            {
                startNamedChild(
                    slot, of: binding, at: parentFrame.pointee.bindingIndex, name: name, rawName: rawName,
                    attributes: attributes, byteIndex: byteIndex)
                return true
            }
            return false
        }
        if let node = parentFrame.pointee.pathNode {
            startElement(
                inside: node, owner: parentFrame.pointee.pathOwner, name: name, attributes: attributes,
                byteIndex: byteIndex)
            return true
        }
        let holder = binding.properties[parentFrame.pointee.propertyIndex].xmlName.description
        unknownElement(
            name, in: binding, byteIndex: byteIndex,
            message: {
                "unexpected element <\(name.qualifiedName)> inside property element <\(holder)>, "
                    + "which holds text only"
            },
            suggestions: { [] })
        return true
    }

    func endElement(name rawName: UnsafePointer<CChar>) {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let top = frames.lastAddress else { return }
        if let node = top.pointee.pathNode {
            let frame = top.pointee
            frames.removeLast()
            endPathElement(node, owner: frame.pathOwner, frame: frame)
            return
        }
        withBinding(top.pointee.bindingIndex) { binding in end(top, of: binding) }
    }

    /// Ends the object or property element whose frame is on top, and pops it.
    ///
    /// The frame is read in place (it is large, and this runs once per element); nothing
    /// pushes a frame until it is popped, so its address stays valid.
    private func end(_ frame: UnsafeMutablePointer<Frame>, of binding: ElementBinding) {
        guard frame.pointee.isObject else {
            let (textStart, propertyIndex, bindingIndex, byteIndex, textOffset) = (
                frame.pointee.textStart, frame.pointee.propertyIndex, frame.pointee.bindingIndex,
                frame.pointee.byteIndex, frame.pointee.textOffset
            )
            frames.removeLast()
            guard let owner = frames.lastAddress, let object = owner.pointee.object, let base = owner.pointee.base
            else { return }
            // The owner's frame holds the object; borrowing it saves a retain per value.
            object._withUnsafeGuaranteedRef { object in
                storeText(
                    from: textStart, into: propertyIndex, of: binding, at: bindingIndex, object: object, base: base,
                    assigned: &owner.pointee.assigned,
                    place: .element(
                        offset: byteIndex, textOffset: textOffset, ownerMark: owner.pointee.assignmentMark,
                        ownerOffset: owner.pointee.byteIndex))
            }
            elementAssignments.append((propertyIndex, byteIndex))
            return
        }
        // The frame's reference to the object is now this function's: handed on to the
        // parent's collected children, or released once the object is placed.
        guard let held = frame.pointee.object, let base = frame.pointee.base else {
            frames.removeLast()
            return
        }
        let (bindingIndex, byteIndex, slot) = (
            frame.pointee.bindingIndex, frame.pointee.byteIndex, frame.pointee.propertyIndex
        )
        // Borrowed from the frame's reference, which keeps it alive until it is placed.
        let placed = held._withUnsafeGuaranteedRef { object in
            let textStart = frame.pointee.textStart
            if let index = binding.textProperty {
                if textStart < text.count {
                    storeText(
                        from: textStart, into: index, of: binding, at: bindingIndex, object: object, base: base,
                        assigned: &frame.pointee.assigned,
                        place: .text(offset: byteIndex, textOffset: frame.pointee.textOffset))
                } else {
                    dropText(from: textStart)
                }
            }
            storeCollectedChildren(from: frame.pointee.childMark, of: binding, base: base)
            if binding.hasCompletion { complete(binding, object: object, base: base, frame: frame) }
            elementAssignments.truncate(to: frame.pointee.assignmentMark)
            // Streaming (issue 5): the streamed object goes to the stream, not to its
            // parent, and only while the document has had no error.
            if let stream, stream.openFrame == frames.count &- 1 {
                stream.openFrame = -1
                if errorCount == 0 { stream.append(binding.access.value(object)) }
                return false
            }
            return true
        }
        frame.pointee.assigned.deallocate()
        frames.removeLast()
        if placed {
            place(held, of: bindingIndex, byteIndex: byteIndex, slot: slot)
        } else {
            held.release()
        }
    }

    /// Text: most of it (the whitespace between elements) is not wanted; that answer
    /// stays inline, and gathering the rest is a call of its own, so that expat's most
    /// frequent callback needs no stack frame of its own.
    @inline(__always)
    func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard skipDepth == 0, let top = frames.indices.last, frames[top].textStart >= 0 else { return }
        gatherText(bytes, count: count, top: top)
    }

    @inline(never)
    private func gatherText(_ bytes: UnsafePointer<UInt8>, count: Int, top: Int) {
        if resolver != nil, frames[top].textOffset < 0, let driver {
            frames[top].textOffset = driver.currentByteIndex
        }
        text.append(bytes, count: count)
    }

    /// Drops the shared text buffer's bytes from `start` on (an element's text, once used).
    @inline(__always)
    func dropText(from start: Int) {
        text.truncate(to: start)
    }

    // MARK: Elements

    /// Runs `body` with binding `index`, borrowed rather than retained.
    @inline(__always)
    func withBinding<Result>(_ index: Int, _ body: (ElementBinding) -> Result) -> Result {
        bindingRefs[index]._withUnsafeGuaranteedRef(body)
    }

    /// What an object frame of binding `index` records as its element's namespace (see
    /// ``Frame/namespace``).
    @inline(__always)
    func namespaceNumber(_ name: ExpandedName, of index: Int) -> Int32 {
        registry.recordsNamespace[index] ? namespaces.number(of: name.uri) : NamespaceTable.unrecorded
    }

    /// The binding registered for an element's name: in its namespace, or by a prefix the
    /// document bound, or unprefixed. An unprefixed registration matches a child in no
    /// namespace or in its parent's namespace, and a root in any namespace.
    func lookupElement(_ name: ExpandedName, parent: UnsafeMutablePointer<Frame>?) -> Int? {
        if let index = registry.exact.lookup(name.key) { return index }
        if !documentPrefixes.isEmpty, let index = documentPrefixes.lookup(name.key) { return index }
        guard let index = registry.wildcard.lookup(name.local) else { return nil }
        guard let uri = name.uri, let parent, parent.pointee.isObject else { return index }
        return namespaces.owner(parent.pointee.namespace).contains(uri) ? index : nil
    }

    /// The innermost open object element's binding.
    func innermostObject() -> ElementBinding? {
        for frame in frames.reversed() where frame.isObject {
            return registry.bindings[frame.bindingIndex]
        }
        return nil
    }
}
