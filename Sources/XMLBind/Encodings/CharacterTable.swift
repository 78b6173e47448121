/// An encoding whose first byte gives a character's length, as a table: a map of the 256
/// first bytes (-1 for invalid, -2 and -3 for the first byte of a longer character), and for
/// multi-byte characters a table of pairs and one of triples.
///
/// Built once per encoding with iconv (by asking it what every byte sequence is), then
/// shared by every parse: it is immutable once built. It exists only for encodings that
/// fit expat's model (see ``build(iconvName:)``); the others are transcoded by iconv.
/// Documents in these encodings are converted to UTF-8 with the table
/// (``transcode(_:)``) before expat reads them: expat's own path for
/// such encodings converts a character at a time, with a `memcpy` call for each, and
/// read the benchmark's feed at two thirds of its UTF-8 speed.
///
/// The tables are plain memory, allocated at build time and freed when the table goes
/// away; the converter reads them without bounds checks, since every index it computes
/// is one byte (at most 255) or two (at most 65,535): ``Tables``, in
/// `CharacterTable+Unsafe.swift` with the transcoder's stores.
final class CharacterTable: Sendable {
    /// The iconv name the table was built from.
    let iconvName: String
    /// expat's map: the character of a single byte, -1 for a byte that starts nothing,
    /// -2, -3 for the first byte of a two- or three-byte character.
    let map: [Int32]
    /// The characters of two- and three-byte sequences, and the UTF-8 of single bytes.
    let tables: Tables
    /// The one first byte of three-byte characters, if any (EUC-JP's 0x8F).
    private let tripleLead: UInt8?
    /// How many UTF-8 bytes one input byte can become, at most.
    let utf8Scale: Int
    /// Whether every byte below 0x80 is its ASCII character (what lets the transcoder
    /// copy runs of them as they are).
    let keepsASCII: Bool

    private init(iconvName: String, map: [Int32], pairs: [UInt16], triples: [UInt16], tripleLead: UInt8?) {
        self.iconvName = iconvName
        self.map = map
        self.tripleLead = tripleLead
        var scale = 1
        for value in map where value >= 0x80 { scale = max(scale, Self.utf8Length(UInt32(value))) }
        for value in pairs where value != 0 { scale = max(scale, (Self.utf8Length(UInt32(value)) + 1) / 2) }
        self.utf8Scale = scale
        let singles = map.map { $0 >= 0 ? Self.packedUTF8(UInt32($0)) : 0 }
        self.tables = Tables(pairs: pairs, triples: triples, singles: singles)
        self.keepsASCII = (0..<0x80).allSatisfy { map[$0] == $0 }
    }

    deinit {
        tables.free()
    }

    /// Whether some characters take more than one byte.
    var isMultiByte: Bool { map.contains { $0 < -1 } }

    /// How many bytes the character starting with `lead` takes (1 for an invalid byte).
    @inline(__always)
    func length(lead: UInt8) -> Int {
        let value = map[Int(lead)]
        return value < -1 ? Int(-value) : 1
    }

    /// The character a multi-byte sequence stands for, or -1 (expat's converter);
    /// `third` is read only for a three-byte character.
    @inline(__always)
    func character(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Int32 {
        let value: UInt16
        switch map[Int(lead)] {
        case -2: value = tables.pair(lead, second)
        case -3 where lead == tripleLead: value = tables.triple(second, third)
        default: return -1
        }
        return value == 0 ? -1 : Int32(value)
    }

    /// The character of a complete sequence, or `nil` when it is invalid or incomplete.
    func scalar(of bytes: some Collection<UInt8>) -> Unicode.Scalar? {
        guard let lead = bytes.first else { return nil }
        let value = map[Int(lead)]
        if value >= 0 { return Unicode.Scalar(UInt32(value)) }
        guard value < -1, bytes.count >= Int(-value) else { return nil }
        let sequence = Array(bytes.prefix(Int(-value)))
        let code = character(sequence[0], sequence[1], sequence.count > 2 ? sequence[2] : 0)
        return code < 0 ? nil : Unicode.Scalar(UInt32(code))
    }

    /// Decodes bytes of this encoding, an invalid or cut sequence as U+FFFD.
    func decode(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let count = length(lead: bytes[index])
            scalars.append(scalar(of: bytes[index..<min(bytes.count, index + count)]) ?? "\u{FFFD}")
            index += count
        }
        return String(scalars)
    }

