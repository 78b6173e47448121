import Foundation

/// XML Schema's regular expressions translated for `NSRegularExpression` (ICU).
///
/// XML Schema's dialect is anchored at both ends, has no `^`/`$` anchors (they are plain
/// characters) and adds the name classes `\i`, `\I`, `\c` and `\C`; the rest is ICU's
/// syntax too, but for two spellings: a block escape (`\p{IsBasicLatin}`) is ICU's
/// `\p{Block=BasicLatin}` (ICU matches block names loosely, so `IsLatin-1Supplement` is
/// `Latin_1_Supplement`), and a class subtraction (`[a-z-[aeiou]]`) is ICU's set difference
/// (`[[a-z]--[aeiou]]`). A translation ICU does not compile (a block it does not know) is
/// not used, and the caller warns.
enum XSDPattern {
    /// The ICU form of a pattern, anchored; `nil` when it uses what is not translated.
    static func translate(_ pattern: String) -> String? {
        var result = ""
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let escape = self.escape(&characters, inClass: false) else { return nil }
                result += escape
            case "[":
                guard let set = characterClass(&characters) else { return nil }
                result += set
            case "^", "$":
                result += "\\" + String(character)
            default:
                result.append(character)
            }
        }
        let translated = "^(?:" + result + ")$"
        // What ICU refuses (an unknown block name) would be dropped by the generated code.
        guard (try? NSRegularExpression(pattern: translated)) != nil else { return nil }
        return translated
    }

    /// A character class, its `[` read: `[...]`, with a subtraction as ICU's set difference.
    private static func characterClass(_ characters: inout ArraySlice<Character>) -> String? {
        var body = ""
        if characters.first == "^" { body += String(characters.removeFirst()) }
        while let character = characters.popFirst() {
            switch character {
            case "\\":
                guard let escape = self.escape(&characters, inClass: true) else { return nil }
                body += escape
            case "-" where characters.first == "[":
                // `[base-[subtracted]]`: the subtraction ends the class.
                characters.removeFirst()
                guard let subtracted = characterClass(&characters), characters.popFirst() == "]" else { return nil }
                return "[[" + body + "]--" + subtracted + "]"
            case "]":
                return "[" + body + "]"
            case "[", "&":
                // ICU reads a nested set or an intersection where XML Schema means the character.
                body += "\\" + String(character)
            default:
                body.append(character)
            }
        }
        return nil
    }

    /// An escape, its `\` read.
    private static func escape(_ characters: inout ArraySlice<Character>, inClass: Bool) -> String? {
        guard let next = characters.popFirst() else { return nil }
        switch next {
        case "i": return inClass ? "_:A-Za-z" : "[_:A-Za-z]"
        case "c": return inClass ? "\\-.0-9_:A-Za-z" : "[\\-.0-9_:A-Za-z]"
        case "I", "C":
            guard !inClass else { return nil }
            return next == "I" ? "[^_:A-Za-z]" : "[^\\-.0-9_:A-Za-z]"
        case "p", "P":
            guard characters.first == "{" else { return nil }
            guard characters.dropFirst().starts(with: "Is") else { return "\\" + String(next) }
            // `\p{IsBlock}`: ICU's `\p{Block=Block}`.
            characters.removeFirst(3)
            return "\\" + String(next) + "{Block="
        default: return "\\" + String(next)
        }
    }
}
