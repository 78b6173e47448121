import Foundation

/// One of the two standard documents of `Benchmarks/gen_workloads.py`.
enum Workload: String, CaseIterable, Sendable {
    /// A Spring-style `<beans>` configuration (seed 42).
    case beans
    /// An RSS 2.0 feed (seed 7).
    case rss

    /// Generates the document the Python script writes for `target` bytes.
    ///
    /// - Parameter target: The script's `TARGET_BYTES` argument.
    /// - Returns: The document's bytes.
    func generate(target: Int) -> Data {
        switch self {
        case .beans: Data(BeansWorkloadGenerator.generate(target: target).bytes)
        case .rss: Data(RSSWorkloadGenerator.generate(target: target).bytes)
        }
    }
}

/// A document every contender parses, and where it came from.
struct Document {
    let workload: Workload
    let bytes: Data
    /// A file holding exactly these bytes, when the document was read from one.
    let path: String?
    /// How the document was obtained, for the report.
    let provenance: String

    var megabytes: Double { Double(bytes.count) / 1_000_000 }
}
