import Foundation
import XMLBind

/// `xmlbind check FILE…`: reports every file that is not well-formed XML.
enum CheckCommand {
    /// Parses each file with nothing registered (lenient mode skips every element), so
    /// only well-formedness is checked. `-` reads standard input.
    ///
    /// - Returns: 0 when every file is well-formed, 1 otherwise.
    static func run(_ paths: [String]) -> Int32 {
        let binder = XMLBinder(mode: .lenient)
        var failures = 0
        for path in paths {
            do {
                if path == "-" {
                    let data = FileHandle.standardInput.readDataToEndOfFile()
                    _ = try binder.parse(data, file: "<stdin>")
                } else {
                    _ = try binder.parse(contentsOf: URL(fileURLWithPath: path))
                }
            } catch {
                failures += 1
                FileHandle.standardError.write(error.rendered(.forStandardError) + "\n")
            }
        }
        return failures == 0 ? 0 : 1
    }
}
