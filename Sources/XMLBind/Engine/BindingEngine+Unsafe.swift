#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - The engine's stored state is declared here because of its `@exclusivity(unchecked)`
//   attributes: an engine belongs to one parse, driven by one expat parser on one thread,
//   and its handlers never re-enter it, so no two accesses to its state overlap. Its
//   behaviour (events, objects, values) is in Engine/.
// - `driver` is held unretained (`Unmanaged`): the driver owns the engine and outlives every
//   call, so `withDriver` borrows it without a retain.
// - `bindingRefs` does not retain the bindings: `registry` keeps them alive.
// - `propertyPrefixes` hold bytes of the engine's own, freed in `deinit`.
// - `propertyBase` has an entry per binding of the registry; `cacheIndex(of:in:)` reads it
//   without the bounds check (SafeMode: checked), for binding indexes the registry gave.
// - `activeReader` does not retain its session: `readers` holds every session for the
//   engine's life, and `activeReader` is only ever one of them (or `nil`).
// - SafeMode: the same state without `@exclusivity(unchecked)` (every access checked), and
//   `driver` is `weak`.

/// Builds the object graph from parser events: one frame per open element that binds.
///
/// One engine serves one parse. It receives names and text as bytes, finds definitions
/// in the registry's byte tables and fills objects through the setters prepared at
/// registration. Problems are recorded as ``PendingDiagnostic``s and binding goes on
/// (the failing property stays unset, unknown content is skipped), so one parse finds
/// them all; the driver stops expat only when ``shouldStop`` says so.
final class BindingEngine {
    let registry: CompiledRegistry
    /// The registry's bindings without reference counting, for the per-element paths:
    /// ``registry`` keeps them alive for as long as the engine lives.
    let bindingRefs: UnretainedList<ElementBinding>
    let options: ParseOptions
    let file: String?
    let globalPolicy: UnknownContentPolicy
    let resolver: VariableResolver?
    /// The namespace scope, kept only when a callback policy or a qualified-name property
    /// asks for it (see ``NamespaceScopeTracker``); `nil` for every other parse.
    let scopeTracker: NamespaceScopeTracker?
    /// Receives the original text of substituted values, when the caller asked for it.
    var substitutionRecord: SubstitutionRecord?
    #if SafeMode
        // The same state, with exclusivity checked (see the invariants above).
        weak var driver: ExpatDriver?
        var frames = EngineStack<Frame>()
        var text = EngineStack<UInt8>(capacity: 1024)
        var skipDepth = 0
        var skipKeepsText = false
        var keeper: ElementKeeper?
        var pendingMapKey: (key: String, offset: Int, attribute: String)?
        var mapKeyOffsets: [MapEntryID: Int] = [:]
        var nilFrames = EngineStack<Int>(capacity: 4)
        var documentNamespaces: [String: String] = [:]
        var documentPrefixes = ByteTable()
        var namespaces = NamespaceTable()
        var elementAssignments = EngineStack<(property: Int, offset: Int)>()
        var root: Any?
        var rootBinding: ElementBinding?
        var rootByteIndex = -1
        var collectedChildren = EngineStack<HeldObject>()
        var collectedSlots = EngineStack<Int>()
        var childScratch = EngineStack<HeldObject>()
        var strings = StringCache()
        var propertyPrefixes: [(prefix: UnsafeMutableBufferPointer<UInt8>, uri: [UInt8]?)]
        var childNames: ChildNameCache
        var attributeNames: AttributeNameCache
        let propertyBase: [Int]
        var diagnostics: [PendingDiagnostic] = []
        var omittedCount = 0
        var errorCount = 0
        var shouldStop = false
        var stream: StreamSink? { didSet { watchesEnds = true } }
        var recorder: GraphRecorder?
        var watchesEnds = false
        var readerLevels = EngineStack<ReaderLevel>(capacity: 8)
        var readerState = ReaderState()
        var readers: [ReaderSession?] = []
        private var activeReader: ReaderSession?
        var isPiece = false
        var pieceIsInexact = false
    #else
        /// Set by the driver that owns this engine; used for origins.
        var driver: ExpatDriver? {
            get { driverReference?.takeUnretainedValue() }
            set { driverReference = newValue.map { Unmanaged.passUnretained($0) } }
        }
        /// ``driver`` as stored: reading an `unowned(unsafe)` reference retains it for the
        /// time it is used, which the per-element paths avoid with ``withDriver(_:)``.
        @exclusivity(unchecked) private var driverReference: Unmanaged<ExpatDriver>?

