/// "Did you mean": the candidate closest to what a document wrote.
enum Suggestion {
    /// The candidate a name most likely meant: one that differs only in letter case, or
    /// else the nearest within a small number of edits (about a third of the name's
    /// length, at most 3); ties go to the alphabetically first. `nil` when none is close.
    static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let others = Set(candidates).subtracting([name])
        let lowered = name.lowercased()
        if let sameLetters = others.filter({ $0.lowercased() == lowered }).min() { return sameLetters }
        let threshold = max(1, min(3, name.count / 3))
        return others.map { (name: $0, distance: editDistance(lowered, $0.lowercased())) }
            .filter { $0.distance <= threshold }
            .min { ($0.distance, $0.name) < ($1.distance, $1.name) }?.name
    }

    /// Edit distance over Unicode scalars, where inserting, deleting or replacing one
    /// character, or swapping two neighbours, counts as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
