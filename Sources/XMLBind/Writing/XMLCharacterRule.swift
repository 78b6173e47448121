/// XML 1.0's rule for which characters a document can hold at all, raw or as a character
/// reference: tab, line feed, carriage return, and every scalar from U+0020 on except
/// U+FFFE and U+FFFF (the `Char` production; surrogates are not Unicode scalars, so
/// `Unicode.Scalar` cannot hold them).
///
/// The one statement of the rule: ``XMLWriter`` refuses values by it, and the SOAP and
/// XML-RPC writers test and clean the text they write themselves (fault reasons that quote
/// a request) with it. `package`, so that those modules call it instead of restating it.
package enum XMLCharacterRule {
    /// Whether an XML 1.0 document can hold `scalar`.
    @inline(__always)
    package static func allows(_ scalar: Unicode.Scalar) -> Bool {
        allows(codePoint: scalar.value)
    }

    /// Whether an XML 1.0 document can hold the character with this code point (one decoded
    /// from a Swift string's UTF-8, so never a surrogate).
    @inline(__always)
    package static func allows(codePoint value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D: true
        case 0xFFFE, 0xFFFF: false
        default: value >= 0x20
        }
    }

    /// `text` with every character XML 1.0 cannot hold replaced by `replacement`, or `text`
    /// itself when it has none.
    package static func replacingDisallowed(in text: String, with replacement: Unicode.Scalar?) -> String {
        guard text.unicodeScalars.contains(where: { !allows($0) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if allows(scalar) {
                result.append(scalar)
            } else if let replacement {
                result.append(replacement)
            }
        }
        return String(result)
    }
}
