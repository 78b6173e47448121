import Foundation

/// What XMLBind has learnt about iconv's encodings, kept for the life of the process:
/// which names iconv knows, and the ``CharacterTable`` of each encoding that fits expat's
/// model (built once, on first use, then shared by every parse on every thread).
enum EncodingCatalog {
    /// How one iconv encoding is read.
    enum Reading {
        /// Converted to UTF-8 with this table before expat sees it.
        case table(CharacterTable)
        /// Transcoded to UTF-8 before expat sees it.
        case transcoded
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [String: Bool] = [:]
    nonisolated(unsafe) private static var readings: [String: Reading] = [:]

    /// Whether iconv can read the encoding of this name.
    static func knows(_ iconvName: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let answer = known[iconvName] { return answer }
        let answer = Iconv.knows(iconvName)
        known[iconvName] = answer
        return answer
    }

    /// How the encoding of this (known) iconv name is read.
    static func reading(of iconvName: String) -> Reading {
        lock.lock()
        defer { lock.unlock() }
        if let reading = readings[iconvName] { return reading }
        let reading: Reading = CharacterTable.build(iconvName: iconvName).map { .table($0) } ?? .transcoded
        readings[iconvName] = reading
        return reading
    }
}
