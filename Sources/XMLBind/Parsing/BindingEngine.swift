import Foundation

/// Builds the object graph from parser events: one frame per open element that binds.
///
/// One engine serves one parse. It receives names and text as bytes, finds definitions
/// in the registry's byte tables, fills objects through the setters prepared at
/// registration, and records the first problem as a ``PendingDiagnostic`` (the driver
/// then stops expat).
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
    }

    let registry: CompiledRegistry
    let mode: ParseMode
    let file: String?
    /// Set by the driver that owns this engine; used for origins.
    unowned(unsafe) var driver: ExpatDriver?

    private var frames: ContiguousArray<Frame> = []
    /// One buffer for all gathered text: each collecting frame appends after its
    /// parent's text and truncates back when it ends.
    private var text: [UInt8] = []
    /// How deep inside a skipped (unknown, lenient) subtree the parser is.
    private var skipDepth = 0
    /// Element keys for `prefix:local` registrations, as the document binds the prefixes.
    private var documentPrefixes = ByteTable()

    /// The root element's object, once its end tag is read.
    private(set) var root: Any?
    /// The root element's binding, once its start tag is read.
    private(set) var rootBinding: ElementBinding?
    private(set) var rootByteIndex = -1
    /// The first problem found; the parse stops there.
    private(set) var failure: PendingDiagnostic?

    init(registry: CompiledRegistry, mode: ParseMode, file: String?) {
        self.registry = registry
        self.mode = mode
        self.file = file
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
                unknownElement(
                    name, byteIndex: byteIndex,
                    message: "unexpected element <\(name.qualifiedName)> inside property element "
                        + "<\(owner?.properties[property].xmlName.description ?? "?")>; it holds text only")
                return
            }
        }
        guard let bindingIndex = lookupElement(name) else {
            // An unknown root still has a place, for an unexpected-root error in lenient mode.
            if frames.isEmpty { rootByteIndex = byteIndex }
            let context = frames.isEmpty ? "as the root element" : "inside <\(enclosingName())>"
            unknownElement(name, byteIndex: byteIndex, message: "unknown element <\(name.qualifiedName)> \(context)")
            return
        }
        startObject(registry.bindings[bindingIndex], name: name, attributes: attributes, byteIndex: byteIndex)
    }

    func endElement(name rawName: UnsafePointer<CChar>) {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let frame = frames.popLast() else { return }
        switch frame.kind {
        case .property(let index):
            guard let last = frames.last, case .object(let binding, let box) = last.kind else { return }
            assign(binding.properties[index], of: binding, to: box, fromTextAt: frame.textStart) {
                PendingDiagnostic(code: .conversionFailed, message: $0, byteOffset: frame.byteIndex)
            }
        case .object(let binding, let box):
            if let index = binding.textProperty {
                assign(binding.properties[index], of: binding, to: box, fromTextAt: frame.textStart) {
                    PendingDiagnostic(code: .conversionFailed, message: $0, byteOffset: frame.byteIndex)
                }
            }
            guard failure == nil else { return }
            place(box.object, of: binding, byteIndex: frame.byteIndex)
        }
    }

    @inline(__always)
    func characters(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard skipDepth == 0, let top = frames.last, top.textStart >= 0 else { return }
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
        if let attributes {
            bindAttributes(attributes, of: binding, to: box, element: name, byteIndex: byteIndex)
        }
        if frames.isEmpty {
            rootBinding = binding
            rootByteIndex = byteIndex
        }
        frames.append(Frame(kind: .object(binding, box), textStart: binding.textProperty == nil ? -1 : text.count,
                            byteIndex: byteIndex))
    }

    private func startPropertyElement(
        _ index: Int, of binding: ElementBinding, name: ExpandedName,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, byteIndex: Int
    ) {
        if mode == .strict, let attributes, let first = attributes[0] {
            let attribute = ExpandedName(first)
            fail(PendingDiagnostic(
                code: .unknownAttribute,
                message: "unexpected attribute '\(attribute.qualifiedName)' on property element "
                    + "<\(name.qualifiedName)> of <\(binding.elementName)>; it holds text only",
                byteOffset: byteIndex, focus: .attributeName(attribute.qualifiedName)))
            return
        }
        frames.append(Frame(kind: .property(index), textStart: text.count, byteIndex: byteIndex))
    }

    private func bindAttributes(
        _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>, of binding: ElementBinding,
        to box: InstanceBox, element: ExpandedName, byteIndex: Int
    ) {
        var index = 0
        while let rawName = attributes[index], let rawValue = attributes[index + 1] {
            index += 2
            let name = ExpandedName(rawName)
            let value = UnsafeBufferPointer(
                start: UnsafeRawPointer(rawValue).assumingMemoryBound(to: UInt8.self), count: strlen(rawValue))
            if let property = binding.attributeProperty(local: name.local, uri: name.uri, prefix: name.prefix) {
                let declared = binding.properties[property]
                do {
                    try declared.assign(box, value)
                } catch {
                    fail(PendingDiagnostic(
                        code: .conversionFailed,
                        message: Self.conversionMessage(value, declared, element: binding, error: error),
                        byteOffset: byteIndex, focus: .attributeValue(name.qualifiedName)))
                    return
                }
            } else if let addAttribute = binding.addAttribute {
                addAttribute(box, (name.qualifiedName, String(decoding: value, as: UTF8.self)))
            } else if mode == .strict {
                fail(PendingDiagnostic(
                    code: .unknownAttribute,
                    message: "unknown attribute '\(name.qualifiedName)' on <\(element.qualifiedName)>",
                    byteOffset: byteIndex, focus: .attributeName(name.qualifiedName)))
                return
            }
        }
    }

    /// Converts the text gathered since `start` into the property, then drops that text.
    private func assign(
        _ property: PropertyBinding, of binding: ElementBinding, to box: InstanceBox, fromTextAt start: Int,
        diagnostic: (String) -> PendingDiagnostic
    ) {
        guard start >= 0 else { return }
        defer { text.removeSubrange(start...) }
        text.withUnsafeBufferPointer { buffer in
            let value = UnsafeBufferPointer(rebasing: buffer[start...])
            do {
                try property.assign(box, value)
            } catch {
                fail(diagnostic(Self.conversionMessage(value, property, element: binding, error: error)))
            }
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
        guard mode == .strict else { return }
        let slots = parentBinding.childSlots.map { "'\($0.propertyName)'" }.joined(separator: ", ")
        let reason =
            slots.isEmpty
            ? "\(parentBinding.typeName) declares no children and is not an Ancestor"
            : "none of its child properties (\(slots)) takes a \(binding.typeName)"
        fail(PendingDiagnostic(
            code: .unplacedChild,
            message: "<\(binding.elementName)> cannot be placed in its parent <\(parentBinding.elementName)>: \(reason)",
            byteOffset: byteIndex))
    }

    // MARK: Problems

    private func unknownElement(_ name: ExpandedName, byteIndex: Int, message: String) {
        if mode == .strict {
            fail(PendingDiagnostic(code: .unknownElement, message: message, byteOffset: byteIndex))
        } else {
            skipDepth = 1
        }
    }

    private func fail(_ diagnostic: PendingDiagnostic) {
        guard failure == nil else { return }
        var diagnostic = diagnostic
        if diagnostic.fallback == nil, let position = driver?.currentLineColumn {
            diagnostic.fallback = position
        }
        failure = diagnostic
    }

    private func ownerBinding(below index: Int) -> ElementBinding? {
        guard index > 0, case .object(let binding, _) = frames[index - 1].kind else { return nil }
        return binding
    }

    /// The registered name of the innermost open object element, for messages.
    private func enclosingName() -> String {
        for frame in frames.reversed() {
            if case .object(let binding, _) = frame.kind { return binding.elementName.description }
        }
        return "?"
    }

    static func conversionMessage(
        _ value: UnsafeBufferPointer<UInt8>, _ property: PropertyBinding, element: ElementBinding, error: any Error
    ) -> String {
        let text = String(decoding: value, as: UTF8.self)
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        let reason = (error as? ConversionError)?.reason ?? String(describing: error)
        return "cannot convert \"\(shown)\" to \(property.typeName) for property '\(property.propertyName)' "
            + "of <\(element.elementName)>: \(reason)"
    }
}
