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

/// What the process's terminal can show.
enum TerminalInfo {
    /// Whether the file descriptor is a terminal that should get colors: not when
    /// `NO_COLOR` is set to anything (no-color.org) or `TERM` is `dumb`.
    static func isColorTerminal(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(descriptor) != 0
    }
}
