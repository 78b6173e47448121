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

// Invariants (views lent for one reader call, see Engine/UncheckedLayer.swift):
// - `rawName` and `rawAttributes` are expat's, lent to the engine for the callback that
//   delivers the tag (see ExpatName+Unsafe.swift) and passed on to the reader only for the
//   duration of one reader call; `localStart` points into `rawName`.
// - `precedingBytes` is the engine's text buffer, unchanged during the reader call.
// - Nothing here stores or writes through them; a `ReaderElement` is documented as valid
//   only during the call it is passed to.

extension ReaderElement {
    /// A tag's views of the parser's buffers, and the local name's place found in them:
    /// what ``ReaderElement``'s properties read.
    @usableFromInline
    struct Storage {
        /// expat's name: `uri SEP local SEP prefix`, `uri SEP local` or `local`.
        @usableFromInline let rawName: UnsafePointer<UInt8>
        /// expat's attributes (name, value, …, nil) in a start tag; `nil` in an end tag.
        @usableFromInline let rawAttributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        /// The local name's first byte in ``rawName``, and its length; found once per start
        /// tag, so that ``localName`` (read several times per tag) is two loads. In an end tag,
        /// which many readers never ask for its name, they are found when first needed:
        /// `localCount` is -1 until then.
        @usableFromInline let localStart: UnsafePointer<UInt8>
        @usableFromInline let localCount: Int
        /// The length of the namespace URI at the start of ``rawName``, or -1 when there is
        /// none.
        @usableFromInline let uriLength: Int
        /// The parent's text so far, in the engine's text buffer.
        let precedingBytes: UnsafeBufferPointer<UInt8>

        /// A start tag.
        @inline(__always)
        init(name: ExpatName, attributes: ExpatAttributes, precedingText: UnsafeBufferPointer<UInt8>) {
            precedingBytes = precedingText
            rawName = name.start
            rawAttributes = attributes.array
            (uriLength, localStart, localCount) = Self.layout(of: rawName)
        }

        /// An end tag: its name is scanned only if a reader asks for it.
        @inline(__always)
        init(endTagNamed name: ExpatName) {
            rawName = name.start
            rawAttributes = nil
            precedingBytes = UnsafeBufferPointer(start: nil, count: 0)
            (uriLength, localStart, localCount) = (-1, rawName, -1)
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

        /// The index of the first separator or NUL in `bytes`. Local names are short, and a
        /// loop finds their end sooner than library calls would; past 16 bytes (a namespace
        /// URI), `strlen` and `memchr` scan many bytes at a time.
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

        /// The local name (see ``ReaderElement/name``).
        @inlinable var localName: ReaderName {
            if localCount >= 0 { return ReaderName(UnsafeBufferPointer(start: localStart, count: localCount)) }
            let layout = scanned
            return ReaderName(UnsafeBufferPointer(start: layout.localStart, count: layout.localCount))
        }

        /// See ``ReaderElement/qualifiedName``.
        var qualifiedName: String {
            ExpandedName(UnsafeRawPointer(rawName).assumingMemoryBound(to: CChar.self)).qualifiedName
        }

        /// See ``ReaderElement/hasNamespace``.
        @inlinable var hasNamespace: Bool {
            (localCount >= 0 ? uriLength : scanned.uriLength) >= 0
        }

        /// See ``ReaderElement/namespace``.
        var namespace: String? {
            let length = scanned.uriLength
            guard length >= 0 else { return nil }
            return String(decoding: UnsafeBufferPointer(start: rawName, count: length), as: UTF8.self)
        }

        /// See ``ReaderElement/isInNamespace(_:)``.
        func isInNamespace(_ uri: String) -> Bool {
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

        /// See ``ReaderElement/hasAttributes``.
        @inlinable var hasAttributes: Bool {
            rawAttributes?[0] != nil
        }

        /// See ``ReaderElement/attributes``.
        var attributes: [XMLAttribute] {
            ExpandedName.attributes(rawAttributes)
        }
    }
}
