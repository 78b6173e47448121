/// A name as registered: a local name and what namespace it must be in.
@usableFromInline
struct XMLName: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Namespace: Sendable, Hashable {
        /// Unprefixed: the local name in no namespace or in the owner's namespace (the
        /// parent element's, for a mapping's element; any namespace for a root).
        case any
        /// No namespace at all (an unprefixed attribute, or an element registered with `namespace: ""`).
        case none
        /// Exactly this namespace URI.
        case uri(String)
        /// Whatever URI this prefix is bound to (by the binder's prefix map or the document).
        case prefix(String)
    }

    @usableFromInline var namespace: Namespace
    @usableFromInline var local: String
    /// The prefix the registration wrote (`configuration` in `configuration:define`),
    /// kept after the prefix is resolved to a URI so that writing can use it again.
    @usableFromInline var prefixHint: String?

    /// Whether `bytes` are the local name's UTF-8: the lengths first (a native string knows
    /// its own), then the bytes. A generic `elementsEqual` of the `String.UTF8View` cost
    /// about 300 instructions a call on the keyed members' hot path (XML-RPC's wrappers).
    func hasLocal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = local.utf8
        guard utf8.count == bytes.count else { return false }
        // A plain loop: `elementsEqual` of two buffers is not specialized into one.
        let same = utf8.withContiguousStorageIfAvailable { stored in
            for index in stored.indices where stored[index] != bytes[index] { return false }
            return true
        }
        return same ?? utf8.elementsEqual(bytes)
    }

    /// Reads `local`, `prefix:local` or Clark notation `{uri}local`.
    ///
    /// - Parameter unprefixed: What an unprefixed name means: `.any` for elements,
    ///   `.none` for attributes (unprefixed attributes are in no namespace).
    init(parsing text: String, unprefixed: Namespace) {
        // Searched as UTF-8 (the marks are ASCII): a search by `Character` would run the
        // standard library's grapheme breaking, whose code a program then maps at start-up.
        let utf8 = text.utf8
        if utf8.first == UInt8(ascii: "{"), let close = utf8.firstIndex(of: UInt8(ascii: "}")) {
            let uri = String(text[utf8.index(after: utf8.startIndex)..<close])
            self.namespace = uri.isEmpty ? .none : .uri(uri)
            self.local = String(text[utf8.index(after: close)...])
        } else if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            self.namespace = .prefix(String(text[..<colon]))
            self.local = String(text[utf8.index(after: colon)...])
            self.prefixHint = String(text[..<colon])
        } else {
            self.namespace = unprefixed
            self.local = text
        }
    }

    /// An element name as `mapping(_:element:namespace:)` takes it.
    @usableFromInline
    init(element: String, namespace: String?) {
        self.init(parsing: element, unprefixed: .any)
        if let namespace {
            self.namespace = namespace.isEmpty ? .none : .uri(namespace)
        }
    }

    @usableFromInline
    init(namespace: Namespace, local: String, prefixHint: String? = nil) {
        self.namespace = namespace
        self.local = local
        self.prefixHint = prefixHint
    }

    /// The name with the prefix as registered, for messages.
    @usableFromInline
    var description: String {
        switch namespace {
        case .prefix(let prefix): "\(prefix):\(local)"
        case .uri: local
        case .any, .none: local
        }
    }

    /// This name with a prefix replaced by the URI the map binds it to, if it does.
    func resolving(_ prefixes: [String: String]) -> XMLName {
        guard case .prefix(let prefix) = namespace, let uri = prefixes[prefix] else { return self }
        return XMLName(namespace: .uri(uri), local: local, prefixHint: prefix)
    }

    /// Whether one element or attribute of a document could match both names: the same
    /// local name, in namespaces that can coincide. An unprefixed element name matches no
    /// namespace and the namespace its owner is registered in (`owner`); an unprefixed
    /// attribute name, only attributes in no namespace. A prefix the binder could not
    /// resolve is compared as a prefix (the document decides what it stands for), and an
    /// owner registered without a namespace counts as being in none.
    func overlaps(_ other: XMLName, attribute: Bool, owner: Namespace) -> Bool {
        guard local == other.local else { return false }
        func normalized(_ namespace: Namespace) -> Namespace {
            attribute && namespace == .any ? .none : namespace
        }
        switch (normalized(namespace), normalized(other.namespace)) {
        case (.any, .any), (.any, .none), (.none, .any): return true
        case (.any, let named), (let named, .any): return named == owner
        case (.none, .none): return true
        case (.uri(let a), .uri(let b)): return a == b
        case (.prefix(let a), .prefix(let b)): return a == b
        default: return false
        }
    }

    /// The Swift property name a key path stands for: `\Bean.id` → `id`.
    static func propertyName(of keyPath: AnyKeyPath) -> String {
        let path = String(describing: keyPath)
        guard let dot = path.lastIndex(of: ".") else { return path }
        return String(path[path.index(after: dot)...])
    }
}
