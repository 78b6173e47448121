// The unchecked layer: the one folder of XMLBind's core that works below Swift's safety.
//
// The binder is fast because a few places step outside what the compiler checks: they
// write values straight into an object's fields, hold objects without reference counting
// and skip dynamic exclusivity checks. All of that is
// here, in one folder, each file named `Type+Unsafe.swift` after the type it serves, with its
// invariants at the top; the rest of the core reaches it only through these names:
//
//   FieldTable            the stored fields of a mapped type (reflection SPI, at
//                         registration): which key paths may be written at an offset
//   FieldAccess           an object's fields: store, modify and load at those offsets
//   ObjectStorage,        a mapped object held as `AnyObject` (a class instance or a
//   StructBox, ValueBox   struct in a box): its value, in-place mutation, reinterpretation
//   ChildSlot+Storage     children handed into an array field, references as they are
//   HeldObject,           an object under construction with one reference the engine
//   UnretainedReference,  balances itself; references that do not retain objects the
//   UnretainedList        registry keeps alive
//   StringCache           the `String`s of plain-text values (made by the standard
//                         library's public initializers), shared when they repeat
//   EngineStack,          memory of the engine's own: frame and text stacks, the per-
//   PropertySet,          mapping child-name cache, the assigned-properties bits, the
//   ChildNameCache,       attribute table, the document buffer of the writer
//   PlainAttributeTable,
//   DocumentStorage
//   AttributeNameCache    each mapping's attribute names by the address expat hands
//                         them over at (pointers compared, never read through)
//   BindingEngine,        the engine's and the streaming sink's stored state, with
//   StreamSink            `@exclusivity(unchecked)` (one parse, one thread, no reentrancy)
//   ElementBinding+       a property's plain-text setter fields, read without the array's
//   TextSetters           bounds check at every property element's end tag
//   TypeReflection        a class's superclass and a type's name (memory-safe internals)
//   StreamCaster          streamed class instances taken over from the stream's queue
//                         and made the stream's `Element` by a checked cast
//   ReaderStack           the public stack element readers keep their state in, with
//                         unchecked exclusivity and memory of its own
//   ReaderState           the public single value element readers keep their state
//                         in, with unchecked exclusivity
//
// Outside this folder the core holds no raw field writes, `Unmanaged` references,
// `unsafeBitCast`/`unsafeDowncast` or unchecked exclusivity. It still
// passes read-only views of bytes (`UnsafeBufferPointer<UInt8>`) that expat, `Data` or an
// `EngineStack` lent for the duration of a call: those are never stored or written through.
//
// There are two such rooms, and this is one. The other is the expat layer (Expat/), the
// only importer of CExpat: its files hold the C parser, its callbacks and the pointers
// into expat's buffers, each with its invariants at the top. The iconv calls of
// Encodings/Iconv.swift are the one C call site outside both, and the encoding tables and
// the converter that writes table-encoded documents out as UTF-8 for expat
// (Encodings/CharacterTable.swift, CharacterTable+Transcoding.swift) the one other memory
// of its own: they stay beside the encodings they serve, with their invariants at the top.
//
// scripts/check-unsafe.sh (run by CI) lists every unsafe construct of the sources and fails
// on one outside a `+Unsafe.swift` file, the C boundaries it names, and the files of
// scripts/unsafe-pending.txt (each with the constructs it still holds: work left of issue
// 29). No file may bind a standard-library symbol by name, import SwiftShims, or write
// the runtime's objects by hand.
//
// The SafeMode trait (`swift build --traits SafeMode`) replaces this layer with checked
// code: no field offsets (every value goes through its key path), strong references
// instead of `HeldObject`'s and `UnretainedReference`'s unmanaged ones, checked casts, and
// state without `@exclusivity(unchecked)` (here and in the expat driver). Each file says what SafeMode does to it; the test suite runs in both builds.

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
