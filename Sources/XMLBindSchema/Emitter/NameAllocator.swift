/// Hands out Swift names that are unique within one scope, deterministically: the first
/// asker gets the plain name, later ones `Name2`, `Name3`, …
///
/// Uniqueness ignores case for types, since each type becomes a file whose name must not
/// clash on a case-insensitive file system.
struct NameAllocator {
    private var taken: Set<String>
    private let ignoresCase: Bool

    init(reserved: Set<String> = [], ignoresCase: Bool) {
        self.ignoresCase = ignoresCase
        self.taken = Set(reserved.map { ignoresCase ? $0.lowercased() : $0 })
    }

    /// A free name made from `base`, now taken.
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var number = 2
        while taken.contains(key(candidate)) {
            candidate = base + String(number)
            number += 1
        }
        taken.insert(key(candidate))
        return candidate
    }

    private func key(_ name: String) -> String { ignoresCase ? name.lowercased() : name }
}
