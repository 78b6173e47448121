import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// What has been learnt so far: whether iconv knows a name, and how each is read.
    private static let learnt = Mutex<(known: [String: Bool], readings: [String: Reading])>(([:], [:]))

    /// Whether iconv can read the encoding of this name.
    static func knows(_ iconvName: String) -> Bool {
        learnt.withLock { learnt in
            if let answer = learnt.known[iconvName] { return answer }
            let answer = Iconv.knows(iconvName)
            learnt.known[iconvName] = answer
            return answer
        }
    }

    /// How the encoding of this (known) iconv name is read.
    static func reading(of iconvName: String) -> Reading {
        learnt.withLock { learnt in
            if let reading = learnt.readings[iconvName] { return reading }
            let reading: Reading = CharacterTable.build(iconvName: iconvName).map { .table($0) } ?? .transcoded
            learnt.readings[iconvName] = reading
            return reading
        }
    }
}
