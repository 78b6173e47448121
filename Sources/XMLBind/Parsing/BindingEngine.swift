import Foundation

/// Builds the object graph from parser events: one frame per open element that binds.
///
/// One engine serves one parse. It receives names and text as bytes, finds definitions
/// in the registry's byte tables and fills objects through the setters prepared at
/// registration. Problems are recorded as ``PendingDiagnostic``s and binding goes on
/// (the failing property stays unset, unknown content is skipped), so one parse finds
/// them all; the driver stops expat only when ``shouldStop`` says so.
final class BindingEngine {
    /// What an open element is to the engine.
    struct Frame {
        enum Kind {
            /// A registered element: an object under construction.
            case object(ElementBinding, InstanceBox)
            /// A child element that is a declared property of the object below it.
            case property(Int)
        }

        var kind: Kind
        /// Where this element's text starts in the shared text buffer, or -1 when the
        /// element's text is not wanted.
        var textStart: Int
        /// Byte offset of the start tag, for diagnostics.
        var byteIndex: Int
        /// Object frames: the properties given a value so far.
        var assigned = PropertySet()
        /// Object frames: where this element's entries in ``elementAssignments`` begin.
        var assignmentMark = 0
        /// Object frames: the engine's error count when the element started.
        var errorMark = 0
        /// Byte offset of the element's first text, recorded only for substitution.
        var textOffset = -1
    }

    let registry: CompiledRegistry
    let options: ParseOptions
    let file: String?
    let globalPolicy: UnknownContentPolicy
    let resolver: VariableResolver?
    /// Set by the driver that owns this engine; used for origins.
    unowned(unsafe) var driver: ExpatDriver?

    var frames: ContiguousArray<Frame> = []
    /// One buffer for all gathered text: each collecting frame appends after its
    /// parent's text and truncates back when it ends.
    var text: [UInt8] = []
    /// How deep inside a skipped (unknown) subtree the parser is.
    var skipDepth = 0
    /// Element keys for `prefix:local` registrations, as the document binds the prefixes.
    var documentPrefixes = ByteTable()
    /// Properties set from child elements in open objects, with the child's offset, so a
    /// duplicate can point at the first one.
    var elementAssignments: [(property: Int, offset: Int)] = []

    /// The root element's object, once its end tag is read.
    private(set) var root: Any?
    /// The root element's binding, once its start tag is read.
    private(set) var rootBinding: ElementBinding?
    var rootByteIndex = -1

    /// Problems found so far, in the order found; at most ``ParseOptions/maximumDiagnostics``.
    var diagnostics: [PendingDiagnostic] = []
    /// Problems found beyond the maximum.
    var omittedCount = 0
    /// Errors found (kept or not).
    var errorCount = 0
    /// Whether the parse must stop now.
    var shouldStop = false
    /// Streaming (issue 5): where objects of the streamed type go instead of their parent;
    /// `nil` for a whole-document parse.
    var stream: StreamSink?

    init(registry: CompiledRegistry, options: ParseOptions, file: String?) {
        self.registry = registry
        self.options = options
        self.file = file
        self.globalPolicy = options.effectiveUnknownContent
        self.resolver = options.substitution.map(VariableResolver.init)
        text.reserveCapacity(1024)
    }

    /// Whether `xmlns:p` declarations matter: some registration names a prefix that
    /// only the document can resolve.
    var needsNamespaceDeclarations: Bool { !registry.pendingPrefixes.isEmpty }

    // MARK: Events

    func startElement(
        name rawName: UnsafePointer<CChar>, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let name = ExpandedName(rawName)
        if let parent = frames.last {
            switch parent.kind {
            case .object(let binding, _):
                if let property = binding.elementProperty(local: name.local, uri: name.uri, prefix: name.prefix) {
                    startPropertyElement(property, of: binding, name: name, attributes: attributes, byteIndex: byteIndex)
                    return
                }
            case .property(let property):
                let owner = ownerBinding(below: frames.count - 1)
                let holder = owner?.properties[property].xmlName.description ?? "?"
                unknownElement(
                    name, in: owner, byteIndex: byteIndex,
                    message: "unexpected element <\(name.qualifiedName)> inside property element <\(holder)>, "
                        + "which holds text only",
                    suggestions: [])
                return
            }
        }
        guard let bindingIndex = lookupElement(name) else {
            // An unknown root still has a place, for an unexpected-root error in lenient mode.
            if frames.isEmpty { rootByteIndex = byteIndex }
            let parent = innermostObject()
            let context = parent.map { "inside <\($0.elementName)>" } ?? "as the root element"
            unknownElement(
                name, in: parent, byteIndex: byteIndex,
                message: "unknown element <\(name.qualifiedName)> \(context)",
                suggestions: elementSuggestions(in: parent))
            return
        }
        startObject(registry.bindings[bindingIndex], name: name, attributes: attributes, byteIndex: byteIndex)
    }

