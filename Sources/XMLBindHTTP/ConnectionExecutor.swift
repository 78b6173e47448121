import Foundation
import Synchronization

/// Runs a handler's jobs on the handler thread that waits for it anyway.
///
/// Without it a handler would need a thread of Swift's concurrency pool (as many threads as
/// cores), and a process whose pool is busy (blocking work elsewhere) would leave requests
/// unanswered until their clients time out. With it, each request is served by the
/// ``HandlerThreadPool`` thread it was given: `run()` executes the jobs the handler's task
/// enqueues (its start and every resumption after an `await`) until `finish()` is called.
///
final class ConnectionExecutor: TaskExecutor, Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var isFinished = false
    }

    private let state = ConditionLock(State())

    /// Runs `operation` as a task whose executor is the calling thread, and returns its result
    /// once it is done.
    static func respond(_ operation: @escaping @Sendable () async -> HTTPResponse) -> HTTPResponse {
        let handoff = ResponseHandoff()
        let executor = ConnectionExecutor()
        Task(executorPreference: executor) {
            let answer = await operation()
            handoff.response.withLock { $0 = answer }
            executor.finish()
        }
        executor.run()
        return handoff.response.withLock { $0 }
    }

    /// Carries the response out of its task.
    private final class ResponseHandoff: Sendable {
        let response = Mutex(HTTPResponse(status: 500))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock(waking: .one) { $0.jobs.append(job) }
    }

    /// Ends ``run()`` once the jobs enqueued so far have run.
    func finish() {
        state.withLock(waking: .one) { $0.isFinished = true }
    }

    /// Runs jobs on the calling thread until ``finish()``.
    func run() {
        while true {
            let next = state.withLock(waitingWhile: { $0.jobs.isEmpty && !$0.isFinished }) { state in
                state.jobs.isEmpty ? nil : state.jobs.removeFirst()
            }
            guard let next else { return }
            next.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
