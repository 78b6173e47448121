#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants:
// - `read(2)` writes into the buffer's own bytes, at most their count, through a pointer lent
//   for the length of the call; nothing keeps the pointer.

/// The files of /proc, which say they are empty: `String(contentsOf:)` reads only their first
/// page, and this program's maps run to two or three pages (a library named late in them
/// was missed), so they are read with `read(2)` until it returns 0.
enum ProcFile {
    /// The file's text, read to its end; empty when it cannot be opened.
    static func text(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