    func endElement(name rawName: UnsafePointer<CChar>) {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard var frame = frames.popLast() else { return }
        switch frame.kind {
        case .property(let index):
            guard let ownerIndex = frames.indices.last, case .object(let binding, let box) = frames[ownerIndex].kind
            else { return }
            var assigned = frames[ownerIndex].assigned
            storeText(
                from: frame.textStart, into: index, of: binding, box: box, assigned: &assigned,
                place: .element(
                    offset: frame.byteIndex, textOffset: frame.textOffset,
                    ownerMark: frames[ownerIndex].assignmentMark, ownerOffset: frames[ownerIndex].byteIndex))
            frames[ownerIndex].assigned = assigned
            elementAssignments.append((index, frame.byteIndex))
        case .object(let binding, let box):
            if let index = binding.textProperty {
                if frame.textStart < text.count {
                    storeText(
                        from: frame.textStart, into: index, of: binding, box: box, assigned: &frame.assigned,
                        place: .text(offset: frame.byteIndex, textOffset: frame.textOffset))
                } else {
                    text.removeSubrange(frame.textStart...)
                }
            }
            complete(binding, box: box, frame: frame)
            elementAssignments.removeSubrange(min(frame.assignmentMark, elementAssignments.count)...)
            // Streaming (issue 5): the streamed object goes to the stream, not to its parent,
            // and only while the document has had no error.
            if let stream, stream.openFrame == frames.count {
                stream.openFrame = -1
                if errorCount == 0 { stream.append(box.object) }
                return
            }
            place(box.object, of: binding, byteIndex: frame.byteIndex)
        }
    }

    @inline(__always)
    func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard skipDepth == 0, let top = frames.indices.last, frames[top].textStart >= 0 else { return }
        if resolver != nil, frames[top].textOffset < 0, let driver {
            frames[top].textOffset = driver.currentByteIndex
        }
        text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The document bound `prefix` to `uri`: registrations written `prefix:local` now
    /// match elements in that namespace, whatever prefix the document uses for it.
    func bindPrefix(_ prefix: String, to uri: String) {
        guard let pending = registry.pendingPrefixes[prefix] else { return }
        for entry in pending {
            documentPrefixes.insert(CompiledRegistry.key(uri: uri, local: entry.local), value: entry.binding)
        }
    }

    // MARK: Elements

    private func lookupElement(_ name: ExpandedName) -> Int? {
        if let index = registry.exact.lookup(name.key) { return index }
        if !documentPrefixes.isEmpty, let index = documentPrefixes.lookup(name.key) { return index }
        return registry.wildcard.lookup(name.local)
    }

    private func startObject(
        _ binding: ElementBinding, name: ExpandedName,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) {
        let box = binding.makeBox()
        if let setOrigin = binding.setOrigin, let position = driver?.currentLineColumn {
            setOrigin(box, Origin(file: file, line: position.line, column: position.column + 1))
        }
        if let setNamespace = binding.setNamespace {
            setNamespace(box, name.uri.map { String(decoding: $0, as: UTF8.self) })
        }
        var frame = Frame(
            kind: .object(binding, box), textStart: binding.textProperty == nil ? -1 : text.count,
            byteIndex: byteIndex, assignmentMark: elementAssignments.count, errorMark: errorCount)
        if let attributes {
            bindAttributes(attributes, of: binding, to: box, element: name, byteIndex: byteIndex, assigned: &frame.assigned)
        }
        if frames.isEmpty {
            rootBinding = binding
            rootByteIndex = byteIndex
        }
        // Streaming (issue 5): mark the outermost object of the streamed type.
        if let stream, stream.openFrame < 0, stream.opens(binding, box) { stream.openFrame = frames.count }
        frames.append(frame)
    }

