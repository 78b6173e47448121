import Foundation

/// Runs a handler's jobs on the handler thread that waits for it anyway.
///
/// Without it a handler would need a thread of Swift's concurrency pool (as many threads as
/// cores), and a process whose pool is busy (blocking work elsewhere) would leave requests
/// unanswered until their clients time out. With it, each request is served by the
/// ``HandlerThreadPool`` thread it was given: `run()` executes the jobs the handler's task
/// enqueues (its start and every resumption after an `await`) until `finish()` is called.
///
/// `@unchecked Sendable`: `jobs` and `isFinished` are only touched under `condition`.
final class ConnectionExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isFinished = false

    /// Runs `operation` as a task whose executor is the calling thread, and returns its result
    /// once it is done.
    static func respond(_ operation: @escaping @Sendable () async -> HTTPResponse) -> HTTPResponse {
        let handoff = ResponseHandoff()
        let executor = ConnectionExecutor()
        Task(executorPreference: executor) {
            handoff.response = await operation()
            executor.finish()
        }
        executor.run()
        return handoff.response
    }

    /// Carries the response out of its task. `@unchecked Sendable`: `response` is written by
    /// a job the calling thread runs, and read by that thread after `run()` returns.
    private final class ResponseHandoff: @unchecked Sendable {
        var response = HTTPResponse(status: 500)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Ends ``run()`` once the jobs enqueued so far have run.
    func finish() {
        condition.lock()
        isFinished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs on the calling thread until ``finish()``.
    func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isFinished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
