/// Decides a document's encoding from its first bytes, as XML 1.0 Appendix F and expat do,
/// and from the encoding a caller names.
///
/// The order, highest first:
/// 1. A byte order mark (UTF-8, UTF-16, UTF-32): it wins over everything (RFC 7303). A
///    declaration that names an encoding of another width (UTF-16 after a UTF-8 mark) is
///    an error; any other declared name is ignored.
/// 2. `String` input: UTF-8, since the text is already decoded.
/// 3. The caller's name (``ParseOptions/encoding``, an HTTP charset say): the declaration
///    is ignored.
/// 4. Without either, the first bytes' pattern: `00 00 00 3C` and `3C 00 00 00` are UTF-32;
///    otherwise a 0 first byte is UTF-16 big-endian and a 0 second byte UTF-16
///    little-endian (expat's rule); `4C 6F A7 94` is EBCDIC; anything else is 8-bit.
///    The declaration, read in that form, then names the encoding; none means UTF-8
///    (UTF-16 for 16-bit input). A name that cannot describe bytes of that form is an error.
///    UTF-7 is refused here (``XMLBindError/Code/encodingRefused``): only a caller's name
///    (3.) reads it, as the WHATWG Encoding Standard leaves it out of the web.
enum EncodingSniffer {
    /// What the caller says about the input.
    struct Request: Sendable {
        /// An encoding name from outside the document.
        var name: String?
        /// The input is the UTF-8 of a `String`.
        var isString = false
        /// Whether invalid bytes become U+FFFD instead of an error.
        var replacesInvalidBytes = false
    }

    enum Outcome {
        /// The first bytes do not tell yet.
        case needMore
        case decided(DocumentEncoding)
        /// The encoding cannot be read: a diagnostic at the declaration, or at the start.
        case failed(PendingDiagnostic)
    }

    /// How many bytes are read, at most, to find the end of the XML declaration.
    static let declarationLimit = 4096

    /// The code units the declaration is read in.
    private enum Family: Equatable {
        case eightBit, utf16(bigEndian: Bool), utf32(bigEndian: Bool), ebcdic
        var unit: Int {
            switch self {
            case .eightBit, .ebcdic: 1
            case .utf16: 2
            case .utf32: 4
            }
        }
    }

