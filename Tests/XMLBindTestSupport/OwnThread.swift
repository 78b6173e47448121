import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (a child process waited for, a socket read, a sleep) on a thread of its
/// own and answers through a continuation.
///
/// Swift's cooperative pool has only as many threads as there are cores: a test that blocks
/// one of them while it waits for a child process starves every other test's tasks, among
/// them the handlers of a server under test (an HTTP stop test was seen to start 60 s late on
/// two cores). Expectations belong after the `await`, in the test's own task: the thread has
/// no test context to record them in.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Ends a child process with `signal` without waiting for it on the caller's thread: a thread
/// of its own reaps it, and escalates to `SIGKILL` when it is still running after two seconds
/// (a child of the test process may inherit `SIGTERM` blocked).
public func endChildProcess(_ process: Process, with signal: Int32 = SIGTERM) {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    kill(pid, signal)
    Thread {
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }.start()
}
