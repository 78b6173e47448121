#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An encoding name as a document, a caller or an HTTP header writes it, resolved to the
/// encoding XMLBind reads it as.
///
/// Names match as XML and IANA say: case-insensitively, and loosely (as Unicode Technical
/// Standard #22 does for charset aliases), so that only letters and digits count:
/// `Shift_JIS`, `shift-jis` and `SHIFTJIS` are one name, as are `ibm-866` and `IBM866`.
/// Common aliases that iconv spells differently are mapped first (`x-mac-cyrillic`,
/// `x-sjis`, `cp1251`, `windows-31j`…); any other name iconv knows works as it is.
///
/// Two labels stand for the supersets that documents bearing them really use, as web
/// browsers decide (the WHATWG Encoding Standard):
/// - `GB2312` (and `EUC-CN`, `CP936`, `x-gbk`) is read as **GBK**, which contains GB2312
///   and is what Windows writes under that label; `GB18030` names its own, larger set.
/// - `Big5` is read as **CP950**, Microsoft's Big5, which Windows writes under that label
///   and which adds the ETEN extensions and the euro sign (`A3 E1`) to plain Big5. glibc's
///   Big5-HKSCS lacks the euro sign, so it is read only when a document names it
///   (`Big5-HKSCS`).
/// - `Shift_JIS` is read as **Windows-31J** (CP932): plain Shift_JIS in glibc maps the bytes
///   of `\` and `~` to `¥` and `‾`, which no document means.
/// - `TIS-620` (and `ISO-8859-11`) is read as **windows-874**, which adds the euro sign, curly
///   quotes and dashes at `80`–`9F`.
/// - `EUC-KR` (and `KS_C_5601-1987`, `korean`) is read as **windows-949** (CP949, Unified
///   Hangul Code), which adds the 8,822 Hangul syllables KS X 1001 lacks.
enum EncodingName {
    /// What a name resolves to.
    enum Resolved: Equatable {
        /// UTF-8, which expat reads itself.
        case utf8
        /// UTF-16, of the given byte order, or the one a byte order mark says (`nil`).
        case utf16(bigEndian: Bool?)
        /// UTF-32 (or UCS-4), of the given byte order or the one a byte order mark says.
        case utf32(bigEndian: Bool?)
        /// ISO-8859-1, which expat reads itself.
        case latin1
        /// US-ASCII, which expat reads itself.
        case ascii
        /// Any other encoding, by its iconv name.
        case iconv(String)

        /// Whether a character's code units are wider than a byte.
        var isWide: Bool {
            switch self {
            case .utf16, .utf32: true
            case .utf8, .latin1, .ascii, .iconv: false
            }
        }
    }

    /// The loose form of a name: its letters (lowercased) and digits only.
    static func looseKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    /// Whether a name is one of UTF-7's (`UTF-7`, `UNICODE-1-1-UTF-7`, `UTF-7-IMAP`…): a
    /// document may not choose it by itself.
    static func isUTF7(_ name: String) -> Bool {
        let key = looseKey(name)
        return key.hasPrefix("utf7") || key.hasPrefix("unicode11utf7") || key.hasPrefix("csunicode11utf7")
    }

