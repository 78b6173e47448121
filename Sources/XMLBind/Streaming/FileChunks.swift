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

/// A file's bytes as an `AsyncSequence` of chunks, read only as they are asked for.
///
/// Foundation on Linux has no `URL.resourceBytes` or `FileHandle.bytes`, and the usual
/// substitute, an `AsyncThrowingStream` fed by a reading loop, reads as fast as the disk
/// allows whatever the consumer does, so a slow consumer lets the buffered chunks pile up
/// (82 MB resident for a 65 MB file in our measurement, against 22 MB with `FileChunks`
/// and 21 MB for the closure form: see the Streaming article). `FileChunks` is pulled instead: each call to `next()` reads one chunk of at most
/// ``chunkSize`` bytes with `read(2)`, so at most one chunk is held at a time and the
/// reading goes exactly as fast as the consumer (back-pressure).
///
/// ```swift
/// for try await item in binder.objects(FileChunks(contentsOf: url), as: Item.self) {
///     try await store(item)
/// }
/// ```
///
/// Each iteration opens the file anew and closes it at its end, when it throws, or when
/// the iterator is dropped (leaving a loop early). A file that cannot be opened or read
/// makes `next()` throw an ``XMLBindError`` with code ``XMLBindError/Code/io``. The reads
/// block the calling thread for as long as the file system takes, as `FileHandle` reads
/// do; for a local file that is a short time per chunk.
public struct FileChunks: AsyncSequence, Sendable {
    public typealias Element = [UInt8]

    /// The file's path.
    public let path: String
    /// The largest chunk `next()` returns, in bytes: 64 KiB by default.
    public let chunkSize: Int

    /// Creates the sequence; nothing is opened until it is iterated.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - chunkSize: The largest chunk, in bytes (at least 1): 64 KiB by default.
    public init(contentsOf url: URL, chunkSize: Int = 64 << 10) {
        self.path = url.path
        self.chunkSize = Swift.max(1, chunkSize)
    }

    /// The file's bytes one at a time, read in chunks of ``chunkSize`` as they are asked for.
    public var bytes: FileBytes { FileBytes(chunks: self) }

    /// Starts reading the file.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(path: path, chunkSize: chunkSize)
    }

    /// Reads the next chunk each time it is asked for.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let file: OpenFile

        init(path: String, chunkSize: Int) {
            file = OpenFile(path: path, chunkSize: chunkSize)
        }

        /// The next chunk, or `nil` at the end of the file.
        ///
        /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io`` when the file
        ///   cannot be opened or read.
        public mutating func next() async throws -> [UInt8]? {
            try file.read()
        }
    }
}

/// A file's bytes one at a time (``FileChunks/bytes``), for APIs that take an
/// `AsyncSequence` of `UInt8`.
public struct FileBytes: AsyncSequence, Sendable {
    public typealias Element = UInt8

    let chunks: FileChunks

    /// Starts reading the file.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator())
    }

    /// Hands out the bytes of one chunk, then reads the next.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: FileChunks.AsyncIterator
        private var chunk: [UInt8] = []
        private var index = 0

        init(chunks: FileChunks.AsyncIterator) {
            self.chunks = chunks
        }

        /// The next byte, or `nil` at the end of the file.
        ///
        /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io`` when the file
        ///   cannot be opened or read.
        public mutating func next() async throws -> UInt8? {
            if index == chunk.count {
                guard let next = try await chunks.next() else { return nil }
                chunk = next
                index = 0
            }
            defer { index += 1 }
            return chunk[index]
        }
    }
}

/// The open file behind a ``FileChunks`` iterator: opened at the first read, closed at the
/// end, on an error, or when the last iterator copy is dropped.
private final class OpenFile {
    let path: String
    let chunkSize: Int
    private var descriptor: Int32 = -1
    private var finished = false

    init(path: String, chunkSize: Int) {
        self.path = path
        self.chunkSize = chunkSize
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The next chunk (a short one only at the end of the file), or `nil` once it has ended.
    func read() throws -> [UInt8]? {
        guard !finished else { return nil }
        if descriptor < 0 {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw failure("cannot open") }
        }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var count = 0
        while count < chunkSize {
            let got = FileChunks.read(descriptor, into: &chunk, from: count)
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read")
            }
            if got == 0 { break }
            count += got
        }
        if count < chunkSize { end() }
        guard count > 0 else { return nil }
        chunk.removeLast(chunkSize - count)
        return chunk
    }

    private func end() {
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func failure(_ what: String) -> XMLBindError {
        let reason = String(cString: strerror(errno))
        end()
        return XMLBindError(
            code: .io, message: "\(what) '\(path)': \(reason)", origin: Origin(file: path, line: 0, column: 0))
    }
}
