import Foundation
import XMLBind

/// The bytes a node was read from, kept so that a later error about a value can show its
/// source line like the binder's own diagnostics do.
final class XMLRPCDocument: Sendable {
    let data: Data
    let file: String?

    init(data: Data, file: String?) {
        self.data = data
        self.file = file
    }

    /// The text of line `number` (1-based), without its line break.
    func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = data.startIndex
        var index = data.startIndex
        while index < data.endIndex {
            if data[index] == 0x0A {
                if current == number { break }
                current += 1
                start = data.index(after: index)
            }
            index = data.index(after: index)
        }
        guard current == number else { return nil }
        var line = data[start..<index]
        if line.last == 0x0D { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }

    /// The origin of a byte offset the binder handed a wire object (-1: none).
    func origin(atByteOffset offset: Int) -> Origin? {
        guard offset >= 0 else { return nil }
        return XMLRPCWire.binder.origin(ofByteOffset: offset, in: data, file: file)
    }

    /// An error at a byte offset the binder handed a wire object, rendered with its source
    /// line as the binder renders its own.
    func error(_ message: String, atByteOffset offset: Int) -> XMLRPCError {
        guard offset >= 0 else { return error(message, at: nil) }
        let located = XMLRPCWire.binder.diagnostic(message, atByteOffset: offset, in: data, file: file)
        return XMLRPCError(code: .unexpectedResponse, message: message, origin: located.origin, diagnostics: [located])
    }

    /// An error at `origin`, rendered with its source line.
    func error(_ message: String, at origin: Origin?) -> XMLRPCError {
        let located = Diagnostic(
            code: .validationFailed, message: message, origin: origin, sourceLine: origin.flatMap { line($0.line) })
        return XMLRPCError(code: .unexpectedResponse, message: message, origin: origin, diagnostics: [located])
    }
}