        @exclusivity(unchecked) var frames = EngineStack<Frame>()
        // The engine is confined to the parse that owns it (one thread, no reentrancy), so
        // its state needs no dynamic exclusivity checks; they cost more than the work here.

        /// One buffer for all gathered text: each collecting frame appends after its
        /// parent's text and truncates back when it ends.
        @exclusivity(unchecked) var text = EngineStack<UInt8>(capacity: 1024)
        /// How deep inside a skipped (unknown) subtree the parser is.
        @exclusivity(unchecked) var skipDepth = 0

        /// Whether the skipped subtree is inline content of a whole text (`.wholeText()`):
        /// its text goes on into the innermost frame's text.
        @exclusivity(unchecked) var skipKeepsText = false
        /// The element a `.otherElements` slot is keeping while it is skipped, if any (see
        /// BindingEngine+KeptElements.swift).
        @exclusivity(unchecked) var keeper: ElementKeeper?
        /// A keyed map's key, read from the start tag of the property element now open, with
        /// that tag's offset (property elements do not nest, so one is enough).
        @exclusivity(unchecked) var pendingMapKey: (key: String, offset: Int, attribute: String)?
        /// Where each keyed map entry was first given (its element's offset), by the owner
        /// element's offset, the property and the key: for the note of a duplicate key.
        @exclusivity(unchecked) var mapKeyOffsets: [MapEntryID: Int] = [:]
        /// Frames of object elements marked `xsi:nil="true"`: not placed in their parent.
        @exclusivity(unchecked) var nilFrames = EngineStack<Int>(capacity: 4)
        /// The document's namespace declarations by prefix (`""`: the default namespace), kept
        /// only when `xsi:type` values must be resolved; like ``documentPrefixes``, not scoped.
        @exclusivity(unchecked) var documentNamespaces: [String: String] = [:]
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
        @exclusivity(unchecked) var collectedChildren = EngineStack<HeldObject>()
        @exclusivity(unchecked) var collectedSlots = EngineStack<Int>()
        @exclusivity(unchecked) var childScratch = EngineStack<HeldObject>()

        /// The `String`s of plain-text properties, shared when values repeat.
        @exclusivity(unchecked) var strings = StringCache()
        /// For each prefix in ``CompiledRegistry/pendingPropertyPrefixes``: its bytes, and the
        /// namespace URI the document bound it to (`nil` until it does). Memory of the
        /// engine's own, freed in `deinit`.
        @exclusivity(unchecked) var propertyPrefixes: [(prefix: UnsafeMutableBufferPointer<UInt8>, uri: [UInt8]?)]

        /// Each mapping's last object child, to skip looking its name up again.
        @exclusivity(unchecked) var childNames: ChildNameCache
        /// Each mapping's attribute names as this parse's parser hands them over.
        @exclusivity(unchecked) var attributeNames: AttributeNameCache
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
        @exclusivity(unchecked) var stream: StreamSink? { didSet { watchesEnds = true } }
        /// A parse for editing (``XMLBinder/parseForEditing(_:as:file:warnings:)-(Data,_,_,_)``):
        /// records each object as its element ends; `nil` for any other parse. Set before
        /// the parse with ``watchesEnds`` (no observer: the recorder changes in place at
        /// every end).
        @exclusivity(unchecked) var recorder: GraphRecorder?
        /// Whether an object's end must look for an `xsi:nil` mark, the stream or the
        /// recorder: set once any appears (the stream or the recorder is set, a frame is
        /// marked nil), so the ends of a plain parse skip all three tests with one.
        @exclusivity(unchecked) var watchesEnds = false