    private func startPropertyElement(
        _ index: Int, of binding: ElementBinding, name: ExpandedName,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) {
        var cursor = 0
        while let attributes, let rawName = attributes[cursor] {
            cursor += 2
            let attribute = ExpandedName(rawName)
            unknownAttribute(
                attribute, in: binding, byteIndex: byteIndex,
                message: "unexpected attribute '\(attribute.qualifiedName)' on property element "
                    + "<\(name.qualifiedName)> of <\(binding.elementName)>, which holds text only",
                suggestions: [])
        }
        frames.append(Frame(kind: .property(index), textStart: text.count, byteIndex: byteIndex))
    }

    private func bindAttributes(
        _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>, of binding: ElementBinding,
        to box: InstanceBox, element: ExpandedName, byteIndex: Int, assigned: inout PropertySet
    ) {
        var index = 0
        while let rawName = attributes[index], let rawValue = attributes[index + 1] {
            index += 2
            let name = ExpandedName(rawName)
            let value = UnsafeBufferPointer(
                start: UnsafeRawPointer(rawValue).assumingMemoryBound(to: UInt8.self), count: strlen(rawValue))
            if let property = binding.attributeProperty(local: name.local, uri: name.uri, prefix: name.prefix) {
                store(
                    value, into: property, of: binding, box: box, assigned: &assigned,
                    place: .attribute(name.qualifiedName, tagOffset: byteIndex))
            } else if let addAttribute = binding.addAttribute {
                addAttribute(box, (name.qualifiedName, String(decoding: value, as: UTF8.self)))
            } else {
                unknownAttribute(
                    name, in: binding, byteIndex: byteIndex,
                    message: "unknown attribute '\(name.qualifiedName)' on <\(element.qualifiedName)>",
                    suggestions: binding.properties.filter(\.form.acceptsAttribute).map(\.xmlName.description))
            }
        }
    }

    /// Converts the text gathered since `start` into a property, then drops that text.
    private func storeText(
        from start: Int, into index: Int, of binding: ElementBinding, box: InstanceBox,
        assigned: inout PropertySet, place: ValuePlace
    ) {
        guard start >= 0 else { return }
        let value = Array(text[start...])
        text.removeSubrange(start...)
        value.withUnsafeBufferPointer { bytes in
            store(bytes, into: index, of: binding, box: box, assigned: &assigned, place: place)
        }
    }

    /// Hands a completed object to its parent, or keeps it as the root.
    private func place(_ object: Any, of binding: ElementBinding, byteIndex: Int) {
        guard let parent = frames.last else {
            root = object
            return
        }
        guard case .object(let parentBinding, let parentBox) = parent.kind else { return }
        for slot in parentBinding.childSlots where slot.accept(parentBox, object) {
            return
        }
        if let addChild = parentBinding.addChild {
            addChild(parentBox, object)
            return
        }
        let slots = parentBinding.childSlots.map { "'\($0.propertyName)'" }.joined(separator: ", ")
        let reason =
            slots.isEmpty
            ? "\(parentBinding.typeName) declares no children and is not an Ancestor"
            : "none of its child properties (\(slots)) holds values of type \(binding.typeName)"
        reportUnknown(
            policy: parentBinding.unknownContentPolicy ?? globalPolicy, code: .unplacedChild,
            message: "<\(binding.elementName)> cannot be placed in its parent <\(parentBinding.elementName)>: \(reason)",
            byteOffset: byteIndex, focus: .offset,
            content: UnknownContent(
                kind: .element, name: binding.elementName.description, namespace: nil,
                parent: parentBinding.elementName.description, origin: nil))
    }

    func ownerBinding(below index: Int) -> ElementBinding? {
        guard index > 0, case .object(let binding, _) = frames[index - 1].kind else { return nil }
        return binding
    }

    /// The innermost open object element's binding.
    func innermostObject() -> ElementBinding? {
        for frame in frames.reversed() {
            if case .object(let binding, _) = frame.kind { return binding }
        }
        return nil
    }
}
