import Foundation
import XMLBind

// The fuzz target. Built by `scripts/fuzz.sh` with `-sanitize=fuzzer,address` and
// `-D XMLBIND_FUZZING`, it hands control to libFuzzer. Built normally, it replays the
// inputs named on the command line (crash reproducers, say) and prints what each gave.

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
            FuzzModel.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
            return 0
        })
#else
    for path in CommandLine.arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): cannot read")
            continue
        }
        FuzzModel.run(data)
        print("\(path): ok")
    }
#endif
