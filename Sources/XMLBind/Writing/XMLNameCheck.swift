/// Whether a string can be written as an element or attribute name.
///
/// Registered names are the programmer's and are trusted; names that come from objects
/// (``AttributeContainer/attributesToWrite``) are checked. The check follows XML 1.0's
/// `Name` production for ASCII and accepts every non-ASCII letter-like character.
enum XMLNameCheck {
    /// `local` or `prefix:local`, each part a name without a colon.
    static func isQualifiedName(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count <= 2 && parts.allSatisfy(isNCName)
    }

    private static func isNCName(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first, isNameStart(first) else { return false }
        return part.unicodeScalars.dropFirst().allSatisfy { isNameStart($0) || isNameCharacter($0) }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: true
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF:
            true
        default: false
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x2D, 0x2E, 0xB7, 0x300...0x36F, 0x203F...0x2040: true
        default: false
        }
    }
}
