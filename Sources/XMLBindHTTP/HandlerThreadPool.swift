import Foundation

/// Threads that run handlers, off libmicrohttpd's event loop: a handler may block (or wait
/// on a busy concurrency pool) without stalling the other connections.
///
/// A thread is started when a job arrives and none is free, up to `limit`; further jobs wait
/// in order. Threads stay for the next job and end once ``shutDown()`` was called and the
/// queue is empty.
///
/// `@unchecked Sendable`: every stored property is touched only under `condition`.
final class HandlerThreadPool: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var jobs: [@Sendable () -> Void] = []
    private var threads = 0
    private var idleThreads = 0
    private var isShutDown = false

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `job` on a free thread, or once one is free.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        jobs.append(job)
        condition.signal()
        // An idle thread takes each waiting job; start one more when they do not suffice.
        if jobs.count > idleThreads && threads < limit {
            threads += 1
            let thread = Thread { [self] in work() }
            thread.name = "XMLBindHTTP handler"
            thread.start()
        }
    }

    /// Lets the threads end once the queued jobs have run.
    func shutDown() {
        condition.lock()
        isShutDown = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            if let job = jobs.first {
                jobs.removeFirst()
                condition.unlock()
                job()
                condition.lock()
            } else if isShutDown {
                threads -= 1
                condition.unlock()
                return
            } else {
                idleThreads += 1
                condition.wait()
                idleThreads -= 1
            }
        }
    }
}
