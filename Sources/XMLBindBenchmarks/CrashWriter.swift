import Foundation
import XMLBind
import XMLBindFoundation

/// A hidden mode for the crash tests and `scripts/crash-write.sh` (issue 33 item 4): writes
/// a large log document, so that a `SIGKILL` sent at a random moment lands mid-write.
///
/// - `crash-write FILE old|new COUNT`: `write(_:to:options:)` to FILE, the `old` or the
///   `new` variant of COUNT entries (the two differ in every entry), then prints `done`.
/// - `crash-stream COUNT`: the `new` variant to standard output with
///   `write(_:to: FileHandle, …)`; a closed pipe makes it print the error and exit 1.
///
/// The document is deterministic: the same variant and count always give the same bytes.
enum CrashWriter {
    struct Log: Bindable {
        var entries: [Entry] = []
        init() {}
    }
    struct Entry: Bindable {
        var index = 0
        var message = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Log.self, element: "log").children(\.entries),
        mapping(Entry.self, element: "entry").attribute(\.index).text(\.message))

    static func log(variant: String, count: Int) -> Log {
        var log = Log()
        log.entries = (0..<count).map { index in
            var entry = Entry()
            entry.index = index
            entry.message = "\(variant) message number \(index), written whole or not at all"
            return entry
        }
        return log
    }

    /// Runs a mode; returns the exit status.
    static func run(_ mode: String, _ arguments: [String]) -> Int32 {
        do {
            switch (mode, arguments.count) {
            case ("crash-write", 3):
                guard let count = Int(arguments[2]) else { break }
                try binder.write(log(variant: arguments[1], count: count), to: URL(fileURLWithPath: arguments[0]))
                print("done")
                return 0
            case ("crash-stream", 1):
                guard let count = Int(arguments[0]) else { break }
                try binder.write(log(variant: "new", count: count), to: FileHandle.standardOutput)
                return 0
            default:
                break
            }
            report("usage: XMLBindBenchmarks crash-write FILE old|new COUNT | crash-stream COUNT")
            return 2
        } catch {
            report("\(error)")
            return 1
        }
    }
}
