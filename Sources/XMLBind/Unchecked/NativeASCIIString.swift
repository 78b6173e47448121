import Foundation

// Invariants (audited layer, see Unchecked.swift):
// - Writes the standard library's native `String` storage (a `__StringStorage` object) by
//   hand. `form` learns that layout at start-up from strings the standard library made
//   itself (16 to 300 bytes, across the breadcrumbs threshold) and then compares strings
//   made here with them; if anything differs, or the platform is not 64-bit little-endian
//   Linux, `form` is `nil` and every value goes the standard way.
// - The object is allocated as the runtime allocates class instances on Linux: with
//   `malloc` (its `swift_slowAlloc` for alignments up to 16; these objects need 8), and the
//   header `swift_allocObject` would write (the storage class's metadata, the reference
//   counts of a new object with one strong reference), both learned from new strings the
//   standard library made, which the check also finds to be `malloc` blocks (the standard
//   library asks `malloc_usable_size` of them itself). The runtime releases it as usual:
//   `swift_release`, the class's `deinit` (which reads only the capacity word and, when its
//   flag says so, the breadcrumbs slot written here), and `free` (`swift_slowDealloc`).
// - The capacity claimed is never more than was allocated: allocation = header + bytes +
//   terminator + (breadcrumbs slot), rounded up to 16; capacity = allocation - header -
//   slot, and the terminator is inside it. An append in place therefore never writes past
//   the allocation.
// - Only ASCII bytes (checked by the caller, `ASCIIString`), 16 to `longest` of them, are
//   made this way: the count-and-flags word says ASCII and NFC.
// - SafeMode: the file is empty (`ASCIIString` makes every value with `String(decoding:as:)`).

#if !SafeMode
    /// Makes the `String` of 16 or more ASCII bytes in the standard library's native
    /// storage directly: one allocation, four header words, the bytes.
    ///
    /// The standard library's own path (`String._uncheckedFromUTF8`) sizes the storage in
    /// several functions, asks the allocator how much it really got (`malloc_usable_size`)
    /// and copies through a generic initializer: about 190 instructions a value besides the
    /// allocation and the copy, the largest cost of long text values such as an RSS item's
    /// title, link and description. The layout it writes is small and stable: a 32-byte
    /// header (metadata, reference count, capacity-and-flags, count-and-flags), the bytes,
    /// a nul terminator, spare capacity and, for 64 bytes and more, a breadcrumbs slot (the
    /// lazily computed UTF-16 offsets) in the last word. The object is allocated the way
    /// the runtime's `swift_allocObject` allocates it (`malloc`, then the metadata and the
    /// reference counts of a new object), without its two calls: about 45 instructions.
    ///
    /// The layout is not trusted: ``form`` reads it off strings the standard library made
    /// and checks strings made here against them before anything relies on it. What cannot
    /// be read off a string, that the runtime allocates with `malloc` and frees with `free`,
    /// is its documented behaviour on Linux (`swift_slowAlloc`), the only platform this is
    /// enabled on; the check finds the samples to be `malloc` blocks.
    enum NativeASCIIString {
        /// The shortest value made here: shorter ones are the inline (small) form.
        static let shortest = 16
        /// The longest value made here (far below the standard library's 48-bit count).
        static let longest = 1 << 40

        /// The facts of this process's native string storage that ``make(_:form:)`` needs.
        ///
        /// Sendable: the metadata pointer is the runtime's, immutable.
        struct Form: @unchecked Sendable {
            /// The storage class's metadata, as in the first word of its objects.
            let metadata: UnsafeRawPointer
            /// The second word of a new object: its reference counts (one strong reference).
            let referenceCounts: UInt64
            /// The top bits of an ASCII native string's count-and-flags word.
            let countFlags: UInt64
            /// The top bits of a native string's object word (its discriminator).
            let objectFlags: UInt64
            /// The capacity word's flag that the object has a breadcrumbs slot.
            let breadcrumbsFlag: UInt64
            /// The smallest count that gets a breadcrumbs slot.
            let breadcrumbsFrom: Int
        }

        /// The header's size: the bytes start this far into the object.
        static let headerSize = 32
        /// The bits of a count or capacity word that hold the number.
        static let countMask: UInt64 = 0x0000_FFFF_FFFF_FFFF
        /// The bits of an object word that hold the address.
        static let addressMask: UInt64 = 0x0FFF_FFFF_FFFF_FFFF

        /// The layout, learned and checked once; `nil` when this process's `String` differs
        /// from what ``make(_:form:)`` writes.
        static let form: Form? = {
            #if _endian(little) && _pointerBitWidth(_64) && os(Linux)
                return learnForm()
            #else
                return nil
            #endif
        }()

        /// The ASCII bytes (at least ``shortest``, at most ``longest`` of them; the caller
        /// checks) as a natively stored `String` of the learned `form`, or `nil` when `malloc`
        /// fails (the standard way then reports it, as the runtime does).
        @inline(__always)
        static func make(_ bytes: UnsafeBufferPointer<UInt8>, form: Form) -> String? {
            let count = bytes.count
            let (size, slot) = allocation(count: count, form: form)
            guard let object = malloc(size) else { return nil }
            object.storeBytes(of: form.metadata, as: UnsafeRawPointer.self)
            object.storeBytes(of: form.referenceCounts, toByteOffset: 8, as: UInt64.self)
            let capacity = UInt64(truncatingIfNeeded: size &- headerSize &- slot)
            let countAndFlags = form.countFlags | UInt64(truncatingIfNeeded: count)
            object.storeBytes(of: capacity | (slot != 0 ? form.breadcrumbsFlag : 0), toByteOffset: 16, as: UInt64.self)
            object.storeBytes(of: countAndFlags, toByteOffset: 24, as: UInt64.self)
            let start = object + headerSize
            if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: count) }
            start.storeBytes(of: 0, toByteOffset: count, as: UInt8.self)
            if slot != 0 { object.storeBytes(of: 0, toByteOffset: size &- slot, as: UInt.self) }
            var words = (countAndFlags, UInt64(UInt(bitPattern: object)) | form.objectFlags)
            // Moved out of the words' memory: the `String` takes over the object's one strong
            // reference, as the standard library's own initializer hands it over.
            return _withUnprotectedUnsafeMutablePointer(to: &words) { pointer in
                pointer.withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
            }
        }

        /// The two words of a `String` (count-and-flags, object).
        static func words(of string: String) -> (UInt64, UInt64) {
            unsafeBitCast(string, to: (UInt64, UInt64).self)
        }

        /// The address of a native string's storage object.
        static func storage(of string: String) -> UnsafeRawPointer? {
            UnsafeRawPointer(bitPattern: UInt(words(of: string).1 & addressMask))
        }
    }

#endif
