import Foundation
import XMLBind
import XMLBindFoundation

/// `xmlbind check [--format text|json|sarif] [--fix [--dry-run]] [--] FILE…`: reports every
/// file that is not well-formed XML, as text, JSON or SARIF, and applies fix-its on request.
enum CheckCommand {
    /// How diagnostics are printed.
    enum Format: String, CaseIterable {
        case text, json, sarif
    }

    /// The command line, read.
    struct Options {
        var format = Format.text
        var fixes = false
        var dryRun = false
        var paths: [String] = []
    }

    /// Parses each file with nothing registered (lenient mode skips every element), so
    /// only well-formedness is checked. `-` reads standard input; after `--`, every
    /// argument is a file.
    ///
    /// - Parameter arguments: The arguments after `check`.
    /// - Returns: 0 when every file is well-formed (after the fix-its, with `--fix`), 1
    ///   otherwise, 2 for a usage error.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let problem): return usageError(problem.message, command: "check")
        }
        let binder = XMLBinder(options: ParseOptions(mode: .lenient))
        var results: [CheckResult] = []
        for path in options.paths {
            let result = options.fixes ? fix(path, binder: binder, options: options) : check(path, binder: binder)
            if options.format == .text { printText(result, options: options) }
            results.append(result)
        }
        switch options.format {
        case .text: break
        case .json:
            let files = results.map { $0.json(fixing: options.fixes) }
            print(CheckResult.text(ofJSON: ["version": 1, "files": files]))
        case .sarif:
            print(CheckResult.text(ofJSON: CheckResult.sarif(results)))
        }
        return results.contains(where: \.failed) ? 1 : 0
    }

    struct UsageProblem: Error {
        var message: String
    }

    /// Reads the options and the files.
    static func parse(_ arguments: [String]) -> Result<Options, UsageProblem> {
        var options = Options()
        var operandsOnly = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if operandsOnly || argument == "-" || !argument.hasPrefix("-") {
                options.paths.append(argument)
            } else if argument == "--" {
                operandsOnly = true
            } else if argument == "--fix" {
                options.fixes = true
            } else if argument == "--dry-run" {
                options.dryRun = true
            } else if argument == "--format" || argument.hasPrefix("--format=") {
                let value: String
                if argument == "--format" {
                    guard index < arguments.count else {
                        return .failure(UsageProblem(message: "'--format' needs a value"))
                    }
                    value = arguments[index]
                    index += 1
                } else {
                    value = String(argument.dropFirst("--format=".count))
                }
                guard let format = Format(rawValue: value) else {
                    return .failure(UsageProblem(message: "unknown format '\(value)': use text, json or sarif"))
                }
                options.format = format
            } else {
                return .failure(UsageProblem(message: "unknown option '\(argument)' for 'check'"))
            }
        }
        guard !options.paths.isEmpty else { return .failure(UsageProblem(message: "'check' needs at least one FILE")) }
        if options.dryRun, !options.fixes {
            return .failure(UsageProblem(message: "'--dry-run' goes with '--fix'"))
        }
        if options.fixes, options.paths.contains("-") {
            return .failure(UsageProblem(message: "'--fix' needs files: standard input ('-') cannot be rewritten"))
        }
        return .success(options)
    }

    /// Checks one file as it is.
    static func check(_ path: String, binder: XMLBinder) -> CheckResult {
        var result = CheckResult(path: path == "-" ? "<stdin>" : path)
        do {
            if path == "-" {
                _ = try binder.parse(FileHandle.standardInput, as: Any?.self, file: "<stdin>")
            } else {
                _ = try binder.parse(contentsOf: URL(fileURLWithPath: path), as: Any?.self, file: path)
            }
        } catch let error as XMLBindError {
            result.diagnostics = error.diagnostics
            result.omittedCount = error.omittedCount
            // Regions of fix-its and of long lines are measured in the bytes (error path only).
            if path != "-" { result.document = FileManager.default.contents(atPath: path) }
        } catch {
            result.diagnostics = [
                Diagnostic(code: .io, message: "\(error)", origin: Origin(file: path, line: 0, column: 0))
            ]
        }
        return result
    }

    /// Applies one file's fix-its (or in a dry run, works them out and prints the diff).
    static func fix(_ path: String, binder: XMLBinder, options: Options) -> CheckResult {
        var result = CheckResult(path: path)
        let url = URL(fileURLWithPath: path)
        let report: FixItReport
        do {
            if options.dryRun {
                guard let original = FileManager.default.contents(atPath: path) else {
                    return check(path, binder: binder)
                }
                report = binder.applyingFixIts(to: original, file: path)
                let diff = UnifiedDiff(old: original, new: report.document).render(path: path)
                FileHandle.standardOutput.write(diff)
            } else {
                report = try binder.applyFixIts(toFileAt: url, file: path)
                result.written = !report.applied.isEmpty
            }
        } catch let error as XMLBindError {
            result.diagnostics = error.diagnostics
            return result
        } catch {
            result.diagnostics = [
                Diagnostic(code: .io, message: "\(error)", origin: Origin(file: path, line: 0, column: 0))
            ]
            return result
        }
        result.diagnostics = report.remaining
        result.omittedCount = report.omittedCount
        result.applied = report.applied
        result.roundsRanOut = report.roundsRanOut
        result.document = report.document
        return result
    }

    /// The text form, on standard error: what was fixed, then the diagnostics left.
    static func printText(_ result: CheckResult, options: Options) {
        var out = ""
        let verb = options.dryRun ? "would fix" : "fixed"
        for diagnostic in result.applied {
            let place = diagnostic.origin.map { "\($0)" } ?? result.path
            out += "\(place): \(verb): \(diagnostic.fixIts.first?.message ?? diagnostic.message)\n"
        }
        if result.roundsRanOut {
            out += "\(result.path): note: stopped applying fix-its after 100 rounds; run 'check --fix' again\n"
        }
        if !result.diagnostics.isEmpty {
            let error = XMLBindError(diagnostics: result.diagnostics, omittedCount: result.omittedCount)
            out += error.rendered(.forStandardError) + "\n"
        }
        FileHandle.standardError.write(out)
    }
}
