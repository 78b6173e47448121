#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants:
// - `start(_:)` hands the body to the new thread as one retained reference (`Unmanaged`,
//   pthread_create's argument); the thread takes it back, balancing the retain, before it
//   runs the body. When no thread is made, `start(_:)` takes it back itself and the body
//   never runs. No other copy of the pointer exists.
// - The thread is detached: it frees what it holds when the body returns. Callers wait for
//   the body's work through their own condition (`PieceBoard.waitForWorkers()`).

/// A thread of its own for a worker of a parallel parse, without Dispatch.
///
/// The workers of a parallel parse block on `PieceBoard`'s condition, so each needs a
/// thread of its own, as a concurrent `DispatchQueue` gives. Starting them with pthreads
/// spares every program that uses `XMLBind` the Swift layer of Dispatch
/// (`libswiftDispatch.so`), which it loaded at start-up even when it never binds in
/// parallel (184 KiB resident; issue 35).
enum WorkerThread {
    /// The body, as the new thread receives it.
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }

        /// Runs the body handed over as `argument` on the new thread, taking back the
        /// reference `start(_:)` retained for it.
        static func run(_ argument: UnsafeMutableRawPointer?) {
            guard let argument else { return }
            Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
        }
    }

    /// Starts `body` on a new detached thread; `false` when the system made none (the
    /// body is then not run).
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        // `pthread_t` is an integer in Glibc and a pointer in Darwin and Musl, so only the
        // handle's declaration and the detach differ.
        #if canImport(Darwin) || canImport(Musl)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        // Darwin declares the start routine's argument non-optional, Glibc and Musl optional:
        // `Work.run` takes an optional, which either converts to.
        let result = pthread_create(
            &thread, nil,
            { argument in
                Work.run(argument)
                return nil
            }, work)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        #if canImport(Darwin) || canImport(Musl)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
        return true
    }
}
