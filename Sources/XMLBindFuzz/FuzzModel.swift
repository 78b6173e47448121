import Foundation
import XMLBind

/// A model that exercises every feature of the binder, for the fuzzer to throw bytes at.
enum FuzzModel {
    enum Level: String {
        case low, high
    }

    final class Root: Bindable, OriginAware, NamespaceAware, Ancestor {
        var origin: Origin?
        var namespace: String?
        var title: String?
        var items: [Item] = []
        var settings: Settings?
        var lead: Lead?
        var others: [Any] = []
        var kept: [XMLElementNode] = []
        func addChild(_ child: Any) { others.append(child) }
    }

    final class Item: Bindable, OriginAware, XMLAttributeContainer {
        var origin: Origin?
        var id: Int = 0
        var small: Int8?
        var unsigned: UInt16 = 0
        var ratio: Double = 0
        var flag: Bool = false
        var level: Level = .low
        var maybeLevel: Level?
        var url: URL?
        var when: Date?
        var blob: Data?
        var amount: Decimal?
        var uuid: UUID?
        var tags: [String] = []
        var numbers: [Int] = []
        var text: String?
        var extra: [String: String] = [:]
        var children: [Item] = []
        func addAttribute(_ name: String, value: String) { extra[name] = value }
    }

    struct Settings: Bindable, NamespaceAware {
        var namespace: String?
        var name: String = ""
        var price: Decimal?
        var note: String?
        var count: Int64 = 0
    }

    struct Note: Bindable {
        var body: String?
    }

    /// A single class child (stored as a reference) with a `String` default that owns
    /// storage, a plain `Bool`, and an attribute whose prefix only the document binds.
    final class Lead: Bindable {
        var name = String(repeating: "lead", count: 5)
        var on = false
        var tag: String?
        var kept: [XMLElementNode] = []
        init() {}
    }

    /// Limits small enough for the fuzzer to reach with small inputs.
    static let small = ParseLimits(
        maximumDepth: 24, maximumAttributes: 16, maximumNameLength: 64, maximumValueLength: 256,
        maximumTextLength: 1_024, maximumEntityDeclarations: 16, maximumEntityNesting: 4,
        amplificationThreshold: 4_096, maximumDocumentSize: 64 << 10, maximumSubstitutionNesting: 4)

    /// Limits at their edges: the least each allows, so that every one is crossed often.
    static let edges = ParseLimits(
        maximumDepth: 3, maximumAttributes: 2, maximumNameLength: 8, maximumValueLength: 16,
        maximumTextLength: 32, maximumEntityDeclarations: 2, maximumEntityNesting: 2, maximumAmplification: 1,
        amplificationThreshold: 64, maximumDocumentSize: 512, allowsDoctype: false, maximumSubstitutionNesting: 1)

    /// Variables for substitution: short, long (to reach the amplification bound) and empty.
    static let substitution = VariableSubstitution(
        variables: ["A": "a", "ID": "7", "LONG": String(repeating: "long", count: 64), "EMPTY": ""])

    /// The binder for the option bits of ``FuzzHarness``'s first control byte.
    static func binder(options bits: Int) -> XMLBinder { binders[bits & 0x3F] }

    private static let binders: [XMLBinder] = (0..<64).map(makeBinder)

    private static func makeBinder(_ bits: Int) -> XMLBinder {
        var options = ParseOptions(mode: bits & 1 != 0 ? .lenient : .strict)
        // Inputs are at most a few KiB: a 1 MiB read buffer per parse would cost more than the parse.
        options.chunkSize = 4_096
        if bits & 2 != 0 { options.substitution = substitution }
        if bits & 4 != 0 { options.unknownContent = .callback { _ in } }
        switch (bits >> 3) & 3 {
        case 1: options.limits = edges
        case 2: options.limits = ParseLimits()
        default: options.limits = small
        }
        options.stopsAtFirstError = bits & 32 != 0
        // The mappings are registered once; each variant is a copy with its own options,
        // which shares the compiled registry.
        var binder = writerCheck
        binder.options = options
        return binder
    }

    /// Reads back what the writer wrote: strict, default limits, no substitution.
    static let writerCheck = CoreCalls.binder(ParseOptions())
}
