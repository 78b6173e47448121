/// Parallel binding: an engine that binds one piece of a document, and the engine of the
/// document around the pieces, which takes their objects and diagnostics in document order.
///
/// A piece's engine starts with one frame that stands for the container (the repeated
/// elements' parent) without its object: the container's binding, namespace and offset.
/// The repeated elements bind under it as they would sequentially, and end up among the
/// engine's collected children (an array the container's mapping declares), which the
/// engine of the document takes over. Anything that needs the container's object itself
/// (a property element, a single or keyed child, a path) marks the piece inexact and stops
/// it: the rest of the document is then bound sequentially.
extension BindingEngine {
    /// What a piece's engine needs to know of the container: made by the document's
    /// engine, once it has read the container's start tag and everything up to the cut.
    struct PieceSeed: Sendable {
        var bindingIndex: Int
        /// The container's namespace, when its frame records one (see ``Frame/namespace``).
        var namespace: [UInt8]?
        var recordsNamespace: Bool
        var byteIndex: Int
        /// Open elements, the container included.
        var depth: Int
    }

    /// The seed for pieces cut from here, or why there can be none: every open element
    /// must be an object (no property, path or skipped element, no reader), the container
    /// must not keep text nor its children's order, nor read keyed members.
    func pieceSeed() -> Planned<PieceSeed> {
        guard skipDepth == 0, readerLevels.count == 0, !shouldStop, let top = frames.lastSlot else {
            return .sequential(.container("it is skipped, read by a reader, or not open"))
        }
        if frames.contains(where: { !$0.isObject || $0.pathNodeReference != nil || $0.object == nil }) {
            return .sequential(.container("an enclosing element is not an object of a mapping"))
        }
        let bindingIndex = top.pointee.bindingIndex
        // `.mixedText`: each piece ends at a child object, which a piece's engine would bind apart.
        if registry.bindings[bindingIndex].mixedTextSlot != nil {
            return .sequential(.container("its mapping keeps its text among its children"))
        }
        guard top.pointee.textStart < 0 else { return .sequential(.container("its mapping keeps its text")) }
        if registry.bindings[bindingIndex].childOrderSlot != nil {
            return .sequential(.container("its mapping keeps the order of its children"))
        }
        // A keyed member's key and value go to its owner's object, which a piece does not have.
        if registry.bindings[bindingIndex].keyed != nil {
            return .sequential(.container("its mapping reads keyed members"))
        }
        let number = top.pointee.namespace
        let namespace = number > 0 ? namespaces.owner(number).uri.map { Array($0) } : nil
        return .ready(
            PieceSeed(
                bindingIndex: bindingIndex, namespace: namespace, recordsNamespace: number >= 0,
                byteIndex: top.pointee.byteIndex, depth: frames.count))
    }

    /// Makes this engine bind a piece under the container `seed` describes.
    func startPiece(_ seed: PieceSeed) {
        isPiece = true
        var number = NamespaceTable.unrecorded
        if seed.recordsNamespace {
            number = seed.namespace.map { uri in uri.withUnsafeBufferPointer { namespaces.number(of: $0) } } ?? 0
        }
        frames.append(
            Frame(
                isObject: true, namespace: number, bindingIndex: seed.bindingIndex, object: nil, base: nil,
                textStart: -1, byteIndex: seed.byteIndex))
    }

    /// Whether the element whose frame is at `index` belongs to a piece's container (it is
    /// the container, or a path element of it), whose object a piece does not have: the
    /// piece is then inexact, and stops.
    func pieceContainerOwns(_ index: Int) -> Bool {
        guard isPiece, index >= 0, index < frames.count else { return false }
        let owner = frames[index].pathNodeReference == nil ? index : frames[index].pathOwner
        guard owner == 0 else { return false }
        markPieceInexact()
        return true
    }

    /// Records that the piece bound something only the container's object could take.
    @inline(never)
    func markPieceInexact() {
        pieceIsInexact = true
        shouldStop = true
    }

    /// The children a piece collected for its container, in document order, with the
    /// container's slot for each; the engine's references go with them.
    func takePieceChildren() -> (children: [HeldObject], slots: [Int]) {
        let children = Array(collectedChildren.values(from: 0))
        let slots = Array(collectedSlots.values(from: 0))
        collectedChildren.truncate(to: 0)
        collectedSlots.truncate(to: 0)
        return (children, slots)
    }

    /// Takes a piece's children, after the children collected so far for the container.
    func adoptPieceChildren(_ children: [HeldObject], slots: [Int]) {
        for (child, slot) in zip(children, slots) { collectChild(child, slot: slot) }
    }

    /// Takes a piece's problems, as if this engine had found them: kept up to the maximum,
    /// counted, and stopping the parse as its own would.
    func adoptPieceProblems(_ found: [PendingDiagnostic], errors: Int, omitted: Int) {
        errorCount += errors
        if errors > 0, options.stopsAtFirstError { shouldStop = true }
        for diagnostic in found {
            if diagnostics.count < options.maximumDiagnostics {
                diagnostics.append(diagnostic)
            } else {
                omittedCount += 1
            }
        }
        omittedCount += omitted
    }
}
