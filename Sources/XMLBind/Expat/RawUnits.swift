// Invariants (the expat room, see Engine/UncheckedLayer.swift): `raw` is a view of bytes the
// caller lends for the duration of the scan (a tag's raw bytes from expat or the recent
// input); every read is bounds-checked against `raw.count`.

/// The raw bytes of a tag as the document wrote them, read as 8-bit or 16-bit units.
///
/// Used to find entity references that expat resolves (or drops) before the handlers
/// see the text. Only ASCII matters to the search, so any ASCII-compatible 8-bit
/// encoding reads as bytes; names are decoded as UTF-8 or UTF-16.
struct RawUnits {
    enum Form {
        /// UTF-8 (or ASCII).
        case bytes
        /// A single-byte encoding such as ISO-8859-1: each byte is one character.
        case singleByte
        case bigEndian, littleEndian
    }

    let raw: UnsafeRawBufferPointer
    let form: Form

    init(_ raw: UnsafeRawBufferPointer, form: Form) {
        self.raw = raw
        self.form = form
    }

    private var isByteWide: Bool {
        switch form {
        case .bytes, .singleByte: true
        case .bigEndian, .littleEndian: false
        }
    }

    private var count: Int { isByteWide ? raw.count : raw.count / 2 }

    private func unit(_ index: Int) -> UInt16 {
        switch form {
        case .bytes, .singleByte: UInt16(raw[index])
        case .bigEndian: UInt16(raw[2 * index]) << 8 | UInt16(raw[2 * index + 1])
        case .littleEndian: UInt16(raw[2 * index + 1]) << 8 | UInt16(raw[2 * index])
        }
    }

    /// The names of the general entity references (`&name;`, not `&#…;`) in the text.
    func entityReferences() -> [String] {
        var names: [String] = []
        var index = 0
        let ampersand = UInt16(UInt8(ascii: "&"))
        let semicolon = UInt16(UInt8(ascii: ";"))
        while index < count {
            guard unit(index) == ampersand else {
                index += 1
                continue
            }
            let start = index + 1
            var end = start
            while end < count, unit(end) != semicolon, unit(end) != ampersand, unit(end) > 0x20 { end += 1 }
            if end < count, unit(end) == semicolon, end > start, unit(start) != UInt16(UInt8(ascii: "#")) {
                let units = (start..<end).map(unit)
                switch form {
                case .bytes: names.append(String(decoding: units.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self))
                case .singleByte: names.append(String(String.UnicodeScalarView(units.compactMap(Unicode.Scalar.init))))
                case .bigEndian, .littleEndian: names.append(String(decoding: units, as: UTF16.self))
                }
                index = end + 1
            } else {
                index = max(end, start)
            }
        }
        return names
    }
}
