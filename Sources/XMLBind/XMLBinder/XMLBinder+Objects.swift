import Foundation

extension XMLBinder {
    /// The objects of one type in a document read from an `AsyncSequence` of bytes, as an
    /// `AsyncSequence`.
    ///
    /// Nothing is read until the first object is asked for; see ``StreamedObjects`` for
    /// back-pressure, cancellation and errors.
    ///
    /// - Parameters:
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - bytes: The document's bytes.
    ///   - file: A name for origins and diagnostics.
    /// - Returns: A sequence of the objects, in document order of their end tags.
    public func objects<T, Bytes: AsyncSequence>(of type: T.Type, bytes: Bytes, file: String? = nil)
        -> StreamedObjects<T, Bytes> where Bytes.Element == UInt8
    {
        StreamedObjects(binder: self, base: bytes, file: file) { AsyncBytesReader($0.makeAsyncIterator()) }
    }

    /// The objects of one type in a document read from an `AsyncSequence` of byte chunks
    /// (`Data`, `[UInt8]`, or any other `ContiguousBytes`), as an `AsyncSequence`.
    ///
    /// Nothing is read until the first object is asked for; see ``StreamedObjects`` for
    /// back-pressure, cancellation and errors.
    ///
    /// - Parameters:
    ///   - type: The type to stream: the outermost elements whose objects are a `type`.
    ///   - chunks: The document's bytes, in pieces of any size.
    ///   - file: A name for origins and diagnostics.
    /// - Returns: A sequence of the objects, in document order of their end tags.
    public func objects<T, Chunks: AsyncSequence>(of type: T.Type, chunks: Chunks, file: String? = nil)
        -> StreamedObjects<T, Chunks> where Chunks.Element: ContiguousBytes
    {
        StreamedObjects(binder: self, base: chunks, file: file) { AsyncChunksReader($0.makeAsyncIterator()) }
    }
}
