internal import CExpat

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

// Reading files: a file descriptor read straight into expat's own buffer, whole or in pieces.
// The invariants of ExpatDriver.swift hold here; the buffer `XML_GetBuffer` returns is valid
// until the next `XML_ParseBuffer`, which is the only use made of it.

extension ExpatDriver {
    /// Reads a file descriptor to its end straight into expat's own buffer
    /// (`XML_GetBuffer` / `XML_ParseBuffer`), at least `chunkSize` bytes at a time.
    ///
    /// A regular file of at most `limit` bytes (and within ``ParseLimits/maximumDocumentSize``)
    /// is read whole after its head, in one piece that reaches its end: the last piece, over
    /// which expat does not recount lines and columns (see ``ParseOptions/wholeFileLimit``).
    func feed(fileDescriptor: Int32, chunkSize: Int, wholeUpTo limit: Int) -> FeedResult {
        var status = stat()
        let whole =
            fstat(fileDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
            && Int(status.st_size) <= limit
            // A file over the document size limit is refused after its first pieces, unread.
            && Int(status.st_size) <= limits.maximumDocumentSize ?? Int.max
        while true {
            var piece = chunkSize
            if whole {
                let position = lseek(fileDescriptor, 0, SEEK_CUR)
                // One byte more than is left, so that the read sees the end.
                if position >= 0 { piece = max(chunkSize, Int(status.st_size) - Int(position) + 1) }
            }
            let (result, atEnd) = feedOnce(fileDescriptor: fileDescriptor, chunkSize: piece)
            guard case .accepted = result, !atEnd else { return result }
        }
    }

    /// Reads one piece of a file descriptor straight into expat's own buffer and parses it
    /// (`XML_GetBuffer` / `XML_ParseBuffer`); a piece that reaches the end of the input (a
    /// read of 0 bytes) tells expat the document is complete. Streaming hands objects out between pieces.
    ///
    /// The piece is at least `chunkSize` bytes, and more while expat waits for a token
    /// larger than that (see ``feed(_:isFinal:)``); a pipe is read until the piece is full
    /// or the input ends. The first piece is only the head the encoding is decided from.
    ///
    /// Until the encoding is decided, and for a transcoded document, the piece is read into
    /// memory of its own and goes through ``feed(_:isFinal:)``.
    ///
    /// - Parameters:
    ///   - fileDescriptor: Where to read from.
    ///   - chunkSize: The usual size of a piece.
    /// - Returns: How parsing went, and whether the input has ended.
    func feedOnce(fileDescriptor: Int32, chunkSize: Int) -> (result: FeedResult, atEnd: Bool) {
        guard failure == nil else { return (.stopped, true) }
        var want = min(max(chunkSize, partialToken), Int(Int32.max) / 2)
        // The encoding is decided from the first bytes: read only those into memory of our
        // own, and the rest straight into expat's buffer.
        if encoding == nil, sniffed.isEmpty { want = min(want, Self.headBytes) }
        if encoding == nil || transcoder != nil {
            var piece = [UInt8](repeating: 0, count: want)
            let (count, error) = piece.withUnsafeMutableBytes { Self.read(fileDescriptor, into: $0) }
            if let error { return (.readFailed(error), true) }
            let atEnd = count < want
            let result = piece.withUnsafeBytes { feed(UnsafeRawBufferPointer(rebasing: $0[..<count]), isFinal: atEnd) }
            if case .accepted = result { return (result, atEnd) }
            return (result, true)
        }
        // A character the last piece's end cut comes first (see ExpatDriver+CutCharacters.swift).
        let carried = cutCharacter.count
        guard let buffer = XML_GetBuffer(parser, Int32(want + carried)) else {
            recordError()
            return (.stopped, true)
        }
        if carried > 0 {
            let start = UnsafeMutableRawBufferPointer(start: buffer, count: carried)
            cutCharacter.withUnsafeBytes { start.copyMemory(from: $0) }
            cutCharacter.removeAll(keepingCapacity: true)
        }
        let (read, error) = Self.read(
            fileDescriptor, into: UnsafeMutableRawBufferPointer(start: buffer + carried, count: want))
        if let error { return (.readFailed(error), true) }
        // The loop stops short only at the end of the input: this piece is then the last,
        // and saying so spares expat recounting lines and columns over it (which it does
        // after every piece that is not final), about 12 instructions a byte.
        let atEnd = read < want
        let count = carried + read
        let cut =
            atEnd || !expatReadsUTF8 ? 0 : Self.cutUTF8Bytes(at: UnsafeRawBufferPointer(start: buffer, count: count))
        if cut > 0 {
            cutCharacter.append(contentsOf: UnsafeRawBufferPointer(start: buffer + count - cut, count: cut))
        }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: count - cut)
        if let refusal = refuseLeadingZero(bytes) {
            record(refusal)
            return (.stopped, true)
        }
        noteHead(bytes)
        inputObserver?(bytes)
        let (accepted, refusal) = admitInput(bytes, isFinal: atEnd)
        let status = XML_ParseBuffer(parser, Int32(accepted.count), atEnd && refusal == nil ? 1 : 0)
        bytesFed += accepted.count
        if status == XML_STATUS_ERROR {
            recordError()
            return (.stopped, true)
        }
        if let refusal {
            record(refusal)
            return (.stopped, true)
        }
        notePartialToken()
        return (.accepted, atEnd)
    }

    /// Fills `buffer` from a file descriptor, short only at the end of the input.
    ///
    /// - Returns: The bytes read, or the system's reason reading failed.
    private static func read(_ fileDescriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> (Int, String?) {
        guard let base = buffer.baseAddress else { return (0, nil) }
        var count = 0
        while count < buffer.count {
            let got = systemRead(fileDescriptor, base + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                return (count, String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        return (count, nil)
    }
}

/// POSIX `read(2)` (Glibc's or Darwin's, through Foundation), under a name of its own:
/// inside `ExpatDriver`, `read` means the driver's own `read(_:into:)`.
private func systemRead(_ fileDescriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fileDescriptor, buffer, count)
}
