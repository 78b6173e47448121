internal import CExpat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (the expat room, see Engine/UncheckedLayer.swift; this folder is the only importer
// of CExpat):
// - expat is only ever told one of the four encodings it reads itself (`expatName`), so it
//   never asks for an unknown-encoding handler, and none is installed.
// - `invalidBytesAtError` reads expat's input context only between its bounds.

/// The driver's side of encodings: the decision is made once by ``EncodingSniffer`` from
/// the document's first bytes, and expat is told it (`XML_SetEncoding`) so that it never
/// decides by itself; the guards, the surrogate check and diagnostics read the same
/// ``DocumentEncoding``. Every encoding but the four expat reads itself is converted to
/// UTF-8 by a ``StreamTranscoder`` before expat sees it: with a ``CharacterTable`` where the
/// encoding's first byte gives a character's length, with iconv otherwise. (expat's
/// unknown-encoding handler would read the former itself, but a character at a time, with
/// a `memcpy` call for each: 30 instructions a byte, where the table's converter takes
/// about 1.3 on ASCII-heavy text.)
extension ExpatDriver {
    /// How diagnostics count and show the bytes expat reads: by the decided encoding, or
    /// before (for a problem with the encoding itself) by the first bytes' pattern.
    var sourceEncoding: SourceLocator.Encoding {
        if let encoding { return encoding.sourceEncoding }
        if sniffed.first == 0 || sniffed.starts(with: [0xFE, 0xFF]) { return .utf16BigEndian }
        if sniffed.count > 1, sniffed[1] == 0 || sniffed.starts(with: [0xFF, 0xFE]) { return .utf16LittleEndian }
        return .utf8
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
            switch decided.form {
            case .transcoded(let iconvName):
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
            case .table(let table):
                transcoder = StreamTranscoder(table: table)
            case .utf8, .utf16, .latin1, .ascii:
                break
            }
            encoding = decided
            surrogates = SurrogateCheck(bigEndian: decided.isUTF16 ? decided.isBigEndian : nil)
            // `withCString` lends the name's own bytes; passing the `String` itself would
            // copy it into an array first (`utf8CString`), code a start-up maps for nothing.
            _ = decided.expatName.withCString { XML_SetEncoding(parser, $0) }
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
}
