import Foundation
import Testing

@testable import XMLBind

/// One binder shared by many tasks at once gives exactly what serial parses give.
@Suite struct HostileConcurrencyTests {
    /// A summary of a parse's result that can be compared.
    static func summary(_ data: Data) -> String {
        do {
            guard let node = try Hostile.standard.parse(data, as: Any?.self, file: "doc.xml") as? HostileNode else {
                return "nil"
            }
            return describe(node)
        } catch {
            return String(describing: error)
        }
    }

    static func describe(_ node: HostileNode) -> String {
        let attributes = node.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "[\(node.origin.map(String.init(describing:)) ?? "?") \(attributes) \(node.text ?? "")"
            + node.children.map(describe).joined() + "]"
    }

    static let documents: [Data] = (0..<8).map { index in
        switch index % 4 {
        case 0:
            Data(utf8: "<r n='\(index)'>\((0..<2_000).map { "<a i='\($0)'>t\($0)</a>" }.joined())</r>")
        case 1:
            Data(
                utf8: "<!DOCTYPE r [<!ENTITY e 'ent\(index)'>]><r>&e;\(String(repeating: "<b>&e;</b>", count: 500))</r>"
            )
        case 2:
            HostileStructureTests.nested(300 + index)
        default:
            Data(utf8: HostileEntityTests.laughs(levels: 7, fanOut: 10))
        }
    }

    @Test func eightTasksMatchSerialRuns() async {
        let serial = Self.documents.map(Self.summary)
        for _ in 0..<3 {
            let concurrent = await withTaskGroup(of: (Int, String).self) { group in
                for (index, document) in Self.documents.enumerated() {
                    group.addTask { (index, Self.summary(document)) }
                }
                var results = [String](repeating: "", count: Self.documents.count)
                for await (index, summary) in group { results[index] = summary }
                return results
            }
            #expect(concurrent == serial)
        }
        #expect(serial[2].contains("error: <a> is nested 257 elements deep"))
        #expect(
            serial[3].contains(
                "error: entity expansion grew the document more than 20 times its size; the limit is 20 (ParseLimits.maximumAmplification)"
            ))
    }
}
