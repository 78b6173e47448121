import Foundation
import XMLBind

/// The bytes a message was read from, its values, and the byte offset of every `<value>`
/// start tag in document order: what a node needs to find its own value's origin when an
/// error (or a caller) asks for it.
final class XMLRPCDocument: Sendable {
    let data: Data
    let file: String?
    /// The message's top-level values: the parameters, or a fault's one value.
    let roots: [XMLRPCValue]
    /// The start tag of each `<value>`, in document order: a value, then its members'
    /// or elements' values, then the next value.
    let offsets: [Int]

    init(data: Data, file: String?, roots: [XMLRPCValue], offsets: [Int]) {
        self.data = data
        self.file = file
        self.roots = roots
        self.offsets = offsets
    }

    /// The start-tag offset of the value `step` (after `parent`, from ``roots`` down) leads
    /// to, or nil when it leads to nothing.
    func byteOffset(of step: NodeTrail.Step, after parent: NodeTrail?) -> Int? {
        guard let index = locate(step, after: parent)?.index, offsets.indices.contains(index) else { return nil }
        return offsets[index]
    }

    /// The value `step` leads to and its place in ``offsets``. Counted when asked for: the
    /// values before it in document order are the earlier roots and siblings, each with all
    /// it holds, and the values above it.
    private func locate(_ step: NodeTrail.Step, after parent: NodeTrail?) -> (index: Int, value: XMLRPCValue)? {
        var (siblings, index) = (roots, 0)
        if let parent {
            guard let above = locate(parent.step, after: parent.parent) else { return nil }
            (siblings, index) = (Self.children(of: above.value), above.index + 1)
        }
        guard siblings.indices.contains(step.position) else { return nil }
        return (index + siblings[..<step.position].reduce(0) { $0 + Self.size(of: $1) }, siblings[step.position])
    }

    /// The values directly inside a value: an array's elements, a struct's members' values.
    private static func children(of value: XMLRPCValue) -> [XMLRPCValue] {
        switch value {
        case .array(let values): values
        case .struct(let members): members.map(\.value)
        default: []
        }
    }

    /// How many `<value>`s a value was read from: itself and all it holds.
    private static func size(of value: XMLRPCValue) -> Int {
        children(of: value).reduce(1) { $0 + size(of: $1) }
    }

    /// The origin of a byte offset the binder handed a `<value>`.
    func origin(atByteOffset offset: Int) -> Origin? {
        XMLRPCReader.binder.origin(ofByteOffset: offset, in: data, file: file)
    }

    /// An ``XMLRPCError/Code/unexpectedResponse`` error at a byte offset, rendered with its
    /// source line as the binder renders its own; unlocated when the offset is unknown.
    func error(_ message: String, atByteOffset offset: Int?) -> XMLRPCError {
        guard let offset, offset >= 0 else { return XMLRPCError(code: .unexpectedResponse, message: message) }
        let located = XMLRPCReader.binder.diagnostic(message, atByteOffset: offset, in: data, file: file)
        return XMLRPCError(code: .unexpectedResponse, message: message, origin: located.origin, diagnostics: [located])
    }
}
