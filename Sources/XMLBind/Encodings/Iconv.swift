// iconv is in the C library on Linux (glibc, musl) and in libiconv on Apple platforms, whose
// declarations come with Darwin (Package.swift links libiconv there).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// Invariants (see Engine/UncheckedLayer.swift for the audited layers): the only iconv caller;
// the descriptor is opened in `init` and closed once in `deinit`; `iconv` is handed pointers
// into the caller's input view and into `output`'s own storage, with the counts left in
// each, so it never reads or writes past them.

/// A converter between two encodings through the system's iconv (glibc's, or libiconv on Apple platforms): the only code that calls
/// `iconv_open`, `iconv` and `iconv_close`.
///
/// Everything else in XMLBind that needs another encoding (building the tables of
/// ``CharacterTable``, transcoding the other encodings to UTF-8, writing a
/// document in another encoding) goes through this type. A converter keeps iconv's shift
/// state between calls, so a stream can be converted piece by piece; it is not shared
/// between threads.
final class Iconv {
    /// How a call to ``convert(_:into:)`` ended.
    enum Stop: Equatable {
        /// All input was converted.
        case complete
        /// The input ends inside a character: the rest waits for more input.
        case incomplete
        /// The bytes at the consumed offset are not valid in the source encoding (or the
        /// character cannot be written in the target encoding).
        case invalid
    }

    private let handle: iconv_t

    /// Opens a converter (`iconv_open`).
    ///
    /// - Parameters:
    ///   - source: The encoding of the input, as iconv names it.
    ///   - target: The encoding of the output.
    /// - Returns: `nil` when iconv knows one of the names not.
    init?(from source: String, to target: String) {
        guard let handle = iconv_open(target, source), handle != iconv_t(bitPattern: -1) else { return nil }
        self.handle = handle
    }

    deinit {
        iconv_close(handle)
    }

    /// Whether iconv can convert from `name` to UTF-8.
    static func knows(_ name: String) -> Bool {
        Iconv(from: name, to: "UTF-8") != nil
    }

    /// Forgets the shift state, as at the start of a document.
    func reset() {
        _ = iconv(handle, nil, nil, nil, nil)
    }

    /// Converts as much of `input` as iconv can, appending the output.
    ///
    /// - Returns: How many input bytes were consumed, and why conversion stopped there.
    func convert(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) -> (consumed: Int, stop: Stop) {
        guard let base = input.baseAddress, !input.isEmpty else { return (0, .complete) }
        var consumed = 0
        while true {
            let room = max(64, (input.count - consumed) * 4 + 16)
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: room))
            var inPointer = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self)) + consumed
            var inLeft = input.count - consumed
            var outLeft = room
            let status = output.withUnsafeMutableBytes { raw -> Int in
                var outPointer: UnsafeMutablePointer<CChar>? = (raw.baseAddress! + start).assumingMemoryBound(
                    to: CChar.self)
                var inOptional: UnsafeMutablePointer<CChar>? = inPointer
                let result = iconv(handle, &inOptional, &inLeft, &outPointer, &outLeft)
                inPointer = inOptional ?? inPointer
                return result
            }
            output.removeLast(outLeft)
            consumed = input.count - inLeft
            if status != -1 { return (consumed, .complete) }
            switch errno {
            case E2BIG: continue
            case EINVAL: return (consumed, .incomplete)
            default: return (consumed, .invalid)
            }
        }
    }

    /// Writes whatever the shift state still needs to return to its initial state (for
    /// a stateful target such as ISO-2022-JP), at the end of the output.
    func finish(into output: inout [UInt8]) {
        var buffer = [UInt8](repeating: 0, count: 16)
        var outLeft = buffer.count
        buffer.withUnsafeMutableBytes { raw in
            var outPointer: UnsafeMutablePointer<CChar>? = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
            _ = iconv(handle, nil, nil, &outPointer, &outLeft)
        }
        output.append(contentsOf: buffer[..<(buffer.count - outLeft)])
    }
}
