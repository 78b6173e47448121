#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes bytes to a file descriptor with `write(2)`, all of them or a clear error.
///
/// A pipe or socket whose reader has gone away answers `EPIPE`, and the kernel also sends
/// the writing thread `SIGPIPE`, whose default action ends the process. A library must
/// not end its caller's process, nor change the process's signal dispositions, so the
/// signal is blocked on the writing thread for the length of the call, and one it raised
/// is taken off the thread's pending set before it is unblocked (on Apple platforms,
/// `F_SETNOSIGPIPE` on the descriptor does the same). The write then fails with `EPIPE`.
struct DescriptorOutput {
    /// A failed `write(2)`: its `errno`.
    struct Failure: Error {
        let code: Int32

        /// `strerror`'s text, with what it means for the document when that is not plain.
        var reason: String {
            let text = String(cString: strerror(code))
            switch code {
            case ENOSPC: return "\(text) (the disk is full)"
            case EDQUOT: return "\(text) (the disk quota is used up)"
            case EPIPE: return "\(text) (the reader has closed its end)"
            default: return text
            }
        }
    }

    let descriptor: Int32

    /// Writes every byte of `bytes`, retrying after a signal and after a short write.
    func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        let code = Self.withoutSIGPIPE(descriptor) {
            var done = 0
            while done < bytes.count {
                let count = systemWrite(descriptor, start + done, bytes.count - done)
                if count > 0 {
                    done += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    // `write` returns 0 for a non-empty buffer only on odd devices: call it no space.
                    return count == 0 ? ENOSPC : errno
                }
            }
            return 0
        }
        guard code == 0 else { throw Failure(code: code) }
    }

    /// Runs `body` (which returns 0 or an `errno`) with `SIGPIPE` kept from the process.
    private static func withoutSIGPIPE(_ descriptor: Int32, _ body: () -> Int32) -> Int32 {
        #if canImport(Darwin)
            _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
            return body()
        #else
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            // Already pending on entry: someone else's, left alone.
            var pending = sigset_t()
            sigpending(&pending)
            let wasPending = sigismember(&pending, SIGPIPE) == 1
            var previous = sigset_t()
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            let code = body()
            if code == EPIPE && !wasPending {
                // The signal this write raised: taken, so that unblocking does not deliver it.
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &none) < 0 && errno == EINTR {}
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            return code
        #endif
    }
}
