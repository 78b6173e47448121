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
    enum Target: Hashable {
        /// Written without a prefix, in whatever default namespace is in scope (elements
        /// registered without a namespace; attributes without a prefix are in none).
        case inherit
        /// Written without a prefix, and must be in no namespace: the document then has
        /// no default namespace.
        case noNamespace
        /// In this namespace; `hint` is the prefix its registration wrote, if any.
        case uri(String, hint: String?)
        /// A registered prefix that the binder's map does not bind; its URI is decided
        /// when prefixes are assigned (see ``assignPrefixes()``).
        case unbound(String)
    }

    /// The writing options' prefixes, by URI.
    let preferred: [String: String]
    /// The binder's prefix map, prefix to URI.
    let prefixes: [String: String]
    /// `xmlns` declarations for the root, in order: prefix (`""` for the default
    /// namespace) and URI.
    private(set) var declarations: [(prefix: String, uri: String)] = []

    /// Every distinct namespace of a name noted, in the order first met: one note per
    /// namespace and form, however many elements use it.
    private var notes: [Note] = []
    private var noted: Set<Note> = []
    /// How many distinct notes the plan holds.
    var noteCount: Int { notes.count }
    private var requiresNoNamespace = false
    private var prefixByURI: [String: String] = [:]
    private var uriByUnboundPrefix: [String: String] = [:]

    /// A namespace a written name is in, and whether the name is an attribute's.
    private struct Note: Hashable {
        let target: Target
        let attribute: Bool
    }

    init(preferred: [String: String], prefixes: [String: String]) {
        self.preferred = preferred
        self.prefixes = prefixes
    }

    // MARK: Targets

    /// The namespace of an element: its registration's, or for an unprefixed registration
    /// of a ``NamespaceAware`` type, the object's own (`nil`: no namespace).
    func elementTarget(_ binding: ElementBinding, _ box: AnyObject) -> Target {
        if let read = binding.access.readNamespace {
            switch binding.elementName.namespace {
            case .any: return read(box).map { .uri($0, hint: nil) } ?? .noNamespace
            case .prefix(let prefix):
                if let uri = read(box) { return .uri(uri, hint: prefix) }
            case .none, .uri: break
            }
        }
        return target(of: binding.elementName, attribute: false)
    }

    /// The namespace of a registered element name.
    func target(of name: XMLName) -> Target {
        target(of: name, attribute: false)
    }

    /// The namespace of a registered element or attribute name.
    func target(of name: XMLName, attribute: Bool) -> Target {
        switch name.namespace {
        case .any: .inherit
        case .none: attribute ? .inherit : .noNamespace
        case .uri(let uri): .uri(uri, hint: name.prefixHint)
        case .prefix(let prefix): prefix == "xml" ? .uri(Self.xmlNamespace, hint: "xml") : .unbound(prefix)
        }
    }

    /// The namespace a child element's name is written in: an unprefixed name (one
    /// that inherits) goes in its parent's namespace, which it matches when read back
    /// (an unprefixed name in declarations matches its owner's namespace, or none).
    func child(_ target: Target, of parent: Target) -> Target {
        guard target == .inherit else { return target }
        switch parent {
        case .uri, .unbound: return parent
        case .inherit, .noNamespace: return target
        }
    }

    /// The namespace of an attribute an ``AttributeContainer`` keeps: its own URI when it
    /// has one, else the one its prefix has in the binder's map (see ``assignPrefixes()``).
    func target(of attribute: XMLAttribute) -> Target {
        guard let prefix = attribute.prefix else {
            return attribute.namespace.map { .uri($0, hint: nil) } ?? .inherit
        }
        if prefix == "xml" { return .uri(Self.xmlNamespace, hint: "xml") }
        if let uri = attribute.namespace { return .uri(uri, hint: prefix) }
        return prefixes[prefix].map { .uri($0, hint: prefix) } ?? .unbound(prefix)
    }

    // MARK: Planning

    /// Records that a name with this target is written.
    mutating func note(_ target: Target, attribute: Bool) {
        switch target {
        case .inherit: break
        case .noNamespace: requiresNoNamespace = true
        case .uri(let uri, _) where uri == Self.xmlNamespace: break
        case .uri, .unbound:
            let note = Note(target: target, attribute: attribute)
            if noted.insert(note).inserted { notes.append(note) }
        }
    }

    /// Gives every noted URI a prefix, in the order the URIs were first met.
    ///
    /// A prefix that the binder's map does not bind first gets a URI: the one another name
    /// of the document has with that prefix (a ``NamespaceAware`` object's), else the one
    /// the preferred prefixes give it, else the stand-in `urn:xmlbind:prefix:<prefix>`,
    /// which the same binder reads back (it resolves such prefixes through the document).
    ///
    /// Each URI then gets the preferred prefix, else one its registrations wrote (no
    /// prefix standing for the default namespace), else `ns1`, `ns2`, … — each only when
    /// free. The default namespace is only used when no element must be in no namespace
    /// and no attribute is in that URI.
    mutating func assignPrefixes() {
        var firstSeen: [String] = []
        var hints: [String: [String]] = [:]
        var usedByAttributes: Set<String> = []
        func add(_ uri: String, hint: String?, attribute: Bool) {
            if hints[uri] == nil { firstSeen.append(uri) }
            hints[uri, default: []].append(hint ?? "")
            if attribute { usedByAttributes.insert(uri) }
        }
        var hinted: [String: String] = [:]
        for note in notes {
            if case .uri(let uri, let hint?) = note.target, hinted[hint] == nil { hinted[hint] = uri }
        }
        for note in notes {
            switch note.target {
            case .uri(let uri, let hint): add(uri, hint: hint, attribute: note.attribute)
            case .unbound(let prefix):
                let uri =
                    uriByUnboundPrefix[prefix] ?? hinted[prefix]
                    ?? preferred.filter { $0.value == prefix }.map(\.key).sorted().first
                    ?? Self.unboundPrefixScheme + prefix
                uriByUnboundPrefix[prefix] = uri
                add(uri, hint: prefix, attribute: note.attribute)
            case .inherit, .noNamespace: break
            }
        }
        var taken: Set<String> = []
        for uri in firstSeen {
            // `xsi:` for XML Schema instances' namespace when nothing else names it (a property
            // mapped to `{…XMLSchema-instance}schemaLocation`): the prefix every reader expects.
            let candidates =
                (preferred[uri].map { [$0] } ?? []) + (hints[uri] ?? [])
                + (uri == BindingEngine.schemaInstanceNamespace ? ["xsi"] : [])
            let usable = candidates.first { candidate in
                if candidate.isEmpty {
                    return !usedByAttributes.contains(uri) && !requiresNoNamespace && !taken.contains("")
                }
                return !taken.contains(candidate) && candidate != "xml" && candidate != "xmlns"
                    && XMLNameCheck.isQualifiedName(candidate) && !candidate.contains(":")
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
        let uri: String
        switch target {
        case .inherit, .noNamespace: return local
        case .uri(let known, _): uri = known
        case .unbound(let prefix):
            guard let resolved = uriByUnboundPrefix[prefix] else { return local }
            uri = resolved
        }
        if uri == Self.xmlNamespace { return "xml:" + local }
        guard let prefix = prefixByURI[uri], !prefix.isEmpty else { return local }
        return prefix + ":" + local
    }
}
