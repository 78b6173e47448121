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

// Invariants (the expat room, see Engine/UncheckedLayer.swift): every view points into the
// name expat handed to the current callback (NUL-terminated, `uri SEP local SEP prefix`),
// within its bytes, and is valid only until that callback returns; none is stored.

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
        let end = strlen(name)
        // memchr scans a long namespace URI many bytes at a time.
        let separator = Int32(CompiledRegistry.separator)
        guard let firstRaw = memchr(bytes, separator, end) else {
            uri = nil
            local = UnsafeBufferPointer(start: bytes, count: end)
            prefix = nil
            key = local
            return
        }
        let first = UnsafeRawPointer(firstRaw).assumingMemoryBound(to: UInt8.self) - bytes
        let afterFirst = bytes + first + 1
        let second = memchr(afterFirst, separator, end - first - 1).map {
            UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - bytes
        }
        uri = UnsafeBufferPointer(start: bytes, count: first)
        let localEnd = second ?? end
        local = UnsafeBufferPointer(start: afterFirst, count: localEnd - first - 1)
        prefix = second.map { UnsafeBufferPointer(start: bytes + $0 + 1, count: end - $0 - 1) }
        key = UnsafeBufferPointer(start: bytes, count: localEnd)
    }

    /// The name as written in the document: `prefix:local` or `local`.
    var qualifiedName: String {
        let localText = String(decoding: local, as: UTF8.self)
        guard let prefix else { return localText }
        return String(decoding: prefix, as: UTF8.self) + ":" + localText
    }

    /// The name expat lent for the event in hand (see the C string initializer).
    @inline(__always)
    init(_ name: ExpatName) { self.init(name.cString) }

    /// A start tag's attributes as expat hands them over (name, value, name, value, …,
    /// `NULL`), as Swift values: for an unknown element's callback, nothing else.
    static func attributes(_ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> [XMLAttribute] {
        var result: [XMLAttribute] = []
        var cursor = 0
        while let attributes, let rawName = attributes[cursor], let rawValue = attributes[cursor + 1] {
            cursor += 2
            let name = ExpandedName(rawName)
            result.append(
                XMLAttribute(
                    name: name.qualifiedName, namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                    value: String(cString: rawValue)))
        }
        return result
    }
}
