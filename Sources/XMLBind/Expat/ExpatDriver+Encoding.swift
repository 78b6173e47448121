internal import CExpat
import Foundation

// Invariants (the expat room, see Unchecked/Unchecked.swift; this folder is the only importer
// of CExpat):
// - The unknown-encoding handler hands expat a retained `CharacterTable` as the encoding's
//   data; expat calls `releaseTable` exactly once when it is done with it, which balances
//   that retain. `convertSequence` borrows the table meanwhile.
// - `info.pointee.map` is expat's 256-entry `int` array, written in full, within bounds.

/// The driver's side of encodings: the decision is made once by ``EncodingSniffer`` from
/// the document's first bytes, and expat is told it (`XML_SetEncoding`) so that it never
/// decides by itself; the guards, the surrogate check and diagnostics read the same
/// ``DocumentEncoding``. Encodings that fit expat's model come in through its
/// unknown-encoding handler, with a ``CharacterTable``; the rest through a
/// ``StreamTranscoder``.
extension ExpatDriver {
    /// How diagnostics count and show the bytes expat reads: by the decided encoding, or
    /// before (for a problem with the encoding itself) by the first bytes' pattern.
    var sourceEncoding: SourceLocator.Encoding {
        if let encoding { return encoding.sourceEncoding }
        if sniffed.first == 0 || sniffed.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        if sniffed.count > 1, sniffed[1] == 0 || sniffed.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        return .utf8
    }

    /// Sets expat's unknown-encoding handler (`XML_SetUnknownEncodingHandler`), which is
    /// only ever asked for the encoding the driver decided.
    func installEncodingHandler() {
        XML_SetUnknownEncodingHandler(parser, Self.unknownEncoding, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Decides the encoding from the bytes held so far, and tells expat.
    ///
    /// - Returns: Whether the encoding is decided (on `false`, more bytes are needed, or
    ///   ``failure`` says why the document cannot be read).
    func decideEncoding(isFinal: Bool) -> Bool {
        switch EncodingSniffer.decide(sniffed, isFinal: isFinal, request: encodingRequest) {
        case .needMore:
            return false
        case .failed(let problem):
            record(problem)
            return false
        case .decided(let decided):
            if case .transcoded(let iconvName) = decided.form {
                guard
                    let transcoder = StreamTranscoder(
                        iconvName: iconvName, replacesInvalidBytes: encodingRequest.replacesInvalidBytes)
                else {
                    record(
                        PendingDiagnostic(
                            code: .invalidEncoding, message: "iconv cannot read encoding '\(decided.name)'",
                            byteOffset: 0))
                    return false
                }
                self.transcoder = transcoder
            }
            encoding = decided
            surrogates = SurrogateCheck(bigEndian: decided.isUTF16 ? decided.isBigEndian : nil)
            XML_SetEncoding(parser, decided.expatName)
            return true
        }
    }

    /// Refuses a 0 among the first two bytes of input that is not UTF-16: expat would take
    /// such input for UTF-16 whatever it is told, and U+0000 is no XML character anyway.
    func refuseLeadingZero(_ bytes: UnsafeRawBufferPointer) -> PendingDiagnostic? {
        guard bytesFed < 2, encoding?.isUTF16 != true else { return nil }
        for index in 0..<min(2 - bytesFed, bytes.count) where bytes[index] == 0 {
            return PendingDiagnostic(
                code: .invalidEncoding,
                message: "the character U+0000 at the start of the document is not allowed in XML",
                byteOffset: bytesFed + index)
        }
        return nil
    }

    /// The bytes at expat's error position when they are not valid in the document's
    /// encoding: the cause of an "invalid token" that deserves to name the encoding.
    func invalidBytesAtError(_ code: XML_Error) -> [UInt8]? {
        guard code == XML_ERROR_INVALID_TOKEN || code == XML_ERROR_PARTIAL_CHAR, let encoding else { return nil }
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let context = XML_GetInputContext(parser, &offset, &size), offset >= 0, offset < size else { return nil }
        let bytes = UnsafeRawBufferPointer(start: context + Int(offset), count: Int(size - offset))
        return encoding.invalidSequence(at: bytes)
    }

    // MARK: expat's unknown-encoding handler

    private static let unknownEncoding: XML_UnknownEncodingHandler = { handlerData, _, info in
        guard let info, let driver = driver(handlerData), case .table(let table)? = driver.encoding?.form else {
            return Int32(XML_STATUS_ERROR.rawValue)
        }
        withUnsafeMutableBytes(of: &info.pointee.map) { raw in
            for index in 0..<256 { raw.storeBytes(of: table.map[index], toByteOffset: index * 4, as: Int32.self) }
        }
        // expat holds the table until it releases the encoding (`release`), whatever
        // happens to the driver.
        info.pointee.data = Unmanaged.passRetained(table).toOpaque()
        info.pointee.convert = table.isMultiByte ? convertSequence : nil
        info.pointee.release = releaseTable
        return Int32(XML_STATUS_OK.rawValue)
    }

    private static let convertSequence: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32 = {
        data, bytes in
        guard let data, let bytes else { return -1 }
        return Unmanaged<CharacterTable>.fromOpaque(data)._withUnsafeGuaranteedRef {
            $0.convert(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self))
        }
    }

    private static let releaseTable: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data else { return }
        Unmanaged<CharacterTable>.fromOpaque(data).release()
    }
}
