/// Text from a document made safe to print on a terminal, one scalar for one scalar so that
/// columns (counted in Unicode scalars, as origins count them) still line up.
///
/// A diagnostic quotes its source line and often a value from it. A hostile document can
/// hold control characters, and a terminal obeys them: ESC (U+001B) or the C1 control
/// U+009B starts an escape sequence that can recolour, move the cursor, rename the window
/// or clear the screen. Each control character is therefore shown as its Unicode Control
/// Picture (U+0000…U+001F → U+2400…U+241F, DEL → U+2421), the C1 controls and the
/// noncharacters U+FFFE/U+FFFF as U+FFFD. Tabs stay (a caret lines up under them by
/// copying them), and so do line feeds in a message that spans lines.
enum VisibleText {
    /// `text` with every character a terminal would act on replaced by one visible scalar.
    static func visible(_ text: String, keepingLineFeeds: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsPicture($0, keepingLineFeeds: keepingLineFeeds) }) else {
            return text
        }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            shown.append(needsPicture(scalar, keepingLineFeeds: keepingLineFeeds) ? picture(of: scalar) : scalar)
        }
        return String(shown)
    }

    private static func needsPicture(_ scalar: Unicode.Scalar, keepingLineFeeds: Bool) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingLineFeeds
        case 0x00...0x1F, 0x7F, 0x80...0x9F, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
