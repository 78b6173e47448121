#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The objects of one type in a document read from an `AsyncSequence`, as an
/// `AsyncSequence` themselves.
///
/// Made by ``XMLBinder/objects(_:as:file:warnings:)-(Bytes,_,_,_)`` and
/// ``XMLBinder/objects(_:as:file:warnings:)-(Chunks,_,_,_)``.
/// Which objects are streamed, and when errors are thrown, follow the same rules as the
/// closure forms (see the Streaming article).
///
/// ```swift
/// for try await item in binder.objects(body, as: Item.self) {
///     try await store(item)
/// }
/// ```
///
/// - **Back-pressure:** the sequence is pulled. Nothing is read from the input until the
///   consumer asks for the next object, and then only as much as it takes to complete one
///   (one chunk, or a 64 KiB slice of a larger one; 16 KiB for a byte sequence). Objects
///   completed by that piece wait in a queue for the following calls.
/// - **Cancellation:** every call to `next()` checks for cancellation first, and again
///   after waiting for input, and then throws `CancellationError`; the input's own
///   sequence may react to cancellation sooner. Leaving the loop early (`break`) simply
///   stops reading.
/// - **Errors:** when the input has ended, an ``XMLBindError`` with every problem found is
///   thrown in place of the end of the sequence; errors of the input sequence are thrown
///   as they happen. After throwing, the iterator only returns `nil`.
/// - **Warnings:** a document without errors may still have warnings (lenient mode, or a
///   `.warn` policy). Give a ``WarningLog`` to keep them: it receives an iteration's
///   warnings once `next()` has returned `nil`, or thrown an ``XMLBindError``:
///
///   ```swift
///   let log = WarningLog()
///   for try await item in binder.objects(body, as: Item.self, warnings: log) { try await store(item) }
///   print(log.warnings)
///   ```
///
/// Each iteration is one parse. The iterator is meant to be used from one task (it is
/// not `Sendable`); the sequence is `Sendable` when its input is.
public struct StreamedObjects<Element, Base: AsyncSequence>: AsyncSequence {
    let binder: XMLBinder
    let base: Base
    let file: String?
    let warnings: WarningLog?
    /// Makes the reader for bytes or for chunks. It captures no state (only the generic
    /// types, whose metatypes Swift 6 cannot prove `Sendable` here), so sharing it across
    /// tasks is safe.
    nonisolated(unsafe) let makeReader: (Base) -> any AsyncChunkReader

    /// Starts a parse of the input.
    ///
    /// - Returns: An iterator that reads the input as objects are asked for.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(binder: binder, file: file, warnings: warnings, reader: makeReader(base))
    }

    /// Reads the input as objects are asked for, and hands them out one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let binder: XMLBinder
        let file: String?
        let warnings: WarningLog?
        var reader: any AsyncChunkReader
        var session: StreamSession<Element>?
        var isDone = false

        /// The next object, parsing more input if none is waiting.
        ///
        /// - Returns: The next object, or `nil` at the end of a document without errors.
        /// - Throws: ``XMLBindError`` at the end of a document with errors, what the input
        ///   sequence throws, or `CancellationError`.
        public mutating func next() async throws -> Element? {
            try await next(isolation: nil)
        }

        /// The next object, parsing more input on the caller's actor if none is waiting.
        ///
        /// - Parameter actor: The caller's actor, on which the input sequence is iterated.
        /// - Returns: The next object, or `nil` at the end of a document without errors.
        /// - Throws: ``XMLBindError`` at the end of a document with errors, what the input
        ///   sequence throws, or `CancellationError`.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            guard !isDone else { return nil }
            do {
                let session =
                    try self.session ?? StreamSession(binder: binder, file: file, source: nil, forceUTF8: false)
                self.session = session
                while true {
                    try Task.checkCancellation()
                    if let object = session.nextObject() { return object }
                    if session.isFinished {
                        isDone = true
                        self.session = nil
                        do {
                            let found = try session.outcome()
                            warnings?.add(found)
                        } catch {
                            warnings?.add(error.diagnostics)
                            throw error
                        }
                        return nil
                    }
                    let more = try await reader.read(isolation: actor) { session.feed($0) }
                    if !more { session.endInput() }
                }
            } catch {
                isDone = true
                session = nil
                throw error
            }
        }
    }
}

extension StreamedObjects: Sendable where Base: Sendable {}
