import Foundation

// Invariants (audited layer, see Unchecked.swift):
// - The `Data` made by `data(taking:)` points into the array's own storage, which its
//   deallocator keeps alive: the closure holds the only remaining reference to the array
//   (the writer gave it up), so the storage is neither freed nor moved while the `Data`
//   lives, and no Swift code reads the array again (a write through the `Data` lands in
//   storage that nothing else observes).
// - An empty array is handed over as `Data()`: its storage may be the shared empty one.
// - SafeMode: `Data(bytes)`, a copy.

/// A byte array handed to `Data` without copying its bytes.
///
/// Copying a finished document into a `Data` of its own touches every byte twice more
/// (read, then written into fresh pages): for an 8 MB XML-RPC response, about a fifth of
/// writing it.
enum ByteArrayHandover {
    /// A `Data` over the bytes of `bytes`, which it keeps alive.
    static func data(taking bytes: consuming [UInt8]) -> Data {
        #if SafeMode
            return Data(bytes)
        #else
            guard !bytes.isEmpty else { return Data() }
            let owned = bytes
            let (base, count) = owned.withUnsafeBufferPointer { ($0.baseAddress, $0.count) }
            guard let base else { return Data(owned) }
            return Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: count,
                deallocator: .custom { _, _ in withExtendedLifetime(owned) {} })
        #endif
    }
}
