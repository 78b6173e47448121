import Foundation

// Views (see Engine/UncheckedLayer.swift): `rawName` and `rawAttributes` are expat's, lent to the
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
    @usableFromInline let rawAttributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    /// The local name's first byte in ``rawName``, and its length; found once per start tag,
    /// so that ``name`` (read several times per tag) is two loads. In an end tag, which many
    /// readers never ask for its name, they are found when first needed: `localCount` is -1
    /// until then.
    @usableFromInline let localStart: UnsafePointer<UInt8>
    @usableFromInline let localCount: Int
    /// The length of the namespace URI at the start of ``rawName``, or -1 when there is none.
    @usableFromInline let uriLength: Int
    /// The parent's text so far, in the engine's text buffer (see ``precedingText``).
    let precedingBytes: UnsafeBufferPointer<UInt8>

    init(
        depth: Int, byteOffset: Int, rawName: UnsafePointer<CChar>,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
        precedingText: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        self.depth = depth
        self.byteOffset = byteOffset
        self.precedingBytes = precedingText
        let name = UnsafeRawPointer(rawName).assumingMemoryBound(to: UInt8.self)
        self.rawName = name
        self.rawAttributes = attributes
        (uriLength, localStart, localCount) = Self.layout(of: name)
    }

    /// An end tag: its name is scanned only if a reader asks for it.
    @inline(__always)
    init(endTagAt depth: Int, byteOffset: Int, rawName: UnsafePointer<CChar>) {
        self.depth = depth
        self.byteOffset = byteOffset
        let name = UnsafeRawPointer(rawName).assumingMemoryBound(to: UInt8.self)
        self.rawName = name
        self.rawAttributes = nil
        self.precedingBytes = UnsafeBufferPointer(start: nil, count: 0)
        (uriLength, localStart, localCount) = (-1, name, -1)
    }

    /// Where the local name is in `name`, and the namespace URI's length (-1 for none).
    @inline(__always)
    private static func layout(of name: UnsafePointer<UInt8>) -> (
        uriLength: Int, localStart: UnsafePointer<UInt8>, localCount: Int
    ) {
        // No namespace (the common case in many formats): the one scan finds the name's end.
        let first = stop(in: name)
        guard name[first] == CompiledRegistry.separator else { return (-1, name, first) }
        let local = name + (first &+ 1)
        return (first, local, stop(in: local))
    }

    /// The layout, found now when it was not yet (an end tag).
    @usableFromInline var scanned: (uriLength: Int, localStart: UnsafePointer<UInt8>, localCount: Int) {
        @inline(__always) get {
            localCount >= 0 ? (uriLength, localStart, localCount) : Self.layout(of: rawName)
        }
    }

    /// The element's local name (`value` for `<rpc:value>`).
    @inlinable public var name: ReaderName {
        if localCount >= 0 { return ReaderName(UnsafeBufferPointer(start: localStart, count: localCount)) }
        let layout = scanned
        return ReaderName(UnsafeBufferPointer(start: layout.localStart, count: layout.localCount))
    }

    /// The index of the first separator or NUL in `bytes`. Local names are short, and a loop
    /// finds their end sooner than library calls would; past 16 bytes (a namespace URI),
    /// `strlen` and `memchr` scan many bytes at a time.
    @inline(__always)
    private static func stop(in bytes: UnsafePointer<UInt8>) -> Int {
        let separator = CompiledRegistry.separator
        var index = 0
        while index < 16 {
            if bytes[index] == 0 || bytes[index] == separator { return index }
            index &+= 1
        }
        let rest = bytes + index
        let length = strlen(UnsafeRawPointer(rest).assumingMemoryBound(to: CChar.self))
        guard let found = memchr(rest, Int32(separator), length) else { return index &+ length }
        return index &+ (UnsafeRawPointer(found) - UnsafeRawPointer(rest))
    }

    /// The element's name as written in the document: `prefix:local`, or the local name
    /// when it has no prefix (made on each call).
    public var qualifiedName: String {
        ExpandedName(UnsafeRawPointer(rawName).assumingMemoryBound(to: CChar.self)).qualifiedName
    }

    /// In a start tag inside the mapped element (depth 1 and deeper): the text directly inside
    /// its parent gathered so far, since the parent's start tag, the text of the parent's
    /// children excluded; empty for the mapped element's own start tag and in end tags.
    ///
    /// With it a reader keeps mixed content in order: the bytes past those it has already
    /// taken came before this child. (``ElementReader/end(_:text:)`` hands over the parent's
    /// whole own text, which ends with what came after its last child.)
    ///
    /// ```swift
    /// // <p>The <em>new</em> one</p>: at <em>'s start, precedingText is "The ";
    /// // at </p>, text is "The  one", of which " one" is new.
    /// ```
    public var precedingText: ReaderText { ReaderText(precedingBytes) }

    /// Whether the element is in a namespace.
    @inlinable public var hasNamespace: Bool {
        (localCount >= 0 ? uriLength : scanned.uriLength) >= 0
    }

    /// The element's namespace URI, or `nil` when it is in no namespace (made on each call).
    public var namespace: String? {
        let length = scanned.uriLength
        guard length >= 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: rawName, count: length), as: UTF8.self)
    }

    /// Whether the element is in the namespace `uri`, compared as UTF-8 bytes (no `String` is
    /// made); `""` asks whether it is in no namespace.
    ///
    /// - Parameter uri: A namespace URI, such as `http://www.w3.org/2005/Atom`.
    /// - Returns: Whether the element's namespace is exactly `uri`.
    public func isInNamespace(_ uri: String) -> Bool {
        let length = scanned.uriLength
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

    /// Whether the start tag has attributes (namespace declarations aside), without making
    /// them; `false` in ``ElementReader/end(_:text:)``.
    @inlinable public var hasAttributes: Bool {
        rawAttributes?[0] != nil
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
}
