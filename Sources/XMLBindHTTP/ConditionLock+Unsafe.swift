import Foundation

// Invariants:
// - `state` is read and written only inside the closures of `withLock(…)`, each of which runs
//   while this class holds `condition`'s lock; waiting releases the lock only between those
//   closures (in `NSCondition.wait`), never while a closure has `state` in hand. So every
//   access to `state` is serialised by the lock, whatever thread makes it.
// - `State` is `Sendable`, so what a closure copies out of `state` may go to any thread.
// - No reference to `state` escapes: the closures are not escaping and get it `inout`.
// That makes the class `Sendable`, a promise the compiler cannot check for an `NSCondition`
// (`Mutex`, which it can check, has no waiting). The HTTP layer's threads that wait (the
// handler pool, the deadline watcher, the executor a handler runs on, the ledger `stop()`
// drains) share their state through it and are `Sendable` without `@unchecked`.

/// A value guarded by a lock with a condition to wait on: `Mutex` with waiting.
final class ConditionLock<State: Sendable>: @unchecked Sendable {
    /// Whom a change wakes: nobody, one waiting thread, or all of them.
    enum Wake {
        case none
        case one
        case all
    }

    private let condition = NSCondition()
    private var state: State

    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` on the state under the lock, then wakes `wake`.
    func withLock<R>(waking wake: Wake = .none, _ body: (inout State) throws -> R) rethrows -> R {
        condition.lock()
        defer {
            switch wake {
            case .none: break
            case .one: condition.signal()
            case .all: condition.broadcast()
            }
            condition.unlock()
        }
        return try body(&state)
    }

    /// Waits, with the lock released, while `mustWait` holds for the state and `deadline` (if
    /// any) has not passed; then runs `body` under the lock and wakes `wake`.
    func withLock<R>(
        waitingWhile mustWait: (State) -> Bool, until deadline: ContinuousClock.Instant? = nil,
        waking wake: Wake = .none,
        _ body: (inout State) throws -> R
    ) rethrows -> R {
        condition.lock()
        defer {
            switch wake {
            case .none: break
            case .one: condition.signal()
            case .all: condition.broadcast()
            }
            condition.unlock()
        }
        while mustWait(state) {
            guard let deadline else {
                condition.wait()
                continue
            }
            let left = deadline - .now
            guard left > .zero else { break }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return try body(&state)
    }
}
