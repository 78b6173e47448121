import Foundation
import Testing

/// The Debian DTDs and their instances copied under `Fixtures/DTD/` (see the README there
/// for their packages and licences).
enum DTDFixtures {
    /// One corpus: a DTD and the documents written against it.
    struct Corpus: Sendable, CustomStringConvertible {
        let folder: String
        let dtd: String
        let instanceExtension: String
        var description: String { folder }
    }

    static let fontconfig = Corpus(folder: "fontconfig", dtd: "fonts.dtd", instanceExtension: "conf")
    static let xkb = Corpus(folder: "xkb", dtd: "xkb.dtd", instanceExtension: "xml")
    static let polkit = Corpus(folder: "polkit", dtd: "policyconfig-1.dtd", instanceExtension: "policy")
    static let gdb = Corpus(folder: "gdb", dtd: "gdb-syscalls.dtd", instanceExtension: "xml")
    static let catalog = Corpus(folder: "catalog", dtd: "catalog.dtd", instanceExtension: "xml")
    static let all = [fontconfig, xkb, polkit, gdb, catalog]

    static func folder(_ corpus: Corpus) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/DTD/\(corpus.folder)", withExtension: nil))
    }

    static func dtd(_ corpus: Corpus) throws -> URL {
        try folder(corpus).appendingPathComponent(corpus.dtd)
    }

    /// The corpus's instances, sorted by name.
    static func instances(_ corpus: Corpus) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder(corpus), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == corpus.instanceExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
