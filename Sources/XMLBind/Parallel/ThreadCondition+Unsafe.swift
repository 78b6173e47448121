#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants:
// - The pthread mutex and condition live in memory this class allocates in `init` and
//   frees in `deinit`, so their addresses never change while they are in use (pthread
//   objects must not move) and no pointer to them leaves the class.
// - Every call is on an initialized mutex and condition; `wait()` and `broadcast()` are
//   called only between `lock()` and `unlock()`, as `PieceBoard` does.
// - The class is `Sendable` because pthread mutexes and conditions are made to be shared
//   between threads; it holds no other state.

/// A lock with a condition to wait on, as `NSCondition` is, without Foundation: the core
/// library runs on FoundationEssentials, and `Mutex` (Synchronization) has no waiting.
final class ThreadCondition: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() {
        pthread_mutex_lock(mutex)
    }

    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Releases the lock until another thread broadcasts (or spuriously), then takes it again.
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Wakes every waiting thread.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
