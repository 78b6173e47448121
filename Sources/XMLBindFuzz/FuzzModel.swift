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
        init() {}
    }

    static func binder(mode: ParseMode) -> XMLBinder {
        var options = ParseOptions(mode: mode)
        // Small limits, so that the fuzzer reaches them with small inputs.
        options.limits = ParseLimits(
            maximumDepth: 24, maximumAttributes: 16, maximumNameLength: 64, maximumValueLength: 256,
            maximumTextLength: 1_024, maximumEntityDeclarations: 16, maximumEntityNesting: 4,
            amplificationThreshold: 4_096, maximumDocumentSize: 64 << 10)
        return XMLBinder(options: options, prefixes: ["f": "urn:fuzz"]).register(
            mapping(Root.self, element: "root")
                .attribute(\.title)
                .children(\.items)
                .child(\.settings)
                .child(\.lead),
            mapping(Item.self, element: "item")
                .property(\.id)
                .property(\.small)
                .attribute(\.unsigned, xml: "u")
                .property(\.ratio)
                .property(\.flag)
                .property(\.level)
                .attribute(\.maybeLevel, xml: "maybe")
                .property(\.url)
                .element(\.when)
                .property(\.blob)
                .property(\.amount, xml: "details/amount")
                .attribute(\.uuid)
                .property(\.tags, conversion: .list(of: .trimmed))
                .element(\.numbers)
                .text(\.text, conversion: .trimmed)
                .children(\.children),
            mapping(Settings.self, element: "f:settings")
                .property(\.name, xml: "f:name")
                .property(\.price)
                .element(\.note)
                .attribute(\.count),
            mapping(Note.self, element: "{urn:note}note").text(\.body),
            mapping(Lead.self, element: "lead").attribute(\.name).attribute(\.on).attribute(\.tag, xml: "g:tag")
        )
    }

    static let strict = binder(mode: .strict)
    static let lenient = binder(mode: .lenient)
    static let defaults = XMLBinder(mode: .lenient).register(mapping(Note.self, element: "note").text(\.body))

    /// Parses one input every way the binder offers; any outcome but a crash is fine.
    static func run(_ data: Data) {
        let mode = data.first.map { $0 & 3 } ?? 0
        switch mode {
        case 0: _ = try? strict.parse(data, as: Root.self, file: "fuzz.xml")
        case 1: _ = try? lenient.parse(data, file: "fuzz.xml")
        case 2:
            // Split anywhere, as a stream would.
            let cut = data.count > 1 ? Int(data[1]) % data.count : 0
            _ = try? lenient.parse(chunks: [data.prefix(cut), data.dropFirst(cut)], file: "fuzz.xml")
        default: _ = try? defaults.parse(data, file: "fuzz.xml")
        }
        if let text = String(data: data, encoding: .utf8) {
            _ = try? strict.parse(text, as: Root.self)
        }
    }
}
