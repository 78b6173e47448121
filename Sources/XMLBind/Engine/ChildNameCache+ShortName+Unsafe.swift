// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `matches` loads 16 bytes from a child's name, which may run past the name's NUL (an
//   RSS name is 4 to 11 bytes). It is called only when `canLoad` holds for the name: the
//   name's address is at most 4,080 bytes into its 4,096-byte-aligned block, so the 16 bytes
//   read lie in the block of the name's first byte. Memory is mapped in pages of 4,096 bytes
//   or a power-of-two multiple of it (4 KiB on x86-64; 4, 16 or 64 KiB on arm64), so that
//   block lies within one page, which holds the name's first byte and is therefore mapped
//   and readable: the load never touches an unmapped page. The bytes past the NUL are masked
//   out before they are compared, so their values never matter.
// - Under AddressSanitizer (`scripts/sanitize.sh` defines XMLBIND_SANITIZE), which reports any
//   read past a heap block even within its page, and in the SafeMode build, the words are not
//   loaded and short names go to `strncmp` like long ones.
// - A slot holding a short name (or none) has `ShortName.slotBytes` bytes written: its copy
//   is read there as words, and its masks after them. Slots are `ChildNameCache.slotSize`
//   (128) bytes, aligned to it.

extension ChildNameCache {
    /// A remembered name of at most ``longest`` bytes with its NUL, compared with a child's
    /// name in two word loads, an exclusive or and a mask each, instead of a call of
    /// `strncmp` (about 25 instructions for an RSS name, and the call's set-up).
    ///
    /// The name's slot holds its copy, NUL and zeros up to 16 bytes, then 16 bytes of masks:
    /// all ones over the name's bytes and its NUL, zero after them. Whether an entry compares
    /// words or calls `strncmp` follows from its size alone, which the lookup loads anyway: a
    /// beans name (`uri|local`, some 50 bytes) takes the same one branch to `strncmp` as
    /// before, and pays nothing for the short path.
    enum ShortName {
        /// Bytes compared as words, the NUL included: names of up to 15 bytes.
        static let longest = 16
        /// Bytes of a slot a short name uses: its words, then its masks.
        static let slotBytes = 2 * longest

        /// Writes `name`'s words and masks into `slot`: `size` bytes with its NUL (at most
        /// ``longest``, and 0 for a slot that remembers nothing). Byte by byte, so that they
        /// hold for either byte order.
        ///
        /// An empty slot matches no name: its first word is eight 0xFF bytes, all compared,
        /// and a name's first eight bytes hold its NUL or eight bytes of UTF-8, where 0xFF
        /// never occurs (expat reports names in UTF-8).
        static func write(_ name: UnsafePointer<CChar>?, size: Int, into slot: UnsafeMutablePointer<CChar>) {
            precondition(size >= 0 && size <= longest)
            // Its bytes are CChar's (the copy `strncmp` reads), written as such.
            for index in 0..<longest {
                let byte: CChar =
                    if let name { index < size &- 1 ? name[index] : 0 } else { index < 8 ? -1 : 0 }
                slot[index] = byte
                slot[longest &+ index] = index < (name == nil ? 8 : size) ? -1 : 0
            }
        }

        /// Whether the words of `name` may be loaded: its 16 bytes from its first lie within
        /// the 4,096-byte block of its first byte (see the invariants above).
        @inline(__always)
        static func canLoad(_ name: UnsafePointer<CChar>) -> Bool {
            UInt(bitPattern: name) & 4095 <= 4096 &- UInt(longest)
        }

        /// Whether `name` is the name in `slot`: equal over its bytes, the NUL included, so
        /// equal exactly when the name ends where the remembered one does. Only when
        /// ``canLoad(_:)`` holds for `name`.
        @inline(__always)
        static func matches(_ slot: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>) -> Bool {
            let words = UnsafeRawPointer(slot)
            let loaded = UnsafeRawPointer(name)
            // Word by word, with a branch between: the compiler then keeps each a load, an
            // exclusive or and a mask on memory (eight instructions for both), where one
            // expression of both words became ten vector instructions.
            guard
                (loaded.loadUnaligned(as: UInt64.self) ^ words.load(as: UInt64.self))
                    & words.load(fromByteOffset: longest, as: UInt64.self) == 0
            else { return false }
            return
                (loaded.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                ^ words.load(fromByteOffset: 8, as: UInt64.self))
                & words.load(fromByteOffset: longest &+ 8, as: UInt64.self) == 0
        }
    }
}
