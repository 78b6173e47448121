import Foundation

/// Threads that run handlers, off libmicrohttpd's event loop: a handler may block (or wait
/// on a busy concurrency pool) without stalling the other connections.
///
/// A thread is started when a job arrives and none is free, up to `limit`; further jobs wait
/// in order. Threads stay for the next job and end once ``shutDown()`` was called and the
/// queue is empty.
final class HandlerThreadPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        /// Threads started and not ended.
        var threads = 0
        /// Threads running a job; the others take the next waiting job.
        var busy = 0
        var isShutDown = false
    }

    private let state = ConditionLock(State())
    private let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `job` on a free thread, or once one is free.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let startsThread = state.withLock(waking: .one) { state in
            state.jobs.append(job)
            // A free thread takes each waiting job; start one more when they do not suffice.
            guard state.jobs.count > state.threads - state.busy && state.threads < limit else { return false }
            state.threads += 1
            return true
        }
        if startsThread {
            let thread = Thread { [self] in work() }
            thread.name = "XMLBindHTTP handler"
            thread.start()
        }
    }

    /// Lets the threads end once the queued jobs have run.
    func shutDown() {
        state.withLock(waking: .all) { $0.isShutDown = true }
    }

    private func work() {
        while true {
            let job = state.withLock(waitingWhile: { $0.jobs.isEmpty && !$0.isShutDown }) { state in
                guard !state.jobs.isEmpty else {
                    state.threads -= 1
                    return nil as (@Sendable () -> Void)?
                }
                state.busy += 1
                return state.jobs.removeFirst()
            }
            guard let job else { return }
            job()
            state.withLock { $0.busy -= 1 }
        }
    }
}
