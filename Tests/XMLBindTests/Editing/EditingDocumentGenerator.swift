import Foundation
import XMLBindTestSupport

/// Random documents of ``EditingModel``: comments, processing instructions, odd
/// whitespace, both quote styles, references, CDATA, blank lines and content the mappings
/// ignore, each piece the mappings do not bind recorded with its place so a test can check
/// it survives an edit.
struct EditingDocumentGenerator {
    /// A piece of the document no value lives in, that editing must leave alone: where it
    /// is and which group (by its index in the document) holds it, if one does.
    struct Kept {
        var range: Range<Int>
        var group: Int?
    }

    var random: SeededGenerator
    private(set) var text = ""
    private(set) var kept: [Kept] = []
    private var unit = "  "
    private var marker = 0

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// Makes one document.
    mutating func makeDocument() -> String {
        text = ""
        kept = []
        unit = ["  ", "    ", "\t", " "].randomElement(using: &random) ?? "  "
        if chance(0.6) { keep(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n", group: nil) }
        let declaresEntity = chance(0.3)
        if declaresEntity { keep("<!DOCTYPE config [\n  <!ENTITY co \"ACME\">\n]>\n", group: nil) }
        if chance(0.5) { keep(comment() + "\n", group: nil) }
        text += "<config" + space() + "version" + equals() + quoted(String(Int.random(in: 0...99, using: &random)))
        text += chance(0.3) ? "\n>" : ">"
        if chance(0.5) {
            text += "\n" + unit
            let title = declaresEntity && chance(0.5) ? "T &co; " + escapedText(value()) : escapedText(value())
            text += "<title>" + title + "</title>"
        }
        let groups = Int.random(in: 0...4, using: &random)
        for index in 0..<groups {
            filler(depth: 1, group: nil)
            group(index)
        }
        filler(depth: 1, group: nil)
        text += "\n</config>\n"
        if chance(0.3) { keep(comment() + "\n", group: nil) }
        return text
    }

    private mutating func group(_ index: Int) {
        text += "\n" + unit + "<group" + space() + "id" + equals() + quoted(escapedAttribute("g\(index)" + value()))
        if chance(0.5) { text += space() + "label" + equals() + quoted(escapedAttribute(value())) }
        if chance(0.3) { text += space() + "enabled" + equals() + quoted(chance(0.5) ? "true" : "false") }
        let settings = Int.random(in: 0...4, using: &random)
        let hasNote = chance(0.4)
        if settings == 0, !hasNote, chance(0.5) {
            text += chance(0.5) ? "/>" : " />"
            return
        }
        text += ">"
        if hasNote {
            text += "\n" + unit + unit + "<note>"
            text +=
                chance(0.3)
                ? "<![CDATA[" + value().replacingOccurrences(of: "]]>", with: "") + "]]>" : escapedText(value())
            text += "</note>"
        }
        for position in 0..<settings {
            filler(depth: 2, group: index)
            setting(position)
        }
        filler(depth: 2, group: index)
        text += "\n" + unit + "</group>"
    }

    private mutating func setting(_ position: Int) {
        let name = "name" + equals() + quoted(escapedAttribute("s\(position)" + value()))
        let level = "level" + equals() + quoted(String(Int.random(in: -9...999, using: &random)))
        text += "\n" + String(repeating: unit, count: 3 - 1) + "<setting" + space()
        text += chance(0.5) ? name + space() + level : level + space() + name
        if chance(0.3) {
            text += "/>"
        } else {
            text += ">" + (chance(0.2) ? "&#65;&amp;" : "") + escapedText(value()) + "</setting>"
        }
    }

    /// Comments, processing instructions, ignored elements and blank lines between elements.
    private mutating func filler(depth: Int, group: Int?) {
        let indent = String(repeating: unit, count: depth)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            switch Int.random(in: 0...3, using: &random) {
            case 0:
                text += "\n" + indent
                keep(comment(), group: group)
            case 1:
                text += "\n" + indent
                keep("<?keep pi\(next())?>", group: group)
            case 2:
                text += "\n" + indent
                keep("<extra kind='k\(next())'>text <b>bold</b></extra>", group: group)
            default: text += "\n"
            }
        }
    }

    private mutating func keep(_ piece: String, group: Int?) {
        let start = text.utf8.count
        text += piece
        kept.append(Kept(range: start..<text.utf8.count, group: group))
    }

    private mutating func next() -> Int {
        marker += 1
        return marker
    }

    private mutating func comment() -> String { "<!-- note \(next()) -->" }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    private mutating func space() -> String {
        [" ", " ", "  ", "\n" + unit + unit, "\t"].randomElement(using: &random) ?? " "
    }

    private mutating func equals() -> String { ["=", "=", " = ", "= "].randomElement(using: &random) ?? "=" }

    private mutating func quoted(_ value: String) -> String {
        chance(0.5) ? "\"" + value + "\"" : "'" + value + "'"
    }

    /// A short random value with characters that need escaping.
    mutating func value() -> String {
        let pieces = ["a", "b", "z", " ", "&", "<", ">", "\"", "'", "é", "日", "-", "1"]
        return String(
            (0..<Int.random(in: 0...6, using: &random)).map { _ in
                pieces.randomElement(using: &random) ?? "a"
            }.joined())
    }

    private func escapedAttribute(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&apos;")
    }

    private func escapedText(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
