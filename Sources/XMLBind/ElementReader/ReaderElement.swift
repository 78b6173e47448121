#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    /// The tag's views of the parser's buffers (see ReaderElement+Unsafe.swift).
    @usableFromInline let storage: Storage

    init(
        depth: Int, byteOffset: Int, name: ExpatName, attributes: ExpatAttributes,
        precedingText: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
    ) {
        self.depth = depth
        self.byteOffset = byteOffset
        storage = Storage(name: name, attributes: attributes, precedingText: precedingText)
    }

    /// An end tag: its name is scanned only if a reader asks for it.
    @inline(__always)
    init(endTagAt depth: Int, byteOffset: Int, name: ExpatName) {
        self.depth = depth
        self.byteOffset = byteOffset
        storage = Storage(endTagNamed: name)
    }

    /// The element's local name (`value` for `<rpc:value>`).
    @inlinable public var name: ReaderName { storage.localName }

    /// The element's name as written in the document: `prefix:local`, or the local name
    /// when it has no prefix (made on each call).
    public var qualifiedName: String { storage.qualifiedName }

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
    public var precedingText: ReaderText { ReaderText(storage.precedingBytes) }

    /// Whether the element is in a namespace.
    @inlinable public var hasNamespace: Bool { storage.hasNamespace }

    /// The element's namespace URI, or `nil` when it is in no namespace (made on each call).
    public var namespace: String? { storage.namespace }

    /// Whether the element is in the namespace `uri`, compared as UTF-8 bytes (no `String` is
    /// made); `""` asks whether it is in no namespace.
    ///
    /// - Parameter uri: A namespace URI, such as `http://www.w3.org/2005/Atom`.
    /// - Returns: Whether the element's namespace is exactly `uri`.
    public func isInNamespace(_ uri: String) -> Bool { storage.isInNamespace(uri) }

    /// Whether the start tag has attributes (namespace declarations aside), without making
    /// them; `false` in ``ElementReader/end(_:text:)``.
    @inlinable public var hasAttributes: Bool { storage.hasAttributes }

    /// The start tag's attributes in document order, as written (namespace declarations
    /// excluded); empty in ``ElementReader/end(_:text:)``. Made on each call.
    public var attributes: [XMLAttribute] { storage.attributes }
}