    /// The UTF-8 of a character of the Basic Multilingual Plane, packed as ``Tables/single(_:)``
    /// holds it: the length in the low byte, then the bytes in order.
    static func packedUTF8(_ value: UInt32) -> UInt32 {
        switch value {
        case ..<0x80: return value << 8 | 1
        case ..<0x800:
            return (0xC0 | value >> 6) << 8 | (0x80 | value & 0x3F) << 16 | 2
        default:
            return (0xE0 | value >> 12) << 8 | (0x80 | value >> 6 & 0x3F) << 16 | (0x80 | value & 0x3F) << 24 | 3
        }
    }

    private static func utf8Length(_ value: UInt32) -> Int {
        value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x10000 ? 3 : 4
    }

    // MARK: Building

    /// The ASCII characters expat lets an encoding place elsewhere: they never delimit
    /// markup (`$@\^`{}~`, and the control characters XML does not allow).
    private static func mayDiffer(_ byte: Int) -> Bool {
        byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || "$@\\^`{}~".utf8.contains(UInt8(byte))
    }

    /// What iconv makes of one byte sequence.
    private enum Probe {
        case character(UInt32)
        case invalid
        case incomplete
        /// Anything expat's model cannot hold: several characters, a character beyond
        /// U+FFFF, or bytes that only change a shift state.
        case unfit
    }

    /// Builds the table of an encoding, or returns `nil` when it does not fit expat's
    /// model: every XML delimiter is its ASCII byte, a character's first byte gives its
    /// length (at most three bytes, and three only after one first byte), every
    /// character is in the Basic Multilingual Plane, and no bytes shift a state.
    static func build(iconvName: String) -> CharacterTable? {
        guard let converter = Iconv(from: iconvName, to: "UTF-32LE") else { return nil }
        func probe(_ bytes: [UInt8]) -> Probe {
            converter.reset()
            var output: [UInt8] = []
            let (consumed, stop) = bytes.withUnsafeBytes { converter.convert($0, into: &output) }
            // A converter that composes (glibc's CP1255 and CP1258 hold a base letter back
            // for the mark that may follow) hands the held character over at the flush: the
            // table then maps each byte by itself, as browsers and Python read these.
            if stop == .complete, output.isEmpty { converter.finish(into: &output) }
            switch stop {
            case .invalid: return consumed == 0 ? .invalid : .unfit
            case .incomplete: return consumed == 0 ? .incomplete : .unfit
            case .complete:
                guard output.count == 4 else { return .unfit }
                let value =
                    UInt32(output[0]) | UInt32(output[1]) << 8 | UInt32(output[2]) << 16 | UInt32(output[3]) << 24
                return value <= 0xFFFF ? .character(value) : .unfit
            }
        }
        var map = [Int32](repeating: -1, count: 256)
        var pairs = [UInt16](repeating: 0, count: 1 << 16)
        var triples = [UInt16](repeating: 0, count: 1 << 16)
        var tripleLead: UInt8?
        for lead in 0..<256 {
            switch probe([UInt8(lead)]) {
            case .character(let value):
                guard lead >= 0x80 || value == lead || mayDiffer(lead) else { return nil }
                guard value >= 0x80 || value == lead || mayDiffer(Int(value)) else { return nil }
                map[lead] = Int32(value)
            case .invalid:
                guard lead >= 0x80 || mayDiffer(lead) else { return nil }
            case .unfit: return nil
            case .incomplete:
                guard lead >= 0x80 else { return nil }
                var longer: [UInt8] = []
                var two = false
                for second in 0..<256 {
                    switch probe([UInt8(lead), UInt8(second)]) {
                    case .character(let value) where value != 0:
                        pairs[lead << 8 | second] = UInt16(value)
                        two = true
                    case .character, .unfit: return nil
                    case .invalid: break
                    case .incomplete: longer.append(UInt8(second))
                    }
                }
                if longer.isEmpty {
                    map[lead] = -2
                    continue
                }
                guard !two, tripleLead == nil else { return nil }
                tripleLead = UInt8(lead)
                map[lead] = -3
                for second in longer {
                    for third in 0..<256 {
                        switch probe([UInt8(lead), second, UInt8(third)]) {
                        case .character(let value) where value != 0: triples[Int(second) << 8 | third] = UInt16(value)
                        case .character, .unfit, .incomplete: return nil
                        case .invalid: break
                        }
                    }
                }
            }
        }
        return CharacterTable(iconvName: iconvName, map: map, pairs: pairs, triples: triples, tripleLead: tripleLead)
    }
}
