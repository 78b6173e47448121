import Foundation

/// What the process's terminal can show.
enum TerminalInfo {
    static var standardErrorIsColorTerminal: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDERR_FILENO) != 0
    }
}
