import Foundation
import XMLBind
import XMLBindSOAP

/// The fast fuzz targets of ``FuzzTarget``: one concern per input, binders and readers
/// built once per process, per-input work in proportion to the input.
enum FocusedTargets {
    /// Splits off `count` control bytes; a shorter input gives zeros and an empty document.
    static func split(_ input: Data, controls count: Int) -> ([UInt8], Data) {
        guard input.count >= count else { return ([UInt8](repeating: 0, count: count), Data()) }
        return ([UInt8](input.prefix(count)), Data(input.dropFirst(count)))
    }

    static func parse(_ input: Data) -> [String] {
        let (controls, document) = split(input, controls: 1)
        let binder = FuzzModel.binder(options: Int(controls[0]))
        if controls[0] & 0x80 != 0 {
            _ = try? CoreCalls.parseRoot(binder, text: String(decoding: document, as: UTF8.self))
        } else if controls[0] & 0x40 != 0 {
            _ = try? CoreCalls.parseAny(binder, document)
        } else {
            _ = try? CoreCalls.parseRoot(binder, document)
        }
        return []
    }

    /// Whole and cut input give the same codes; the synchronous stream runs, and with bit 6
    /// the `AsyncSequence` stream hands over the same items.
    static func stream(_ input: Data, substituting: Bool) -> [String] {
        let (controls, document) = split(input, controls: 3)
        let options = Int(controls[0]) | (substituting ? 2 : 0)
        let binder = FuzzModel.binder(options: options)
        var problems = sameWholeAndCut(document, binder: binder, cutA: controls[1], cutB: controls[2])
        if substituting { return problems }
        var harness = FuzzHarness.Controls(options: 64, entryPoints: 1 << 4, cutA: controls[1], cutB: controls[2])
        if options & 0x40 != 0 { harness.entryPoints |= 1 << 5 }
        problems += FuzzHarness.checkStreams(document, controls: harness, binder: binder) {
            harness.entryPoints & 1 << $0 != 0
        }
        return problems
    }

    static func writeBack(_ input: Data) -> [String] {
        let (controls, document) = split(input, controls: 1)
        guard let root = try? CoreCalls.parseRoot(FuzzModel.binder(options: Int(controls[0])), document) else {
            return []
        }
        return FuzzHarness.writesBackStably(root)
    }

    /// The encodings the `encodings` target declares, by the low four bits of its first byte.
    static let encodingNames = [
        "UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "ISO-8859-1", "ISO-8859-15", "windows-1252", "US-ASCII",
        "Shift_JIS", "EUC-JP", "GB18030", "Big5", "KOI8-R", "windows-1251", "ISO-2022-JP", "UTF-32",
    ]

    /// A declaration (bits 4–5: in ASCII, after a byte order mark, none at all, in UTF-16LE)
    /// then the fuzzer's bytes, parsed whole and cut (bit 6: lenient).
    static func encodings(_ input: Data) -> [String] {
        let (controls, body) = split(input, controls: 3)
        let name = encodingNames[Int(controls[0] & 0x0F)]
        let declaration = Data("<?xml version=\"1.0\" encoding=\"\(name)\"?>".utf8)
        var document = Data()
        switch (controls[0] >> 4) & 3 {
        case 0: document = declaration
        case 1:
            switch name {
            case "UTF-16", "UTF-16LE": document = Data([0xFF, 0xFE]) + Data(declaration.flatMap { [$0, 0] })
            case "UTF-16BE": document = Data([0xFE, 0xFF]) + Data(declaration.flatMap { [0, $0] })
            default: document = Data([0xEF, 0xBB, 0xBF]) + declaration
            }
        case 2: break
        default: document = Data(declaration.flatMap { [$0, 0] })
        }
        document += body
        let binder = FuzzModel.binder(options: 16 | Int(controls[0] >> 6 & 1))
        return sameWholeAndCut(document, binder: binder, cutA: controls[1], cutB: controls[2])
    }

    /// `parse(chunks:)` at the input's cuts reports the codes of the whole parse.
    static func sameWholeAndCut(_ document: Data, binder: XMLBinder, cutA: UInt8, cutB: UInt8) -> [String] {
        let whole = FuzzHarness.outcome { try CoreCalls.parseAny(binder, document) }
        let pieces = FuzzHarness.cut(document, FuzzHarness.Controls(options: 0, entryPoints: 0, cutA: cutA, cutB: cutB))
        let chunked = FuzzHarness.outcome { try CoreCalls.parseAny(binder, chunks: pieces) }
        guard chunked.codes == whole.codes else {
            return ["parse(chunks:) at \(pieces.map(\.count)): \(chunked) but whole: \(whole)"]
        }
        return []
    }

    static func xmlrpc(_ input: Data) -> [String] {
        let (controls, document) = split(input, controls: 1)
        guard controls[0] & 1 == 0 else {
            CoreCalls.xmlrpcResponse(document)
            return []
        }
        do {
            guard let (read, reread) = try CoreCalls.xmlrpcCallRoundTrip(document) else { return [] }
            return read == reread ? [] : ["a call of \(read) parameters, written, reads back with \(reread)"]
        } catch {
            return ["a call read and written does not read back: \(error)"]
        }
    }

    /// The readers, built once: one per option bit pattern used (strict and lenient).
    static let soapReaders = [0, 1].map { CoreCalls.soapReader(FuzzModel.binder(options: 16 | $0)) }

    static func soap(_ input: Data) -> [String] {
        let (controls, document) = split(input, controls: 1)
        let versions: [SOAPVersion?] = [nil, .version1point1, .version1point2, nil]
        let reader = soapReaders[Int(controls[0] >> 3 & 1)]
        CoreCalls.soapRead(reader, document, version: versions[Int(controls[0] & 3)], body: controls[0] & 4 != 0)
        return []
    }
}
