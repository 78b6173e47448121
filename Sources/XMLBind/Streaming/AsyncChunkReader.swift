#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads an `AsyncSequence` input piece by piece, for a ``StreamSession``.
protocol AsyncChunkReader {
    /// Waits for the next piece of input and hands its bytes to `body`.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, on which the upstream sequence is iterated.
    ///   - body: Sees the piece's bytes.
    /// - Returns: `false` when the input has ended (and `body` was not called).
    /// - Throws: What the upstream sequence throws.
    mutating func read(isolation: isolated (any Actor)?, _ body: (UnsafeRawBufferPointer) -> Void) async throws -> Bool
}

/// Gathers an `AsyncSequence` of bytes into pieces of up to 16 KiB (or what there is when
/// the sequence ends): a byte sequence cannot tell that no more bytes are coming soon, so
/// objects arrive up to one piece late.
struct AsyncBytesReader<Iterator: AsyncIteratorProtocol>: AsyncChunkReader where Iterator.Element == UInt8 {
    static var pieceSize: Int { 16 << 10 }

    var iterator: Iterator
    private var buffer: [UInt8] = []
    private var ended = false

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    mutating func read(isolation: isolated (any Actor)?, _ body: (UnsafeRawBufferPointer) -> Void) async throws -> Bool
    {
        guard !ended else { return false }
        buffer.removeAll(keepingCapacity: true)
        while buffer.count < Self.pieceSize {
            guard let byte = try await iterator.next(isolation: isolation) else {
                ended = true
                break
            }
            buffer.append(byte)
        }
        guard !buffer.isEmpty else { return false }
        buffer.withUnsafeBytes(body)
        return true
    }
}

/// Reads an `AsyncSequence` of byte chunks (`Data`, `[UInt8]`, …), handing a large chunk
/// over in slices so that objects are handed out as it is parsed.
struct AsyncChunksReader<Iterator: AsyncIteratorProtocol>: AsyncChunkReader where Iterator.Element: ContiguousBytes {
    var iterator: Iterator
    private var current: Iterator.Element?
    private var offset = 0

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    mutating func read(isolation: isolated (any Actor)?, _ body: (UnsafeRawBufferPointer) -> Void) async throws -> Bool
    {
        if current == nil {
            guard let next = try await iterator.next(isolation: isolation) else { return false }
            current = next
            offset = 0
        }
        guard let chunk = current else { return false }
        let start = offset
        let end = chunk.withUnsafeBytes { raw in
            let end = min(start + StreamSession<Any>.sliceSize, raw.count)
            body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            return end == raw.count ? -1 : end
        }
        if end < 0 {
            current = nil
        } else {
            offset = end
        }
        return true
    }
}
