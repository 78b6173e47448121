import Foundation
import Synchronization
import XMLBind

/// Runs one fuzz input through every entry point and every option that changes parsing,
/// and checks what must hold whatever the input: no crash or hang (the sanitizers and
/// libFuzzer watch for those), the same outcome whichever way the bytes arrive, and a
/// document that parses writes back to one that parses to the same text again.
///
/// An input is four control bytes, then the document:
///
/// | byte | chooses |
/// | --- | --- |
/// | 0 | bit 0 lenient (else strict); bit 1 `${…}` substitution; bit 2 an unknown-content callback; bits 3–4 the limits (small, at their edges, default); bit 5 stop at the first error; bit 6 the slow entry points too (file, `FileHandle`, `AsyncSequence`) |
/// | 1 | the entry points, one bit each: parse as `Root`, parse `Any?`, chunks, file, stream `Data`, `AsyncSequence` of chunks, `FileHandle` stream, `String` |
/// | 2, 3 | where chunked input is cut: two cut points, then pieces of 1–64 bytes |
///
/// An input shorter than four bytes is a document parsed every way with default options.
enum FuzzHarness {
    struct Controls {
        var options: Int
        var entryPoints: Int
        var cutA: UInt8
        var cutB: UInt8
    }

    /// Splits an input into its controls and its document.
    static func split(_ input: Data) -> (Controls, Data) {
        guard input.count >= 4 else { return (Controls(options: 64, entryPoints: 0xFF, cutA: 0, cutB: 0), input) }
        let bytes = [UInt8](input.prefix(4))
        let controls = Controls(options: Int(bytes[0]), entryPoints: Int(bytes[1]), cutA: bytes[2], cutB: bytes[3])
        return (controls, Data(input.dropFirst(4)))
    }

    /// Checks one input; returns the properties that failed (empty when all held).
    static func run(_ input: Data) -> [String] {
        let (controls, document) = split(input)
        let binder = FuzzModel.binder(options: controls.options)
        var problems: [String] = []
        // A file or a task costs a hundred parses under the sanitizers: only when asked.
        let slow: Set = [3, 5, 6]
        let wants = { (bit: Int) in
            controls.entryPoints & (1 << bit) != 0 && (!slow.contains(bit) || controls.options & 64 != 0)
        }

        // The whole document, as `Root`; the reference outcome for the others.
        let whole = outcome { try CoreCalls.parseRoot(binder, document) }
        if wants(0), case .success(let root) = whole.result {
            problems += writesBackStably(root)
        }
        if wants(1) {
            let any = outcome { try CoreCalls.parseAny(binder, document) }
            if any.succeeded != whole.succeeded && whole.firstCode != "unexpected-root" {
                problems.append("parse(Data) as Any?: \(any) but as Root: \(whole)")
            }
        }
        if wants(2) {
            let pieces = cut(document, controls)
            let chunked = outcome { try CoreCalls.parseAny(binder, chunks: pieces) }
            if chunked.codes != outcome(of: binder, anyOf: document).codes {
                problems.append("parse(chunks:) at \(pieces.map(\.count)): \(chunked) but whole: \(whole)")
            }
        }
        if wants(3) || wants(6) {
            problems += checkFiles(document, binder: binder, wants: wants)
        }
        if wants(4) || wants(5) {
            problems += checkStreams(document, controls: controls, binder: binder, wants: wants)
        }
        if wants(7), let text = String(data: document, encoding: .utf8) {
            _ = try? CoreCalls.parseRoot(binder, text: text)
        }
        return problems
    }

    /// What a parse gave: the value, or the codes of its diagnostics.
    struct Outcome<T>: CustomStringConvertible {
        var result: Result<T, XMLBindError>
        var succeeded: Bool { if case .success = result { true } else { false } }
        var codes: [String] {
            switch result {
            case .success: []
            case .failure(let error): error.diagnostics.filter { $0.severity == .error }.map { "\($0.code)" }
            }
        }
        var firstCode: String? { codes.first }
        var description: String { succeeded ? "success" : "failure \(codes)" }
    }

    static func outcome<T>(_ body: () throws -> T) -> Outcome<T> {
        do {
            return Outcome(result: .success(try body()))
        } catch let error as XMLBindError {
            return Outcome(result: .failure(error))
        } catch {
            // The parse entry points throw nothing else.
            return Outcome(result: .failure(XMLBindError(code: .io, message: "\(error)")))
        }
    }

    static func outcome(of binder: XMLBinder, anyOf document: Data) -> Outcome<Any?> {
        outcome { try CoreCalls.parseAny(binder, document) }
    }