        /// The elements open inside an element read by an ``ElementReader``, its own first:
        /// empty when no reader is reading (see BindingEngine+Readers.swift).
        @exclusivity(unchecked) var readerLevels = EngineStack<ReaderLevel>(capacity: 8)
        /// The element being read, for placing its value.
        @exclusivity(unchecked) var readerState = ReaderState()
        /// Each reading mapping's session in this parse, by binding index, made when first used.
        @exclusivity(unchecked) var readers: [ReaderSession?] = []
        /// The session reading now, unretained: ``readers`` keeps it alive.
        @exclusivity(unchecked) private var activeReader: Unmanaged<ReaderSession>?
        /// Parallel binding: whether this engine binds a piece of a document, whose first
        /// frame stands for the container without its object (see BindingEngine+Pieces.swift).
        @exclusivity(unchecked) var isPiece = false
        /// Whether the piece bound something only the container's object could take.
        @exclusivity(unchecked) var pieceIsInexact = false
    #endif

    init(registry: CompiledRegistry, options: ParseOptions, file: String?) {
        self.registry = registry
        self.options = options
        self.file = file
        self.globalPolicy = options.effectiveUnknownContent
        self.resolver = options.substitution.map { VariableResolver($0, limits: options.limits) }
        var wantsScope = registry.needsNamespaceScope
        if case .callback = globalPolicy { wantsScope = true }
        self.scopeTracker = wantsScope ? NamespaceScopeTracker() : nil
        bindingRefs = UnretainedList(registry.bindings)
        var bases: [Int] = []
        var total = 0
        for binding in registry.bindings {
            bases.append(total)
            total += binding.properties.count
        }
        self.propertyBase = bases
        childNames = ChildNameCache(bindingCount: registry.bindings.count)
        attributeNames = AttributeNameCache(tables: registry.bindings.map(\.plainAttributes))
        propertyPrefixes = registry.pendingPropertyPrefixes.map { prefix in
            let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: prefix.utf8.count)
            _ = bytes.initialize(from: prefix.utf8)
            // `xml` is bound without a declaration (XML Namespaces, section 3).
            return (bytes, prefix == "xml" ? Array(Self.xmlNamespace.utf8) : nil)
        }
        strings.prepare(propertyCount: total)
    }

    /// Runs `body` with the driver, borrowed (no retain and release around the call);
    /// `nil` when there is none.
    @inline(__always)
    func withDriver<Result>(_ body: (ExpatDriver) -> Result) -> Result? {
        #if SafeMode
            return driver.map(body)
        #else
            return driverReference?._withUnsafeGuaranteedRef(body)
        #endif
    }

    /// The string cache's number for property `index` of binding `bindingIndex`
    /// (``propertyBase`` plus the index), read without the bounds check.
    @inline(__always)
    func cacheIndex(of index: Int, in bindingIndex: Int) -> Int {
        #if SafeMode
            propertyBase[bindingIndex] &+ index
        #else
            propertyBase.withUnsafeBufferPointer { $0[bindingIndex] } &+ index
        #endif
    }

    /// Makes `session` the one every event goes to while ``readerLevels`` is not empty
    /// (it must be kept alive by ``readers``), or none.
    @inline(__always)
    func setActiveReader(_ session: ReaderSession?) {
        #if SafeMode
            activeReader = session
        #else
            activeReader = session.map { Unmanaged.passUnretained($0) }
        #endif
    }

    /// Runs `body` with the active reader session, borrowed (no retain and release around
    /// the call); nothing when there is none.
    @inline(__always)
    func withActiveReader(_ body: (ReaderSession) throws -> Void) rethrows {
        #if SafeMode
            if let activeReader { try body(activeReader) }
        #else
            try activeReader?._withUnsafeGuaranteedRef(body)
        #endif
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
        attributeNames.deallocate()
        for entry in propertyPrefixes { entry.prefix.deallocate() }
        frames.deallocate()
        elementAssignments.deallocate()
        collectedChildren.deallocate()
        collectedSlots.deallocate()
        childScratch.deallocate()
        bindingRefs.deallocate()
        nilFrames.deallocate()
        text.deallocate()
        readerLevels.deallocate()
    }
}