    /// Decides the encoding of a document starting with `head`.
    ///
    /// - Parameters:
    ///   - head: The document's first bytes (all of them so far).
    ///   - isFinal: Whether `head` is the whole document.
    ///   - request: What the caller says.
    static func decide(_ head: [UInt8], isFinal: Bool, request: Request) -> Outcome {
        guard head.count >= 4 || isFinal else { return .needMore }
        let (bom, bomLength) = byteOrderMark(head)
        if let bom {
            let family: Family =
                switch bom {
                case .utf16(let bigEndian): .utf16(bigEndian: bigEndian ?? true)
                case .utf32(let bigEndian): .utf32(bigEndian: bigEndian ?? true)
                default: .eightBit
                }
            guard let declaration = readDeclaration(head, from: bomLength, family: family, isFinal: isFinal) else {
                return .needMore
            }
            if let declared = declaration.encoding, let resolved = EncodingName.resolve(declared.name),
                bom.isWide ? !sameWidth(resolved, bom) : resolved.isWide
            {
                return .failed(conflict(declared, with: bomName(bom) + " byte order mark"))
            }
            return finish(form(of: bom, name: bomName(bom)), request)
        }
        if request.isString {
            guard !startsWithZero(head) else { return .failed(nulAtStart()) }
            return finish(.utf8, request)
        }
        if let name = request.name {
            guard let resolved = EncodingName.resolve(name) else {
                return .failed(
                    PendingDiagnostic(
                        code: .invalidEncoding,
                        message: "unknown encoding '\(name)' (named by ParseOptions.encoding)", byteOffset: 0))
            }
            if !resolved.isWide, startsWithZero(head) { return .failed(nulAtStart()) }
            let zeroFirst = head.first == 0
            return finish(form(of: resolved, name: name, bigEndianDefault: zeroFirst || head.count < 2), request)
        }
        let family = pattern(head)
        guard let declaration = readDeclaration(head, from: 0, family: family, isFinal: isFinal) else {
            return .needMore
        }
        guard let declared = declaration.encoding else {
            switch family {
            case .eightBit: return finish(.utf8, request)
            case .utf16(let bigEndian):
                return finish(DocumentEncoding(form: .utf16(bigEndian: bigEndian), name: "UTF-16"), request)
            case .utf32(let bigEndian): return finish(form(of: .utf32(bigEndian: bigEndian), name: "UTF-32"), request)
            case .ebcdic:
                return finish(DocumentEncoding(form: .transcoded(iconvName: "IBM037"), name: "IBM037"), request)
            }
        }
        if EncodingName.isUTF7(declared.name) {
            return .failed(
                PendingDiagnostic(
                    code: .encodingRefused,
                    message: "encoding '\(declared.name)' is refused: UTF-7 can spell markup that no check on the "
                        + "bytes sees ('+ADw-' is '<'); name it in ParseOptions.encoding to read the document anyway",
                    byteOffset: declared.offset))
        }
        guard let resolved = EncodingName.resolve(declared.name) else {
            return .failed(
                PendingDiagnostic(
                    code: .invalidEncoding, message: "unknown encoding '\(declared.name)' in the XML declaration",
                    byteOffset: declared.offset))
        }
        switch (family, resolved) {
        case (.utf16(let bigEndian), .utf16(let declaredOrder)):
            guard declaredOrder == nil || declaredOrder == bigEndian else {
                return .failed(conflict(declared, with: "its bytes, which are UTF-16\(bigEndian ? "BE" : "LE")"))
            }
            return finish(DocumentEncoding(form: .utf16(bigEndian: bigEndian), name: declared.name), request)
        case (.utf32(let bigEndian), .utf32):
            return finish(form(of: .utf32(bigEndian: bigEndian), name: declared.name), request)
        case (.utf16, _), (.utf32, _):
            return .failed(conflict(declared, with: "its bytes, which are \(family.unit * 8)-bit units"))
        case (.eightBit, _) where resolved.isWide, (.ebcdic, _) where resolved.isWide:
            return .failed(conflict(declared, with: "its bytes, which are 8-bit"))
        case (.ebcdic, .iconv(let iconvName)):
            guard decodes(head, prefix: declaration.end, as: iconvName, like: "IBM037") else {
                return .failed(conflict(declared, with: "its declaration, which is written in EBCDIC"))
            }
            return finish(DocumentEncoding(form: .transcoded(iconvName: iconvName), name: declared.name), request)
        case (.ebcdic, _):
            return .failed(conflict(declared, with: "its declaration, which is written in EBCDIC"))
        default:
            let encoding = form(of: resolved, name: declared.name)
            if case .transcoded(let iconvName) = encoding.form,
                !decodes(head, prefix: declaration.end, as: iconvName, like: "ISO-8859-1")
            {
                return .failed(conflict(declared, with: "its declaration, which is written in ASCII"))
            }
            return finish(encoding, request)
        }
    }

    // MARK: Forms

    private static func sameWidth(_ a: EncodingName.Resolved, _ b: EncodingName.Resolved) -> Bool {
        switch (a, b) {
        case (.utf16(let x), .utf16(let y)), (.utf32(let x), .utf32(let y)): x == nil || y == nil || x == y
        default: false
        }
    }

    private static func bomName(_ bom: EncodingName.Resolved) -> String {
        switch bom {
        case .utf16: "UTF-16"
        case .utf32: "UTF-32"
        default: "UTF-8"
        }
    }

