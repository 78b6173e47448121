import Foundation

// Views (see Unchecked/Unchecked.swift): `rawName` and `rawAttributes` are expat's, lent to the
// engine for the callback that delivers the tag and passed on to the reader only for the
// duration of one reader call; nothing here stores or writes through them.

/// An element's start or end tag, as an ``ElementReader`` receives it.
///
/// Valid only during the reader call it is passed to: its name, namespace and attributes are
/// views of the parser's buffers, made into `String`s only when asked for.
public struct ReaderElement {
    /// How deep the element is inside the mapped element: 0 for the mapped element itself,
    /// 1 for its children, and so on.
    public let depth: Int
    /// The byte offset of the element's start tag (its `<`) in the document, also in
    /// ``ElementReader/end(_:text:)``: the offsets ``ByteOffsetAware`` values get, so
    /// ``XMLBinder/origin(ofByteOffset:in:file:)-(_,Data,_)`` turns one into a line and column.
    public let byteOffset: Int
    /// expat's name: `uri SEP local SEP prefix`, `uri SEP local` or `local`.
    let rawName: UnsafePointer<UInt8>
    /// expat's attributes (name, value, …, nil) in a start tag; `nil` in an end tag.
    let rawAttributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?

    init(
        depth: Int, byteOffset: Int, rawName: UnsafePointer<CChar>,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) {
        self.depth = depth
        self.byteOffset = byteOffset
        self.rawName = UnsafeRawPointer(rawName).assumingMemoryBound(to: UInt8.self)
        self.rawAttributes = attributes
    }

    /// The element's local name (`value` for `<rpc:value>`).
    public var name: ReaderName {
        // Names are short: a loop finds the separators sooner than `strlen` and `memchr` calls.
        let separator = CompiledRegistry.separator
        var index = 0
        while rawName[index] != 0, rawName[index] != separator { index &+= 1 }
        guard rawName[index] == separator else {
            return ReaderName(UnsafeBufferPointer(start: rawName, count: index))
        }
        let local = rawName + (index &+ 1)
        var end = 0
        while local[end] != 0, local[end] != separator { end &+= 1 }
        return ReaderName(UnsafeBufferPointer(start: local, count: end))
    }

    /// Whether the element is in a namespace.
    public var hasNamespace: Bool {
        uriLength >= 0
    }

    /// The element's namespace URI, or `nil` when it is in no namespace (made on each call).
    public var namespace: String? {
        let length = uriLength
        guard length >= 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: rawName, count: length), as: UTF8.self)
    }

    /// Whether the element is in the namespace `uri`, compared as UTF-8 bytes (no `String` is
    /// made); `""` asks whether it is in no namespace.
    ///
    /// - Parameter uri: A namespace URI, such as `http://www.w3.org/2005/Atom`.
    /// - Returns: Whether the element's namespace is exactly `uri`.
    public func isInNamespace(_ uri: String) -> Bool {
        let length = uriLength
        guard length >= 0 else { return uri.isEmpty }
        let own = UnsafeBufferPointer(start: rawName, count: length)
        if let answer = uri.utf8.withContiguousStorageIfAvailable({ other in
            guard other.count == length else { return false }
            guard length > 0, let start = other.baseAddress else { return true }
            return memcmp(rawName, start, length) == 0
        }) {
            return answer
        }
        return own.elementsEqual(uri.utf8)
    }

    /// The start tag's attributes in document order, as written (namespace declarations
    /// excluded); empty in ``ElementReader/end(_:text:)``. Made on each call.
    public var attributes: [XMLAttribute] {
        guard let rawAttributes else { return [] }
        var result: [XMLAttribute] = []
        var index = 0
        while let rawName = rawAttributes[index], let rawValue = rawAttributes[index &+ 1] {
            index &+= 2
            let name = ExpandedName(rawName)
            result.append(
                XMLAttribute(
                    name: name.qualifiedName, namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                    value: String(cString: rawValue)))
        }
        return result
    }

    /// The length of the namespace URI at the start of ``rawName``, or -1 when there is none.
    private var uriLength: Int {
        let separator = CompiledRegistry.separator
        var index = 0
        while rawName[index] != 0, rawName[index] != separator { index &+= 1 }
        return rawName[index] == separator ? index : -1
    }
}
