import Foundation
import Synchronization
import XMLBind

// The fuzz targets (see `FuzzTarget`; `XMLBIND_FUZZ_TARGET` chooses one). Built by `scripts/fuzz.sh` with `-sanitize=fuzzer,address` and
// `-D XMLBIND_FUZZING`, it hands control to libFuzzer, and a failed check of
// `FuzzHarness` aborts, so libFuzzer keeps the input as a crash. Built normally, it
// replays the inputs named on the command line (crash reproducers, the regression seeds),
// each on a 512 KiB thread as the hostile tests run, prints what each gave and exits 1
// when a check failed.

if FuzzTarget.fromEnvironment() == nil {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("XMLBIND_FUZZ_TARGET is one of: \(names)\n".utf8))
    exit(2)
}

#if XMLBIND_FUZZING
    // libFuzzer's own `main` is not linked in, because this file defines `main`;
    // `LLVMFuzzerRunDriver` runs the same driver. Its pointer and integer arguments are
    // passed the same way by the C and Swift conventions.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    var argc = CommandLine.argc
    var argv = Optional(CommandLine.unsafeArgv)
    exit(
        runFuzzerDriver(&argc, &argv) { bytes, count in
            let problems = FuzzTarget.selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            if !problems.isEmpty {
                FileHandle.standardError.write(Data((problems.joined(separator: "\n") + "\n").utf8))
                abort()
            }
            return 0
        })
#else
    /// One replay at a time, handed to the small-stack thread through a global rather than
    /// captured by its closure: the closure may outlive the wait, until the thread has wound
    /// down, and the last one's input must not then look leaked to LeakSanitizer.
    final class Replay: Sendable {
        let input = Mutex(Data())
        let problems = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
    }
    let replay = Replay()

    /// Runs the harness on a thread with a 512 KiB stack and waits for it.
    func runOnSmallStack(_ data: Data) -> [String] {
        replay.input.withLock { $0 = data }
        let thread = Thread {
            let problems = FuzzTarget.selected.run(replay.input.withLock { $0 })
            replay.problems.withLock { $0 = problems }
            replay.done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        replay.done.wait()
        replay.input.withLock { $0 = Data() }
        return replay.problems.withLock { $0 }
    }

    var failed = false
    for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): cannot read")
            failed = true
            continue
        }
        let problems = runOnSmallStack(data)
        print(problems.isEmpty ? "\(path): ok" : "\(path): FAILED\n" + problems.joined(separator: "\n"))
        failed = failed || !problems.isEmpty
    }
    exit(failed ? 1 : 0)
#endif
