import Foundation

/// Runs `body` on a new thread with a stack of `size` bytes and waits for it: code that
/// recursed with the input's depth would overflow it and crash the test run.
public func onStack<T: Sendable>(of size: Int, _ body: @escaping @Sendable () -> T) -> T {
    let result = StackResult<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        result.value = body()
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    guard let value = result.value else { preconditionFailure("the thread produced nothing") }
    return value
}

/// The body's result. `@unchecked Sendable`: written by the thread before the semaphore is
/// signalled, read after the wait.
private final class StackResult<T>: @unchecked Sendable {
    var value: T?
}
