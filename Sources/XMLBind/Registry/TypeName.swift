/// Type names as a person reads them in a message: `Int` for `Optional<Int>` (a value in a
/// document is never "nil"), `[Int]` for `Array<Int>`.
enum TypeName {
    static func forMessages(_ type: Any.Type) -> String {
        var name = TypeReflection.name(of: type)
        if name.hasPrefix("Optional<"), name.hasSuffix(">") {
            name = String(name.dropFirst("Optional<".count).dropLast())
        }
        return sugared(name)
    }

    /// `Array<X>` becomes `[X]`, and `Optional<X>` inside becomes `X?`, at any depth.
    private static func sugared(_ name: String) -> String {
        for (generic, open, close) in [("Array<", "[", "]"), ("Optional<", "", "?")] {
            guard let range = name.firstRange(of: generic) else { continue }
            var depth = 1
            var index = range.upperBound
            while index < name.endIndex, depth > 0 {
                if name[index] == "<" { depth += 1 }
                if name[index] == ">" { depth -= 1 }
                if depth > 0 { index = name.index(after: index) }
            }
            guard index < name.endIndex else { return name }
            let inner = String(name[range.upperBound..<index])
            let rest = String(name[name.index(after: index)...])
            return sugared(String(name[..<range.lowerBound]) + open + inner + close + rest)
        }
        return name
    }
}
