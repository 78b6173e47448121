import Foundation
import XMLBind

/// `xmlbind check [--] FILE…`: reports every file that is not well-formed XML.
enum CheckCommand {
    /// Parses each file with nothing registered (lenient mode skips every element), so
    /// only well-formedness is checked. `-` reads standard input; after `--`, every
    /// argument is a file.
    ///
    /// - Parameter arguments: The arguments after `check`.
    /// - Returns: 0 when every file is well-formed, 1 otherwise, 2 for a usage error.
    static func run(_ arguments: [String]) -> Int32 {
        var paths: [String] = []
        var operandsOnly = false
        for argument in arguments {
            if operandsOnly || argument == "-" || !argument.hasPrefix("-") {
                paths.append(argument)
            } else if argument == "--" {
                operandsOnly = true
            } else {
                return usageError("unknown option '\(argument)' for 'check'", command: "check")
            }
        }
        guard !paths.isEmpty else { return usageError("'check' needs at least one FILE", command: "check") }
        let binder = XMLBinder(options: ParseOptions(mode: .lenient))
        var failures = 0
        for path in paths {
            do {
                if path == "-" {
                    _ = try binder.parse(FileHandle.standardInput, as: Any?.self, file: "<stdin>")
                } else {
                    _ = try binder.parse(contentsOf: URL(fileURLWithPath: path), as: Any?.self, file: path)
                }
            } catch let error as XMLBindError {
                failures += 1
                FileHandle.standardError.write(error.rendered(.forStandardError) + "\n")
            } catch {
                failures += 1
                FileHandle.standardError.write("\(path): error: \(error)\n")
            }
        }
        return failures == 0 ? 0 : 1
    }
}
