/// The namespace declarations in force at the element being read, kept only when
/// something asks for them: an ``UnknownContentPolicy/callback(_:)`` policy (its
/// ``UnknownContent/scope``) or a property of type ``XMLQualifiedName``, whose prefix is
/// resolved where the value is written.
///
/// expat reports each declaration before the start tag that makes it and its end after
/// that element's end tag (`XML_SetStartNamespaceDeclHandler`,
/// `XML_SetEndNamespaceDeclHandler`), so one stack of URIs per prefix is the scope: the
/// last URI of each stack is in force. Without a tracker neither handler does any of this
/// work, and the end handler is not even installed.
final class NamespaceScopeTracker {
    /// For each prefix (`""`: the default namespace), its URIs, innermost last; `""` for
    /// a default namespace undeclared with `xmlns=""`.
    private var stacks: [String: [String]] = [:]

    /// A declaration on the start tag about to be reported.
    func begin(prefix: String, uri: String) {
        stacks[prefix, default: []].append(uri)
    }

    /// The end of a declaration's element.
    func end(prefix: String) {
        _ = stacks[prefix]?.popLast()
    }

    /// The bindings in force now.
    var scope: XMLNamespaceScope {
        var bindings: [String: String] = [:]
        for (prefix, uris) in stacks {
            if let uri = uris.last, !uri.isEmpty { bindings[prefix] = uri }
        }
        return XMLNamespaceScope(bindings)
    }

    /// `text`, a qualified name, in Clark notation `{uri}text` with its prefix (or, for an
    /// unprefixed name, the default namespace) resolved now; `{}text` when it is unbound,
    /// so the conversion never reads a `{` of the document's as a resolved URI.
    func resolvingQualifiedName(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        resolving(Array(XMLWhitespace.trimmed(text)))
    }

    /// `text`, a whitespace-separated list of qualified names (a list of `xs:QName`), each
    /// resolved as ``resolvingQualifiedName(_:)`` resolves one, joined by single spaces.
    func resolvingQualifiedNames(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var resolved: [UInt8] = []
        for item in text.split(whereSeparator: XMLWhitespace.isWhitespace) {
            if !resolved.isEmpty { resolved.append(UInt8(ascii: " ")) }
            resolved += resolving(Array(item))
        }
        return resolved
    }

    /// One name without surrounding whitespace, in Clark notation.
    private func resolving(_ name: [UInt8]) -> [UInt8] {
        let colon = name.firstIndex(of: UInt8(ascii: ":"))
        let prefix = colon.map { String(decoding: name[..<$0], as: UTF8.self) } ?? ""
        let uri = stacks[prefix]?.last ?? ""
        return Array("{\(uri)}".utf8) + name
    }
}
