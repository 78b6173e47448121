#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants:
// - `read(_:into:from:)` lends `read(2)` the chunk's own storage from `offset` to its end,
//   for the one call: the count it passes is what is left of the chunk, so the kernel never
//   writes past it, and no pointer outlives the call.

/// The one `read(2)` of a ``FileChunks`` iteration, into the chunk it fills.
extension FileChunks {
    /// Reads into `chunk` from `offset` up to its end.
    ///
    /// - Returns: What `read(2)` returned: the bytes read, 0 at the end of the file, or -1
    ///   with `errno` set.
    static func read(_ descriptor: Int32, into chunk: inout [UInt8], from offset: Int) -> Int {
        let wanted = chunk.count - offset
        guard wanted > 0 else { return 0 }
        return chunk.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return systemRead(descriptor, base + offset, wanted)
        }
    }

    /// Reads up to `count` bytes onto the end of `window` (a stream in pieces).
    ///
    /// - Returns: What `read(2)` returned: the bytes read, 0 at the end of the file, or -1
    ///   with `errno` set.
    static func read(_ descriptor: Int32, appendingTo window: inout [UInt8], upTo count: Int) -> Int {
        let start = window.count
        window += repeatElement(0, count: count)
        let found = read(descriptor, into: &window, from: start)
        window.removeSubrange((start + Swift.max(0, found))...)
        return found
    }
}

/// POSIX `read(2)` under a name of its own: inside `FileChunks`, `read` means its own.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