    /// The form a resolved name is read in.
    private static func form(of resolved: EncodingName.Resolved, name: String, bigEndianDefault: Bool = true)
        -> DocumentEncoding
    {
        let form: DocumentEncoding.Form =
            switch resolved {
            case .utf8: .utf8
            case .utf16(let bigEndian): .utf16(bigEndian: bigEndian ?? bigEndianDefault)
            case .utf32(let bigEndian): .transcoded(iconvName: bigEndian ?? bigEndianDefault ? "UTF-32BE" : "UTF-32LE")
            case .latin1: .latin1
            case .ascii: .ascii
            case .iconv(let iconvName):
                switch EncodingCatalog.reading(of: iconvName) {
                case .table(let table): .table(table)
                case .transcoded: .transcoded(iconvName: iconvName)
                }
            }
        return DocumentEncoding(form: form, name: name)
    }

    /// With replacement asked for, every encoding but ISO-8859-1 (where every byte is a
    /// character) is transcoded, so that iconv finds each invalid byte and the rest of
    /// the document still reads.
    private static func finish(_ encoding: DocumentEncoding, _ request: Request) -> Outcome {
        guard request.replacesInvalidBytes else { return .decided(encoding) }
        let iconvName: String? =
            switch encoding.form {
            case .utf8: "UTF-8"
            case .utf16(let bigEndian): bigEndian ? "UTF-16BE" : "UTF-16LE"
            case .ascii: "US-ASCII"
            case .table(let table): table.iconvName
            case .latin1, .transcoded: nil
            }
        guard let iconvName else { return .decided(encoding) }
        return .decided(DocumentEncoding(form: .transcoded(iconvName: iconvName), name: encoding.name))
    }

    // MARK: First bytes

    private static func byteOrderMark(_ head: [UInt8]) -> (EncodingName.Resolved?, Int) {
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if head.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if head.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        return (nil, 0)
    }

    /// The family of units the first bytes show, without a byte order mark.
    private static func pattern(_ head: [UInt8]) -> Family {
        if head.starts(with: [0x00, 0x00, 0x00, 0x3C]) { return .utf32(bigEndian: true) }
        if head.starts(with: [0x3C, 0x00, 0x00, 0x00]) { return .utf32(bigEndian: false) }
        if head.starts(with: [0x4C, 0x6F, 0xA7, 0x94]) { return .ebcdic }
        if head.first == 0 { return .utf16(bigEndian: true) }
        if head.count > 1, head[1] == 0 { return .utf16(bigEndian: false) }
        return .eightBit
    }

    private static func startsWithZero(_ head: [UInt8]) -> Bool {
        head.prefix(2).contains(0)
    }

    private static func nulAtStart() -> PendingDiagnostic {
        PendingDiagnostic(
            code: .invalidEncoding,
            message: "the document starts with a 0 byte: as UTF-8 that is the character U+0000, which XML does not "
                + "allow; UTF-16 or UTF-32 input needs a byte order mark or no named encoding",
            byteOffset: 0)
    }

    private static func conflict(_ declared: Declaration.Name, with what: String) -> PendingDiagnostic {
        PendingDiagnostic(
            code: .invalidEncoding,
            message: "the XML declaration names encoding '\(declared.name)', which contradicts \(what)",
            byteOffset: declared.offset)
    }

    /// Whether the first `prefix` bytes read the same in `iconvName` as in `reference`.
    private static func decodes(_ head: [UInt8], prefix: Int, as iconvName: String, like reference: String) -> Bool {
        let bytes = Array(head.prefix(prefix))
        func decoded(_ name: String) -> [UInt8]? {
            guard let converter = Iconv(from: name, to: "UTF-8") else { return nil }
            var output: [UInt8] = []
            let (consumed, _) = bytes.withUnsafeBytes { converter.convert($0, into: &output) }
            return consumed == bytes.count ? output : nil
        }
        guard let expected = decoded(reference), let actual = decoded(iconvName) else { return false }
        return expected == actual
    }

    // MARK: The declaration

