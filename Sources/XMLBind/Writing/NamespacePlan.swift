/// The namespaces of one written document: which URI each written name is in, the
/// prefix each URI gets, and the declarations, all put on the root element.
///
/// The serializer first walks the object graph and notes every name's namespace
/// (``note(_:attribute:)``), then calls ``assignPrefixes()`` once, then writes names
/// through ``qualified(_:_:)``. Prefixes are chosen in the order URIs are first met, so
/// the same graph always gets the same prefixes.
struct NamespacePlan {
    /// The namespace the `xml` prefix is bound to by definition; never declared.
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The stand-in URI for a registered prefix that nothing binds: `urn:xmlbind:prefix:p`.
    static let unboundPrefixScheme = "urn:xmlbind:prefix:"

    /// Where a written name's namespace comes from.
    enum Target: Equatable {
        /// Written without a prefix, in whatever default namespace is in scope (elements
        /// registered without a namespace; attributes without a prefix are in none).
        case inherit
        /// Written without a prefix, and must be in no namespace: the document then has
        /// no default namespace.
        case noNamespace
        /// In this namespace; `hint` is the prefix its registration wrote, if any.
        case uri(String, hint: String?)
    }

    /// The writing options' prefixes, by URI.
    let preferred: [String: String]
    /// The binder's prefix map, prefix to URI.
    let prefixes: [String: String]
    /// `xmlns` declarations for the root, in order: prefix (`""` for the default
    /// namespace) and URI.
    private(set) var declarations: [(prefix: String, uri: String)] = []

    private var firstSeen: [String] = []
    private var hints: [String: [String]] = [:]
    private var usedByAttributes: Set<String> = []
    private var requiresNoNamespace = false
    private var prefixByURI: [String: String] = [:]

    init(preferred: [String: String], prefixes: [String: String]) {
        self.preferred = preferred
        self.prefixes = prefixes
    }

    // MARK: Targets

    /// The namespace of an element: its registration's, or for an unprefixed registration
    /// of a ``NamespaceAware`` type, the object's own (`nil`: no namespace).
    func elementTarget(_ binding: ElementBinding, _ box: InstanceBox) -> Target {
        if let read = binding.readNamespace {
            switch binding.elementName.namespace {
            case .any: return read(box).map { .uri($0, hint: nil) } ?? .noNamespace
            case .prefix(let prefix):
                if let uri = read(box) { return .uri(uri, hint: prefix) }
            case .none, .uri: break
            }
        }
        return target(of: binding.elementName, attribute: false)
    }

    /// The namespace of a registered element or attribute name.
    func target(of name: XMLName, attribute: Bool) -> Target {
        switch name.namespace {
        case .any: return .inherit
        case .none: return attribute ? .inherit : .noNamespace
        case .uri(let uri): return .uri(uri, hint: name.prefixHint)
        case .prefix(let prefix): return .uri(uri(forUnbound: prefix), hint: prefix)
        }
    }

    /// The namespace of an attribute given by its qualified name (``AttributeContainer``).
    func target(ofQualifiedName name: String) -> Target {
        guard let colon = name.firstIndex(of: ":") else { return .inherit }
        let prefix = String(name[..<colon])
        return .uri(prefixes[prefix] ?? uri(forUnbound: prefix), hint: prefix)
    }

    /// The URI for a registered prefix that the binder's map does not bind: the URI the
    /// writing options prefer this prefix for, else a stand-in that reads back with the
    /// same binder (which resolves such prefixes through the document).
    private func uri(forUnbound prefix: String) -> String {
        if prefix == "xml" { return Self.xmlNamespace }
        let candidates = preferred.filter { $0.value == prefix }.map(\.key).sorted()
        return candidates.first ?? Self.unboundPrefixScheme + prefix
    }

    // MARK: Planning

    /// Records that a name with this target is written.
    mutating func note(_ target: Target, attribute: Bool) {
        switch target {
        case .inherit: break
        case .noNamespace: requiresNoNamespace = true
        case .uri(let uri, let hint):
            guard uri != Self.xmlNamespace else { return }
            if hints[uri] == nil { firstSeen.append(uri) }
            hints[uri, default: []].append(hint ?? "")
            if attribute { usedByAttributes.insert(uri) }
        }
    }

    /// Gives every noted URI a prefix: the preferred one, else one its registrations
    /// wrote (no prefix standing for the default namespace), else `ns1`, `ns2`, … — each
    /// only when free. The default namespace is only used when no element must be in no
    /// namespace and no attribute is in that URI.
    mutating func assignPrefixes() {
        var taken: Set<String> = []
        for uri in firstSeen {
            let candidates = (preferred[uri].map { [$0] } ?? []) + (hints[uri] ?? [])
            let usable = candidates.first { candidate in
                if candidate.isEmpty {
                    return !usedByAttributes.contains(uri) && !requiresNoNamespace && !taken.contains("")
                }
                return !taken.contains(candidate) && candidate != "xml" && candidate != "xmlns"
                    && !candidate.contains(":")
            }
            var prefix = usable ?? ""
            if usable == nil {
                var number = 1
                while taken.contains("ns\(number)") { number += 1 }
                prefix = "ns\(number)"
            }
            taken.insert(prefix)
            prefixByURI[uri] = prefix
            declarations.append((prefix, uri))
        }
    }

    // MARK: Writing

    /// The name as written: `local`, or `prefix:local` with the prefix the plan gave the URI.
    func qualified(_ local: String, _ target: Target) -> String {
        guard case .uri(let uri, _) = target else { return local }
        if uri == Self.xmlNamespace { return "xml:" + local }
        guard let prefix = prefixByURI[uri], !prefix.isEmpty else { return local }
        return prefix + ":" + local
    }
}
