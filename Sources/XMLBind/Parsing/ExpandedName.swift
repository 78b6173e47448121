/// An element or attribute name as expat reports it with namespace triplets on:
/// `uri SEP local SEP prefix`, `uri SEP local` (default namespace) or `local`.
///
/// Views into expat's own buffer: valid only during the callback that delivered them.
struct ExpandedName {
    /// The namespace URI, or `nil` for a name in no namespace.
    let uri: UnsafeBufferPointer<UInt8>?
    let local: UnsafeBufferPointer<UInt8>
    /// The prefix as written, or `nil` when unprefixed.
    let prefix: UnsafeBufferPointer<UInt8>?
    /// `uri SEP local`, or `local`: the key of the registry's exact table.
    let key: UnsafeBufferPointer<UInt8>

    @inline(__always)
    init(_ name: UnsafePointer<CChar>) {
        let bytes = UnsafeRawPointer(name).assumingMemoryBound(to: UInt8.self)
        var first = -1
        var second = -1
        var index = 0
        while bytes[index] != 0 {
            if bytes[index] == CompiledRegistry.separator {
                if first < 0 { first = index } else { second = index }
            }
            index += 1
        }
        let end = index
        if first < 0 {
            uri = nil
            local = UnsafeBufferPointer(start: bytes, count: end)
            prefix = nil
            key = local
        } else {
            uri = UnsafeBufferPointer(start: bytes, count: first)
            let localEnd = second < 0 ? end : second
            local = UnsafeBufferPointer(start: bytes + first + 1, count: localEnd - first - 1)
            prefix = second < 0 ? nil : UnsafeBufferPointer(start: bytes + second + 1, count: end - second - 1)
            key = UnsafeBufferPointer(start: bytes, count: localEnd)
        }
    }

    /// The name as written in the document: `prefix:local` or `local`.
    var qualifiedName: String {
        let localText = String(decoding: local, as: UTF8.self)
        guard let prefix else { return localText }
        return String(decoding: prefix, as: UTF8.self) + ":" + localText
    }
}
