// Invariants (the expat room, see Engine/UncheckedLayer.swift): the replacement texts it reads
// are views of expat's buffers, valid during the DTD callback that delivered them; it reads
// them within their bounds and keeps only `String` copies of the names it finds.

/// Watches a DTD's entity declarations as they arrive and refuses, before anything is
/// expanded, a document with too many entities or entities nested too deep.
///
/// expat 2.5.0 expands nested entity references recursively: a chain of a few thousand
/// (`<!ENTITY e2 "&e1;">`, `<!ENTITY e3 "&e2;">`, …) overflows its stack
/// (CVE-2024-8176). The guard works out each entity's nesting depth from the references
/// in its replacement text, so such a chain is refused at its ninth declaration (by
/// default). Forward references are followed as their targets get declared, and a cycle
/// is reported as such.
struct EntityGuard {
    /// Why a declaration was refused.
    enum Refusal: Equatable {
        case tooMany(count: Int)
        /// `entity` (the one declared, or one declared earlier that refers to it) nests too deep.
        case tooDeep(entity: String, depth: Int)
        case recursive
    }

    /// Declarations seen, general and parameter.
    private(set) var declarations = 0
    /// Whether an internal general entity was declared: its expansions can put text into
    /// tags without it being in the tag's bytes.
    private(set) var hasInternalEntities = false

    private var ids: [String: Int] = [:]
    private var names: [String] = []
    private var depths: [Int] = []
    /// For each entity, the entities whose text refers to it.
    private var referrers: [[Int]] = []
    /// Names referred to before (or without) being declared, with the entities referring.
    private var forwardReferences: [String: [Int]] = [:]

    static let predefined: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    /// Records one declaration.
    ///
    /// - Parameters:
    ///   - name: The entity's name.
    ///   - isParameter: Whether it is a parameter entity (counted, never expanded).
    ///   - value: An internal entity's replacement text (UTF-8); `nil` for an external one.
    ///   - limits: The limits to hold it to.
    /// - Returns: Why the declaration is refused, or `nil`.
    mutating func declare(
        name: String, isParameter: Bool, value: UnsafeBufferPointer<UInt8>?, limits: ParseLimits
    ) -> Refusal? {
        declarations += 1
        if declarations > limits.maximumEntityDeclarations { return .tooMany(count: declarations) }
        // expat reports only the first declaration of a name; the later ones do not count.
        guard !isParameter, ids[name] == nil else { return nil }
        if value != nil { hasInternalEntities = true }

        let id = depths.count
        ids[name] = id
        names.append(name)
        depths.append(1)
        referrers.append([])
        var depth = 1
        for reference in value.map(Self.references(in:)) ?? [] {
            if let target = ids[reference] {
                if target == id { return .recursive }
                referrers[target].append(id)
                depth = max(depth, depths[target] + 1)
            } else if !Self.predefined.contains(reference) {
                forwardReferences[reference, default: []].append(id)
            }
        }
        depths[id] = depth
        if depth > limits.maximumEntityNesting { return .tooDeep(entity: name, depth: depth) }

        // Entities declared earlier that refer to this one are now deeper.
        if let waiting = forwardReferences.removeValue(forKey: name) {
            referrers[id].append(contentsOf: waiting)
        }
        var work = [id]
        while let entity = work.popLast() {
            for referrer in referrers[entity] where depths[referrer] < depths[entity] + 1 {
                if referrer == id { return .recursive }
                depths[referrer] = depths[entity] + 1
                if depths[referrer] > limits.maximumEntityNesting {
                    return .tooDeep(entity: names[referrer], depth: depths[referrer])
                }
                work.append(referrer)
            }
        }
        return nil
    }

    /// Whether a reference to `name` expands to text that is all declared: `false` for an
    /// undeclared name, or one whose text refers (at any depth) to an undeclared name.
    ///
    /// expat silently drops such references inside attribute values when the document
    /// has an external DTD subset (the entity might have been declared there).
    func isFullyDeclared(_ name: String) -> Bool {
        if Self.predefined.contains(name) { return true }
        guard let id = ids[name] else { return false }
        return !(sealed ?? incomplete()).contains(id)
    }

    /// The entities found incomplete when the DTD ended (no more declarations follow).
    private var sealed: Set<Int>?

    /// Notes that the DTD has ended, so the answers of ``isFullyDeclared(_:)`` are final.
    mutating func seal() {
        sealed = incomplete()
    }

    /// Entities whose text refers, at any depth, to an undeclared name.
    private func incomplete() -> Set<Int> {
        var result = Set<Int>()
        var work = forwardReferences.values.flatMap { $0 }
        while let entity = work.popLast() {
            guard result.insert(entity).inserted else { continue }
            work.append(contentsOf: referrers[entity])
        }
        return result
    }

    /// The names of the general entity references (`&name;`) in a replacement text;
    /// character references (`&#…;`) are not entity references.
    static func references(in text: UnsafeBufferPointer<UInt8>) -> [String] {
        var names: [String] = []
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < text.count, text[end] != UInt8(ascii: ";"), text[end] != UInt8(ascii: "&"),
                text[end] > 0x20
            {
                end += 1
            }
            if end < text.count, text[end] == UInt8(ascii: ";"), end > start, text[start] != UInt8(ascii: "#") {
                names.append(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self))
                index = end + 1
            } else {
                index = max(end, start)
            }
        }
        return names
    }
}
