import Foundation
import XMLBind

/// The `parallel` fuzz target: a differential check of parallel binding (issue 35).
///
/// Control bytes: the options (one of the 64 binders, as ``FocusedTargets/parse(_:)``; bit 7
/// makes the streams below stop after two items), then the piece size (16 to 4,096 bytes)
/// and the thread count (1 to 3). The document is bound sequentially and in pieces; both
/// must fail with the same diagnostics (code, place and message, in order), or both succeed
/// with a root that writes out to the same bytes. Its items are then streamed both ways:
/// the same items with the same origins, in the same order, ending the same way.
extension FocusedTargets {
    static func parallel(_ input: Data) -> [String] {
        let (controls, document) = split(input, controls: 2)
        let sequential = FuzzModel.binder(options: Int(controls[0]))
        var inPieces = sequential
        var parallelism = Parallelism.threads(1 + Int(controls[1] >> 6) % 3)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 16 << (Int(controls[1]) & 0x7)
        parallelism.streamPieceSize = parallelism.minimumPieceSize
        inPieces.options.parallelism = parallelism
        let stopAfter = controls[0] & 0x80 != 0 ? 2 : nil
        let streamed = CoreCalls.streamedItems(sequential, document, stopAfter: stopAfter)
        let streamedInPieces = CoreCalls.streamedItems(inPieces, document, stopAfter: stopAfter)
        if streamed != streamedInPieces {
            return ["parallel stream: other items or end:\n\(streamed)\n---\n\(streamedInPieces)"]
        }
        let first = FuzzHarness.outcome { try CoreCalls.parseRoot(sequential, document) }
        let second = FuzzHarness.outcome { try CoreCalls.parseRoot(inPieces, document) }
        switch (first.result, second.result) {
        case (.failure(let one), .failure(let other)):
            return one.description == other.description
                ? [] : ["parallel: other diagnostics:\n\(one.description)\n---\n\(other.description)"]
        case (.success(let one), .success(let other)):
            let written = (try? CoreCalls.write(FuzzModel.writerCheck, one)) ?? Data()
            let again = (try? CoreCalls.write(FuzzModel.writerCheck, other)) ?? Data()
            return written == again ? [] : ["parallel: the roots write out differently"]
        default:
            return ["parallel: \(first.description) sequentially, \(second.description) in pieces"]
        }
    }
}