    /// Resolves a name, or returns `nil` when no encoding of that name is known.
    static func resolve(_ name: String) -> Resolved? {
        // An XML encoding name: a letter, then letters, digits and `._-`. Anything else
        // (iconv's `//TRANSLIT` suffixes above all) is no name.
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic,
            scalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            }),
            scalars.count <= 64
        else { return nil }
        let key = looseKey(name)
        if let known = builtins[key] { return known }
        if let alias = aliases[key] { return EncodingCatalog.knows(alias) ? .iconv(alias) : nil }
        for candidate in [name.uppercased(), name.uppercased().replacing("_", with: "-")]
        where EncodingCatalog.knows(candidate) {
            return wideForm(of: candidate) ?? .iconv(candidate)
        }
        return nil
    }

    /// UTF-16 and UTF-32 under iconv's other names (`UCS-2`, `UCS-4BE`…), which read as
    /// their wide forms.
    private static func wideForm(of iconvName: String) -> Resolved? {
        let key = looseKey(iconvName)
        if key.hasPrefix("ucs2") || key.hasPrefix("utf16") {
            return .utf16(bigEndian: key.hasSuffix("le") ? false : key.hasSuffix("be") ? true : nil)
        }
        if key.hasPrefix("ucs4") || key.hasPrefix("utf32") {
            return .utf32(bigEndian: key.hasSuffix("le") ? false : key.hasSuffix("be") ? true : nil)
        }
        return nil
    }

    /// The encodings expat reads itself, and the wide ones, by loose key.
    private static let builtins: [String: Resolved] = {
        var table: [String: Resolved] = [:]
        for key in ["utf8", "unicode11utf8", "unicode20utf8", "xunicode20utf8"] { table[key] = .utf8 }
        for key in ["utf16", "unicode", "csunicode", "ucs2", "iso10646ucs2"] { table[key] = .utf16(bigEndian: nil) }
        table["utf16be"] = .utf16(bigEndian: true)
        table["utf16le"] = .utf16(bigEndian: false)
        for key in ["utf32", "ucs4", "iso10646ucs4"] { table[key] = .utf32(bigEndian: nil) }
        table["utf32be"] = .utf32(bigEndian: true)
        table["utf32le"] = .utf32(bigEndian: false)
        for key in ["iso88591", "latin1", "l1", "isoir100", "cp819", "ibm819", "csisolatin1", "iso885911987"] {
            table[key] = .latin1
        }
        for key in ["usascii", "ascii", "ansix341968", "iso646us", "us", "csascii", "isoir6", "ibm367", "cp367"] {
            table[key] = .ascii
        }
        return table
    }()

    /// Aliases whose iconv spelling differs, by loose key.
    private static let aliases: [String: String] = {
        var table: [String: String] = [:]
        func add(_ iconvName: String, _ keys: String...) { for key in keys { table[key] = iconvName } }
        add(
            "GBK", "gb2312", "csgb2312", "euccn", "xeuccn", "gbk", "xgbk", "cp936", "ms936", "windows936", "chinese",
            "isoir58", "gb231280")
        add("GB18030", "gb18030")
        add("CP950", "big5", "csbig5", "xxbig5", "cnbig5", "cp950", "ms950", "windows950")
        add("BIG5-HKSCS", "big5hkscs")
        add(
            "CP932", "shiftjis", "sjis", "xsjis", "mskanji", "csshiftjis", "windows31j", "cswindows31j", "cp932",
            "ms932")
        add("EUC-JP", "eucjp", "xeucjp", "cseucpkdfmtjapanese")
        add("ISO-2022-JP", "iso2022jp", "csiso2022jp")
        add(
            "CP949", "euckr", "cseuckr", "ksc56011987", "csksc56011987", "isoir149", "korean", "ksc5601", "cp949",
            "uhc", "windows949", "ksc56011989")
        add("EUC-TW", "euctw", "xeuctw", "cseuctw")
        add("MAC-CYRILLIC", "xmaccyrillic", "maccyrillic", "xmacukrainian", "macukrainian")
        add("MACINTOSH", "macintosh", "mac", "xmacroman", "macroman", "csmacintosh")
        add("KOI8-R", "koi8r", "cskoi8r", "koi8", "koi")
        add("KOI8-U", "koi8u", "koi8ru")
        add("CP874", "tis620", "iso885911", "cstis620", "windows874", "cp874", "dos874")
        add("IBM866", "ibm866", "cp866", "866", "csibm866")
        add("IBM855", "ibm855", "cp855", "855", "csibm855")
        for number in 1250...1258 { add("CP\(number)", "windows\(number)", "cp\(number)", "xcp\(number)") }
        for number in [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16] {
            add("ISO-8859-\(number)", "iso8859\(number)", "iso8859\(number)")
        }
        add("ISO-8859-2", "latin2", "l2", "csisolatin2")
        add("ISO-8859-5", "cyrillic", "csisolatincyrillic")
        add("ISO-8859-7", "greek", "greek8", "elot928", "csisolatingreek")
        add("ISO-8859-8", "hebrew", "csisolatinhebrew", "iso88598i")
        add("ISO-8859-9", "latin5", "l5", "csisolatin5")
        add("ISO-8859-15", "latin9", "l9", "latin0")
        return table
    }()
}
