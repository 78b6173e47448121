/// How many terminal cells text takes, so a caret lines up under the right character.
///
/// Wide characters take two cells: those Unicode's East Asian Width property calls Wide
/// or Fullwidth (CJK ideographs, kana, Hangul, fullwidth forms, and the emoji that are
/// shown as emoji by default, such as U+1F680 🚀), and any emoji sequence shown as one
/// picture (a flag, an emoji with the variation selector U+FE0F, a family joined by
/// U+200D). Combining marks and format characters take none.
enum DisplayWidth {
    /// The code points whose East Asian Width is W or F (Unicode 14), as sorted ranges;
    /// unassigned code points between two wide ones are folded in, to keep the table
    /// small. Made from `EastAsianWidth.txt` with Python's `unicodedata` (see the note at
    /// the end of this file).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAD9,
        0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004,
        0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335,
        0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
        0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
    ]

    /// Whether a scalar's East Asian Width is Wide or Fullwidth.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// The cells one character (a grapheme cluster) takes: 0, 1 or 2.
    static func cells(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var previous: Unicode.Scalar? = nil
        for scalar in scalars {
            // An emoji by default, or one asked for with the variation selector U+FE0F.
            if scalar.properties.isEmojiPresentation { return 2 }
            if scalar == "\u{FE0F}", let previous, previous.properties.isEmoji { return 2 }
            previous = scalar
        }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return isWide(first) ? 2 : 1
        }
    }

    /// The whitespace that puts a caret under `column` of `line` (1-based, counted in
    /// Unicode scalars as expat counts columns): tabs are copied so the caret lines up
    /// however a terminal shows them; every other character gives its ``cells(_:)``.
    static func caretPrefix(for line: String, column: Int) -> String {
        var prefix = ""
        var remaining = column - 1
        for character in line {
            let count = character.unicodeScalars.count
            guard remaining >= count else { break }
            if character == "\t" {
                prefix.append("\t")
            } else {
                prefix += String(repeating: " ", count: cells(character))
            }
            remaining -= count
        }
        // A column past the line's end (the end of the input) or inside a cluster.
        if remaining > 0, line.unicodeScalars.count < column - 1 {
            prefix += String(repeating: " ", count: column - 1 - line.unicodeScalars.count)
        }
        return prefix
    }
}

// The table, regenerated (Python 3; its `unicodedata` names its Unicode version):
//
//     import unicodedata
//     def cat(cp): return unicodedata.category(chr(cp))
//     def wide(cp):
//         if 0x20000 <= cp <= 0x3FFFD: return True  # unassigned there defaults to W
//         return cat(cp) != 'Cn' and unicodedata.east_asian_width(chr(cp)) in ('W', 'F')
//     ranges, start = [], None
//     for cp in range(0x110000):
//         if wide(cp):
//             start, last = (cp if start is None else start), cp
//         elif start is not None and cat(cp) != 'Cn':
//             ranges.append((start, last)); start = None
//     print(', '.join('0x%X...0x%X' % r for r in ranges))
