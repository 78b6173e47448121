// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - A `String` is two machine words (`_StringObject`): `sharesStorage` only reads them,
//   by value, and never makes a string from words.
// - Two strings whose words are equal are the same small string (its bytes are in the
//   words) or the same storage object with the same count and flags: the same bytes.
//   Unequal words say nothing, and the caller then compares the bytes.
// - SafeMode reads no words: every comparison compares the bytes.

extension GraphSnapshot {
    /// Whether two strings are the same string value (one storage, or one small string),
    /// which is certain to hold the same bytes; `false` says nothing.
    ///
    /// A value the program left alone is the very string the snapshot recorded, so this
    /// answers most comparisons of an update without reading a byte.
    static func sharesStorage(_ left: String, _ right: String) -> Bool {
        #if SafeMode
            return false
        #else
            guard MemoryLayout<String>.size == MemoryLayout<(UInt, UInt)>.size else { return false }
            let leftWords = unsafeBitCast(left, to: (UInt, UInt).self)
            let rightWords = unsafeBitCast(right, to: (UInt, UInt).self)
            return leftWords == rightWords
        #endif
    }
}
