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

/// Where a document's bytes can be read again, to turn a byte offset into a line, a
/// column and the text of the line, after the parse has found a problem.
///
/// Only error paths read it, so the parse itself never keeps more of a file than expat
/// does; a file is read again from disk, in chunks, when a diagnostic needs its line.
enum SourceText: Sendable {
    case bytes(Data)
    /// A string's UTF-8.
    case text(String)
    case file(String)
    /// The recent part of an input that cannot be read again (streaming from a pipe or an
    /// `AsyncSequence`): only positions inside it can be located.
    case recent(RecentInput)
    case unavailable

    /// Where counting lines starts: the offset, line and column of the first byte that can
    /// be read, or `nil` when no position can be located.
    var base: (offset: Int, line: Int, column: Int)? {
        switch self {
        case .bytes, .text, .file, .unavailable: (0, 1, 1)
        case .recent(let recent): recent.base
        }
    }

    /// Calls `body` with the document's bytes in order, chunk by chunk, with each
    /// chunk's offset, until `body` returns `false` or the bytes run out.
    func forEachChunk(from start: Int = 0, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        switch self {
        case .bytes(let data):
            guard start < data.count else { return }
            let rest = data[(data.startIndex + start)...]
            if rest.withContiguousStorageIfAvailable({ body($0, start) }) == nil {
                _ = Array(rest).withUnsafeBufferPointer { body($0, start) }
            }
        case .text(let string):
            var string = string
            string.withUTF8 { utf8 in
                guard start < utf8.count else { return }
                _ = body(UnsafeBufferPointer(rebasing: utf8[start...]), start)
            }
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            guard lseek(descriptor, off_t(start), SEEK_SET) >= 0 else { return }
            var offset = start
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let got = FileChunks.read(descriptor, into: &chunk, from: 0)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return }
                let more = chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<got]), offset) }
                offset += got
                if !more { return }
            }
        case .recent(let recent):
            recent.withBytes(from: start, body)
        case .unavailable:
            return
        }
    }

    /// Up to `count` bytes starting at `offset`.
    func bytes(at offset: Int, count: Int) -> [UInt8] {
        var result: [UInt8] = []
        forEachChunk(from: offset) { chunk, _ in
            result.append(contentsOf: chunk.prefix(count - result.count))
            return result.count < count
        }
        return result
    }
}
