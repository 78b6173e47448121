#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XMLBinder {
    /// The objects of one type in a document read from an `AsyncSequence` of bytes, as an
    /// `AsyncSequence`.
    ///
    /// Nothing is read until the first object is asked for; see ``StreamedObjects`` for
    /// back-pressure, cancellation and errors.
    ///
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the warnings of each iteration, in document order, when it
    ///     ends (or throws an ``XMLBindError``).
    /// - Returns: A sequence of the objects, in document order of their end tags.
    public func objects<T, Bytes: AsyncSequence>(
        _ bytes: Bytes, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil
    ) -> StreamedObjects<T, Bytes> where Bytes.Element == UInt8 {
        StreamedObjects(binder: self, base: bytes, file: file, warnings: warnings) {
            AsyncBytesReader($0.makeAsyncIterator())
        }
    }

    /// The objects of one type in a document read from an `AsyncSequence` of byte chunks
    /// (`Data`, `[UInt8]`, ``FileChunks``, or any other `ContiguousBytes`), as an
    /// `AsyncSequence`.
    ///
    /// Nothing is read until the first object is asked for; see ``StreamedObjects`` for
    /// back-pressure, cancellation and errors.
    ///
    /// - Parameters:
    ///   - chunks: The document's bytes, in pieces of any size.
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the warnings of each iteration, in document order, when it
    ///     ends (or throws an ``XMLBindError``).
    /// - Returns: A sequence of the objects, in document order of their end tags.
    public func objects<T, Chunks: AsyncSequence>(
        _ chunks: Chunks, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil
    ) -> StreamedObjects<T, Chunks> where Chunks.Element: ContiguousBytes {
        StreamedObjects(binder: self, base: chunks, file: file, warnings: warnings) {
            AsyncChunksReader($0.makeAsyncIterator())
        }
    }
}