    struct Declaration {
        struct Name {
            var name: String
            /// The byte offset of the name's first character.
            var offset: Int
        }
        var encoding: Name?
        /// The byte offset just after `?>` (0 when there is no declaration).
        var end: Int
    }

    /// The XML declaration at `start`, read in `family`'s units; a missing declaration
    /// is one without an encoding. `nil` when more bytes are needed to tell.
    private static func readDeclaration(_ head: [UInt8], from start: Int, family: Family, isFinal: Bool) -> Declaration?
    {
        let unit = family.unit
        let ebcdic: [UInt8]? = family == .ebcdic ? ebcdicToASCII(Array(head[start...].prefix(declarationLimit))) : nil
        /// The ASCII character of the unit at `index`, or `nil` past the end or for a non-ASCII unit.
        func character(_ index: Int) -> UInt8? {
            let offset = start + index * unit
            guard offset + unit <= head.count else { return nil }
            if let ebcdic { return index < ebcdic.count ? ebcdic[index] : nil }
            var value: UInt32 = 0
            for byte in 0..<unit {
                let bigEndian: Bool =
                    switch family {
                    case .utf16(let order), .utf32(let order): order
                    default: true
                    }
                value = value << 8 | UInt32(head[offset + (bigEndian ? byte : unit - 1 - byte)])
            }
            return value < 0x80 ? UInt8(value) : nil
        }
        let available = (head.count - start) / unit
        let opening = Array("<?xml".utf8)
        for (index, expected) in opening.enumerated() {
            guard let found = character(index) else {
                return index >= available && !isFinal ? nil : Declaration(encoding: nil, end: 0)
            }
            if found != expected { return Declaration(encoding: nil, end: 0) }
        }
        guard let space = character(opening.count) else {
            return available <= opening.count && !isFinal ? nil : Declaration(encoding: nil, end: 0)
        }
        guard isSpace(space) else { return Declaration(encoding: nil, end: 0) }
        var text: [UInt8] = []
        var index = opening.count
        while true {
            guard let found = character(index) else {
                let exhausted = index >= available
                if exhausted, !isFinal, (index * unit) < declarationLimit { return nil }
                return Declaration(encoding: nil, end: 0)
            }
            if found == UInt8(ascii: ">"), text.last == UInt8(ascii: "?") { break }
            text.append(found)
            index += 1
        }
        let end = start + (index + 1) * unit
        guard let (name, position) = pseudoAttribute("encoding", in: text) else {
            return Declaration(encoding: nil, end: end)
        }
        let offset = start + (opening.count + position) * unit
        return Declaration(encoding: Declaration.Name(name: name, offset: offset), end: end)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The value of a pseudo-attribute and the index of its first character in `text`.
    private static func pseudoAttribute(_ name: String, in text: [UInt8]) -> (String, Int)? {
        let key = Array(name.utf8)
        var index = 0
        while index + key.count <= text.count {
            defer { index += 1 }
            guard Array(text[index..<index + key.count]) == key, index == 0 || isSpace(text[index - 1]) else {
                continue
            }
            var cursor = index + key.count
            while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = text[cursor]
            let valueStart = cursor + 1
            guard let valueEnd = text[valueStart...].firstIndex(of: quote) else { return nil }
            return (String(decoding: text[valueStart..<valueEnd], as: UTF8.self), valueStart)
        }
        return nil
    }

    /// The ASCII reading of EBCDIC bytes (code page 037), one byte per byte; 0 for any
    /// byte that is not ASCII there.
    private static func ebcdicToASCII(_ bytes: [UInt8]) -> [UInt8] {
        guard let converter = Iconv(from: "IBM037", to: "ISO-8859-1") else { return [] }
        return bytes.map { byte in
            var output: [UInt8] = []
            converter.reset()
            _ = [byte].withUnsafeBytes { converter.convert($0, into: &output) }
            return output.count == 1 && output[0] < 0x80 ? output[0] : 0
        }
    }
}
