/// XML Schema's regular expressions translated for `NSRegularExpression` (ICU).
///
/// XML Schema's dialect is anchored at both ends, has no `^`/`$` anchors (they are plain
/// characters) and adds the name classes `\i`, `\I`, `\c` and `\C`; the rest is ICU's
/// syntax too. Block escapes (`\p{IsBasicLatin}`) and class subtraction (`[a-z-[aeiou]]`)
/// have no direct ICU form: such a pattern is not translated, and the caller warns.
enum XSDPattern {
    /// The ICU form of a pattern, anchored; `nil` when it uses what is not translated.
    static func translate(_ pattern: String) -> String? {
        var result = ""
        var inClass = false
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let next = characters.popFirst() else { return nil }
                switch next {
                case "i": result += inClass ? "_:A-Za-z" : "[_:A-Za-z]"
                case "c": result += inClass ? "\\-.0-9_:A-Za-z" : "[\\-.0-9_:A-Za-z]"
                case "I", "C":
                    guard !inClass else { return nil }
                    result += next == "I" ? "[^_:A-Za-z]" : "[^\\-.0-9_:A-Za-z]"
                case "p", "P":
                    guard characters.first == "{", !characters.dropFirst().starts(with: "Is") else { return nil }
                    result += "\\" + String(next)
                default: result += "\\" + String(next)
                }
            case "[":
                if inClass { return nil }
                inClass = true
                result += "["
                if characters.first == "^" { result += String(characters.removeFirst()) }
            case "]" where inClass:
                inClass = false
                result += "]"
            case "-" where inClass && characters.first == "[":
                return nil
            case "^", "$":
                result += inClass ? String(character) : "\\" + String(character)
            default:
                result.append(character)
            }
        }
        guard !inClass else { return nil }
        return "^(?:" + result + ")$"
    }
}