    /// The document in pieces: cut at two places the input chose, the rest in small pieces.
    static func cut(_ document: Data, _ controls: Controls) -> [Data] {
        let count = document.count
        guard count > 0 else { return [document] }
        let first = Int(controls.cutA) * count / 256
        let second = max(first, Int(controls.cutB) * count / 256)
        var pieces = [
            document[document.startIndex..<document.startIndex + first],
            document[document.startIndex + first..<document.startIndex + second],
        ]
        let step = 1 + Int(controls.cutB ^ controls.cutA) % 64
        var start = second
        while start < count {
            let end = min(count, start + step)
            pieces.append(document[document.startIndex + start..<document.startIndex + end])
            start = end
        }
        return pieces.map { Data($0) }
    }

    /// A root written, read again and written again gives the same bytes.
    static func writesBackStably(_ root: FuzzModel.Root) -> [String] {
        let reader = FuzzModel.writerCheck
        guard let first = try? CoreCalls.write(reader, root) else { return [] }  // unwritable values are refused, fine
        let again = outcome { try CoreCalls.parseRoot(reader, first) }
        guard case .success(let reread) = again.result else {
            return ["written document does not parse again: \(again)\n\(String(decoding: first, as: UTF8.self))"]
        }
        guard let second = try? CoreCalls.write(reader, reread) else {
            return ["re-read document cannot be written again"]
        }
        guard first == second else {
            return [
                "written twice, different text:\n\(String(decoding: first, as: UTF8.self))\n"
                    + "then:\n\(String(decoding: second, as: UTF8.self))"
            ]
        }
        return []
    }

    /// The file forms give the outcome of the `Data` form.
    static func checkFiles(_ document: Data, binder: XMLBinder, wants: (Int) -> Bool) -> [String] {
        let url = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("xmlbind-fuzz-\(ProcessInfo.processInfo.processIdentifier).xml")
        guard (try? document.write(to: url)) != nil else { return [] }
        defer { try? FileManager.default.removeItem(at: url) }
        var problems: [String] = []
        let reference = outcome(of: binder, anyOf: document)
        if wants(3) {
            let fromFile = outcome { try CoreCalls.parseAny(binder, contentsOf: url) }
            if fromFile.codes != reference.codes {
                problems.append("parse(contentsOf:): \(fromFile) but parse(Data): \(reference)")
            }
        }
        if wants(6), let handle = try? FileHandle(forReadingFrom: url) {
            defer { try? handle.close() }
            let streamed = (try? CoreCalls.streamItems(binder, from: handle))?.count ?? 0
            let fromData = (try? CoreCalls.streamItems(binder, document))?.count ?? 0
            if streamed != fromData {
                problems.append("stream(FileHandle) gave \(streamed) items, stream(Data) \(fromData)")
            }
        }
        return problems
    }

    /// The synchronous and the `AsyncSequence` streams hand over the same items.
    static func checkStreams(_ document: Data, controls: Controls, binder: XMLBinder, wants: (Int) -> Bool)
        -> [String]
    {
        var ids: [Int] = []
        var syncFailed = false
        do {
            ids = try CoreCalls.streamItems(binder, document)
        } catch {
            syncFailed = true
        }
        guard wants(5) else { return [] }
        let pieces = Pieces(cut(document, controls))
        let asyncResult = AsyncResult()
        let done = DispatchSemaphore(value: 0)
        Task {
            // The pieces are taken, and dropped before the signal: the task may outlive the
            // wait by a moment, and a `Data` it still held would look leaked at exit.
            let (ids, failed) = await CoreCalls.asyncItems(binder, pieces.take())
            asyncResult.set(ids, failed: failed)
            done.signal()
        }
        done.wait()
        let (asyncIDs, asyncFailed) = asyncResult.get()
        if asyncFailed != syncFailed || (!syncFailed && asyncIDs != ids) {
            return [
                "objects(_:as:) gave \(asyncIDs) (failed: \(asyncFailed)), stream(Data) \(ids) (failed: \(syncFailed))"
            ]
        }
        return []
    }

    /// Pieces handed to the async task, to be taken once.
    final class Pieces: Sendable {
        private let pieces: Mutex<[Data]>
        init(_ pieces: [Data]) { self.pieces = Mutex(pieces) }
        func take() -> [Data] {
            pieces.withLock { pieces in
                defer { pieces = [] }
                return pieces
            }
        }
    }

    /// The async task's findings, handed back to the waiting thread.
    final class AsyncResult: Sendable {
        private let found = Mutex<(ids: [Int], failed: Bool)>(([], false))
        func set(_ ids: [Int], failed: Bool) {
            found.withLock { $0 = (ids, failed) }
        }
        func get() -> ([Int], Bool) { found.withLock { ($0.ids, $0.failed) } }
    }
}
