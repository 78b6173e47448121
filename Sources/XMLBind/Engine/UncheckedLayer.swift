// The unchecked layer: where XMLBind's core works below Swift's safety, and where to find it.
//
// A few places write values straight into an object's fields, hold objects without
// reference counting and skip dynamic exclusivity checks. Each is a `Type+Unsafe.swift`
// file beside the type it serves, with its invariants at the top; the rest of the core
// reaches it only through that type's names:
//
//   Objects/        FieldTable, FieldAccess (field offsets, found at registration),
//                   ObjectStorage, HeldObject (objects under construction), TypeReflection
//   Engine/         the engine's stored state (BindingEngine+Unsafe, `@exclusivity(unchecked)`:
//                   one parse, one thread) and its own memory: EngineStack, PropertySet,
//                   ChildNameCache, PlainAttributeTable, AttributeNameCache, StringCache;
//                   ValueSlot (a stack's top frame or a table entry, changed in place)
//   Registry/       ChildSlot+Storage, ElementBinding+TextSetters, ByteTable (a name's
//                   word loads and comparison in place)
//   Encodings/      CharacterTable (its tables in memory of its own, the transcoder's stores)
//   ElementReader/  ReaderStack, ReaderState (element readers' state, package access),
//                   ReaderElement (a tag's views of expat's buffers, for one reader call)
//   Streaming/      StreamSink (the stream's stored state), StreamCaster, FileChunks (the
//                   read(2) into a chunk)
//   Writing/        DocumentStorage (the writer's document buffer), XMLWriter (escaping's
//                   word loads)
//
// The other room is the expat layer (Expat/), the only importer of CExpat: the C parser,
// its callbacks and the pointers into expat's buffers, which it lends the engine for one
// event as ExpatName, ExpatAttributes and ExpatText (Expat/ExpatName+Unsafe.swift): the
// engine's behaviour files (BindingEngine+*.swift) hold no pointer of their own.
// Encodings/Iconv.swift is the one C call site outside it. Read-only views of bytes lent
// for one call may appear anywhere.
//
// scripts/check-unsafe.sh (run by CI) lists every unsafe construct, and every concurrency
// or lifetime promise the compiler cannot check (`@unchecked Sendable`,
// `nonisolated(unsafe)`, `withExtendedLifetime`), in every module, and fails on one outside
// these files and the entries of scripts/unsafe-allowed.txt (the C boundaries, and each
// promise with its reason). The SafeMode trait replaces this layer with checked code
// (key-path writes, retained references, checked casts and exclusivity); each file says what
// SafeMode does to it, and the test suite runs in both builds (see the SafeMode article).

/// Facts about the unchecked layer of this build.
enum UncheckedLayer {
    /// Whether this build replaced the layer with its checked equivalents (the `SafeMode`
    /// trait): key-path writes, retained references and checked exclusivity.
    static let isSafeMode: Bool = {
        #if SafeMode
            true
        #else
            false
        #endif
    }()
}
