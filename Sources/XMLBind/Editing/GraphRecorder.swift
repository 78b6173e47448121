/// Records the ``GraphSnapshot`` of a parse for editing while the parse binds, rather than
/// in a walk over the graph after it: the engine hands it each class instance when its
/// element ends, complete (its values set, its children stored, its checks run), and the
/// recorder reads it then, through the registry, as the planner reads the program's graph.
///
/// What the engine does not hand over is recorded when its parent is, by the same code:
/// structs (a parent holds a copy, not the instance the parse filled), objects made by an
/// ``ElementReader`` or bound in a parallel piece (whose engines record nothing), and the
/// root when it is not a class instance. The objects of a parent compared whole are not
/// recorded one by one (the parent's fingerprint covers them), so the engine's are skipped.
///
/// A value, not an object: the engine holds it (``BindingEngine/recorder``) for the parse,
/// and the parse's outcome hands it back (``XMLBinder/ParseOutcome/recorder``), so that
/// recording costs no reference counting nor access checks of its own.
struct GraphRecorder {
    private var snapshot = GraphSnapshot()
    private var reader: GraphReader
    private var ended = EndedObjects()
    private var pending = GraphSnapshot.Pending()
    /// The first error met recording (a value the writer cannot write), thrown by
    /// ``snapshot(root:)``: the engine's end handler cannot throw.
    private var failure: XMLBindError?
    /// By binding index: the binding the reader finds for an object of that binding's
    /// class (the registry's for the class), `nil` when it is found per object (a type that
    /// stores its element's name) or the binding is a struct's.
    private let classBindings: [ElementBinding?]
    /// By binding index: whether the binding is compared whole.
    private let comparesWhole: [Bool]

    /// About how many bytes of a document an object takes, as reserved for: an element of
    /// a few short attributes on its own line (the `beans` workload's take 77 on average).
    static let bytesPerObject = 64
    /// The most objects reserved for at once (past it, the arrays grow as they fill).
    static let mostObjectsReserved = 1 << 22

    /// Whether the parse may hand the recorder its objects as their elements end: only when
    /// no code of the program runs on an object after its element has ended. A parent's
    /// validator, or an ``Ancestor``'s `addChild`, may change a child's values once the
    /// child was recorded, and the record must hold the graph the parse handed back (else an
    /// update would write the program's own normalisation as an edit): with either in the
    /// registry, the whole graph is recorded after the parse, by the same code.
    let recordsWhileBinding: Bool

    /// - Parameter expectedBytes: The document's size, when known: the record's arrays are
    ///   made about as large as its objects need (one object per ``bytesPerObject``), so
    ///   that they do not grow by doubling as the parse goes.
    init(registry: CompiledRegistry, prefixes: [String: String], expectedBytes: Int = 0) {
        recordsWhileBinding = !registry.bindings.contains { binding in
            !binding.validators.isEmpty || binding.access.type is any Ancestor.Type
        }
        if expectedBytes > 0 {
            // Room reserved is not memory used until written: a document of fewer, larger
            // objects leaves the rest untouched.
            let objects = min(expectedBytes / Self.bytesPerObject, Self.mostObjectsReserved)
            // Values: the bindings' average, rounded up, and one more.
            let bindings = max(registry.bindings.count, 1)
            let properties = registry.bindings.reduce(0) { $0 + $1.properties.count }
            snapshot.reserve(objects: objects, valuesPerObject: (properties + bindings - 1) / bindings + 1)
        }
        reader = GraphReader(registry: registry, prefixes: prefixes)
        comparesWhole = registry.bindings.map(EditPlanner.needsWholeComparison)
        classBindings = registry.bindings.map { binding in
            guard binding.isClass, binding.elementNameSlot == nil, let index = registry.typeIndex[binding.objectType]
            else { return nil }
            return registry.bindings[index].elementNameSlot == nil ? registry.bindings[index] : nil
        }
    }

    /// Records an object when its element ends: `bindingIndex` is the binding the parse
    /// bound it with, `byteIndex` its start tag's offset, `parentBinding` the binding index
    /// of the element it ends in (-1 for the root).
    mutating func objectEnded(_ object: AnyObject, bindingIndex: Int, byteIndex: Int, parentBinding: Int) {
        guard failure == nil, bindingIndex >= 0, bindingIndex < classBindings.count else { return }
        if parentBinding >= 0, parentBinding < comparesWhole.count, comparesWhole[parentBinding] { return }
        let item: EditPlanner.Item
        if let binding = classBindings[bindingIndex] {
            item = EditPlanner.Item(binding: binding, box: object)
        } else {
            // A struct's box is not what its parent holds; a class found per object.
            guard reader.registry.bindings[bindingIndex].isClass, let found = reader.classItem(object) else { return }
            item = found
        }
        ended.open(above: byteIndex)
        do {
            let node = try snapshot.record(item, reader: &reader, ended: &ended, pending: &pending)
            ended.close(recording: node, of: object, byteIndex: byteIndex)
        } catch {
            failure = error
        }
    }

    /// The snapshot of the graph under `root`, once the parse that bound it is done.
    mutating func snapshot(root: Any?) throws(XMLBindError) -> GraphSnapshot {
        if let failure { throw failure }
        ended.open(above: Int.min)
        guard let root, let item = reader.item(root) else { return GraphSnapshot() }
        var result = snapshot
        snapshot = GraphSnapshot()
        result.root = try result.node(for: item, reader: &reader, ended: &ended, pending: &pending)
        return result
    }
}
