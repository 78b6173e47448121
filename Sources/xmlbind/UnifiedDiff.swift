import Foundation

/// A unified diff of two versions of a file, as `diff -u` prints it: `--- a/FILE`,
/// `+++ b/FILE`, then hunks with three lines of context around each change.
///
/// Lines are compared with their line breaks (so a changed break shows), found by Myers'
/// algorithm after the common head and tail are set aside, which keeps it fast when a
/// few lines of a large file change.
struct UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3

    /// One line of the script, with where it stands in each version (for a line only one
    /// version has, the other's position is the line that follows).
    private struct Step {
        enum Kind { case same, removed, added }
        var kind: Kind
        var old: Int
        var new: Int
        var isChange: Bool { kind != .same }
    }

    let old: [Substring]
    let new: [Substring]

    init(old: Data, new: Data) {
        self.old = Self.lines(of: old)
        self.new = Self.lines(of: new)
    }

    /// The diff as text, or an empty string when the versions are equal.
    func render(path: String) -> String {
        let steps = script()
        guard steps.contains(where: \.isChange) else { return "" }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < steps.count {
            guard let change = steps[index...].firstIndex(where: \.isChange) else { break }
            let start = max(index, change - Self.context)
            // Extend the hunk while the next change is within twice the context.
            var end = change
            var sameRun = 0
            var cursor = change
            while cursor < steps.count {
                if !steps[cursor].isChange {
                    sameRun += 1
                    if sameRun > 2 * Self.context { break }
                } else {
                    sameRun = 0
                    end = cursor
                }
                cursor += 1
            }
            let stop = min(steps.count, end + 1 + Self.context)
            out += hunk(steps[start..<stop])
            index = stop
        }
        return out
    }

    /// One hunk: its `@@` header and its lines.
    private func hunk(_ steps: ArraySlice<Step>) -> String {
        var oldCount = 0
        var newCount = 0
        var body = ""
        for step in steps {
            switch step.kind {
            case .same:
                oldCount += 1
                newCount += 1
                body += line(" ", old[step.old])
            case .removed:
                oldCount += 1
                body += line("-", old[step.old])
            case .added:
                newCount += 1
                body += line("+", new[step.new])
            }
        }
        // Lines count from 1; a side with no line is numbered by the line before it.
        let first = steps[steps.startIndex]
        let oldFirst = oldCount == 0 ? first.old : first.old + 1
        let newFirst = newCount == 0 ? first.new : first.new + 1
        return "@@ -\(range(oldFirst, oldCount)) +\(range(newFirst, newCount)) @@\n" + body
    }

    private func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private func line(_ mark: String, _ text: Substring) -> String {
        text.hasSuffix("\n") || text.hasSuffix("\r")
            ? mark + text : mark + text + "\n\\ No newline at end of file\n"
    }

    /// The edit script: the common head, Myers' shortest script for the middle, the common tail.
    private func script() -> [Step] {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        var steps = (0..<head).map { Step(kind: .same, old: $0, new: $0) }
        steps += middle(old[head..<(old.count - tail)], new[head..<(new.count - tail)])
        steps += (0..<tail).map { Step(kind: .same, old: old.count - tail + $0, new: new.count - tail + $0) }
        return steps
    }

    /// Myers' O((N+M)·D) algorithm, keeping each round's furthest points to walk back.
    private func middle(_ a: ArraySlice<Substring>, _ b: ArraySlice<Substring>) -> [Step] {
        let n = a.count
        let m = b.count
        let offset = n + m + 1
        var furthest = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for d in 0...(n + m) {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a.startIndex + x] == b[b.startIndex + y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk back from the end through the saved rounds.
        var steps: [Step] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[d]
            let k = x - y
            let previousK =
                k == -d || (k != d && saved[offset + k - 1] < saved[offset + k + 1]) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : saved[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(kind: .same, old: a.startIndex + x, new: b.startIndex + y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                steps.append(Step(kind: .added, old: a.startIndex + x, new: b.startIndex + y))
            } else {
                x -= 1
                steps.append(Step(kind: .removed, old: a.startIndex + x, new: b.startIndex + y))
            }
        }
        return steps.reversed()
    }

    /// The lines of a document, each with its line break (LF, CR LF or CR).
    static func lines(of data: Data) -> [Substring] {
        let text = String(decoding: data, as: UTF8.self)
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == "\n" || character == "\r\n" || character == "\r" {
                lines.append(text[start..<index])
                start = index
            }
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }
}
