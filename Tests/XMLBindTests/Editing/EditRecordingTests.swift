import Foundation
import Testing

@testable import XMLBind

/// The record of a parse for editing is taken while the parse binds (``GraphRecorder``):
/// each class instance when its element ends, the rest from the graph with its parent. It
/// must be the record a walk of the finished graph takes (the same recorder, handed no
/// object by a parse), for every kind of slot, and edits planned on it must be the same.
@Suite("Editing in place: recording while binding")
struct EditRecordingTests {
    final class Store: Bindable, XMLAttributeContainer {
        var name = ""
        var city: String?
        var phone: String?
        var email: String?
        var kept: [(name: String, value: String)] = []
        var manager: Person?
        var shelves: [Shelf] = []
        var staff: [Person] = []
        var deliveries: [Delivery] = []
        var settings: Settings?
        var address: Address?
        init() {}
        func addAttribute(_ name: String, value: String) { kept.append((name, value)) }
        var attributesToWrite: [(name: String, value: String)] { kept }
    }

    final class Shelf: Bindable {
        var code = ""
        var items: [Item] = []
        init() {}
    }

    final class Item: Bindable {
        var sku = ""
        var count = 0
        var label: String?
        init() {}
    }

    /// Compared whole: a list of values.
    final class Person: Bindable {
        var name = ""
        var aliases: [String] = []
        init() {}
    }

    /// A struct: its parent holds a copy, recorded from the graph; its parcels are class
    /// instances the parse recorded.
    struct Delivery: Bindable {
        var day = ""
        var parcels: [Parcel] = []
        init() {}
    }

    final class Parcel: Bindable {
        var weight = 0
        init() {}
    }

    /// Compared whole: keyed members.
    final class Settings: Bindable {
        var colour: String?
        var size = 0
        init() {}
    }

    /// Compared whole: a path.
    final class Address: Bindable {
        var street: String?
        init() {}
    }

    static let storeMapping = mapping(Store.self, element: "store").attribute(\.name).element(\.city)
        .element(\.phone).element(\.email).choice(\.phone, \.email).child(\.manager, xml: "manager")
        .children(\.shelves).children(\.staff, xml: "clerk").children(\.deliveries).child(\.settings)
        .child(\.address)

    /// The store's mappings, the store's as given.
    static func makeBinder(
        store: ClassDefinition<Store> = storeMapping, options: ParseOptions = ParseOptions()
    ) -> XMLBinder {
        XMLBinder(options: options).registeredAtSetup(
            store,
            mapping(Shelf.self, element: "shelf").attribute(\.code).children(\.items),
            mapping(Item.self, element: "item").attribute(\.sku).attribute(\.count).text(\.label),
            mapping(Person.self, element: "person").attribute(\.name).elements(\.aliases, xml: "alias"),
            mapping(Delivery.self, element: "delivery").attribute(\.day).children(\.parcels),
            mapping(Parcel.self, element: "parcel").attribute(\.weight),
            mapping(Settings.self, element: "settings").keyedMembers(element: "entry", key: .attribute("key"))
                .property(\.colour).property(\.size),
            mapping(Address.self, element: "address").element(\.street, xml: "line/street"))
    }

    static let binder = makeBinder()

    /// The shelves come last: bound in parallel, pieces hold only them (a clerk, a single
    /// child, goes to a slot declared with `xml:`, which a piece cannot fill).
    static func document(shelves: Int = 2) -> String {
        var text = """
            <?xml version="1.0"?>
            <!-- a store -->
            <store name="North" xmlns:x="urn:x" x:flag="on" opened="1999">
              <city>Oslo</city>
              <phone>555</phone>
              <manager name="Ann"><alias>A</alias></manager>
              <clerk name="C0"/>
              <clerk name="C1"/>
              <delivery day="mon"><parcel weight="2"/><parcel weight="5"/></delivery>
              <delivery day="tue"/>
              <settings><entry key="colour">red</entry><entry key="size">9</entry></settings>
              <address><line><street>Main 1</street></line></address>

            """
        for shelf in 0..<shelves {
            text += """
                  <shelf code="S\(shelf)">
                    <item sku="s\(shelf)a" count="\(shelf)">Soap &amp; co</item>
                    <item sku="s\(shelf)b" count="0"/>
                  </shelf>

                """
        }
        text += "</store>\n"
        return text
    }

    /// The record the parse took, and the graph.
    static func recorded(_ text: String, binder: XMLBinder = binder) throws -> (GraphSnapshot, Store) {
        let data = Data(text.utf8)
        let (basis, outcome) = try binder.editingBasis(
            data, input: .data(data, forceUTF8: false), file: nil, keepingGraph: true)
        let store = try #require(outcome?.root as? Store)
        return (basis.snapshot, store)
    }

    /// The record of a walk of the finished graph: the recorder records everything it was
    /// not handed by a parse, from the graph.
    static func walked(_ root: Any, binder: XMLBinder = binder) throws -> GraphSnapshot {
        var recorder = GraphRecorder(registry: binder.registry, prefixes: binder.prefixes)
        return try recorder.snapshot(root: root)
    }

    /// A record as a tree from its root, one line per node: numbering aside, two records
    /// of one graph describe alike.
    static func describe(_ snapshot: GraphSnapshot) -> String {
        var lines: [String] = []
        func visit(_ node: Int, depth: Int) {
            let binding = snapshot.nodes[node].binding
            let values = binding.properties.indices.map { String(reflecting: snapshot.value(of: node, $0)) }
            var line = String(repeating: "  ", count: depth) + "\(binding.elementName) \(values)"
            if let kept = snapshot.keptAttributes(of: node) { line += " kept \(kept.map { "\($0.name)=\($0.value)" })" }
            if let fingerprint = snapshot.fingerprint(of: node) { line += " whole \(fingerprint)" }
            lines.append(line)
            for slot in 0..<snapshot.nodes[node].listCount {
                let list = snapshot.list(slot, of: node)
                lines.append(
                    String(repeating: "  ", count: depth + 1) + "list \(slot): \(list.count)/\(list.readCount)")
                for member in snapshot.members(of: list) { visit(member, depth: depth + 2) }
            }
        }
        if let root = snapshot.root { visit(root, depth: 0) }
        return lines.joined(separator: "\n")
    }

    @Test func theParseRecordsWhatAWalkOfTheGraphRecords() throws {
        let (snapshot, store) = try Self.recorded(Self.document())
        let walked = try Self.walked(store)
        #expect(Self.describe(snapshot) == Self.describe(walked))
        // Every slot kind is in the record: values, kept attributes, objects compared whole
        // (a list of values, keyed members, a path), structs and their class children.
        let description = Self.describe(snapshot)
        for expected in [
            #"store ["Optional(\"North\")", "Optional(\"Oslo\")", "Optional(\"555\")", "nil"] kept ["#,
            "x:flag=on", "opened=1999", #"item ["Optional(\"s1a\")", "Optional(\"1\")", "Optional(\"Soap & co\")"]"#,
            "person", "<alias>A</alias>", "delivery", #"parcel ["Optional(\"5\")"]"#,
            #"<entry key="colour">red</entry>"#, "<street>Main 1</street>",
        ] {
            #expect(description.contains(expected), "\(expected) in\n\(description)")
        }
        // Recorded as the elements ended: the root, a class instance, after its descendants
        // (its structs are recorded after it, from the graph); by a walk, first.
        #expect((snapshot.root ?? 0) > 0)
        #expect(walked.root == 0)
    }

    @Test func aChangedGraphIsEditedAsAfterAWalk() throws {
        let text = Self.document(shelves: 3)
        let session = try Self.binder.parseForEditing(text, as: Store.self)
        session.root.shelves[1].items[0].count = 42
        session.root.shelves[2].items.remove(at: 1)
        session.root.staff[0].name = "Dee"
        session.root.deliveries[0].parcels[1].weight = 6
        session.root.settings?.colour = "blue"
        session.root.address?.street = "Side 2"
        session.root.city = "Bergen"
        let updated = String(decoding: try session.updated(), as: UTF8.self)
        // The one call walks nothing either; a plain parse's graph, changed alike.
        let plain = try Self.binder.parse(text, as: Store.self)
        plain.shelves[1].items[0].count = 42
        plain.shelves[2].items.remove(at: 1)
        plain.staff[0].name = "Dee"
        plain.deliveries[0].parcels[1].weight = 6
        plain.settings?.colour = "blue"
        plain.address?.street = "Side 2"
        plain.city = "Bergen"
        #expect(try Self.binder.update(text, with: plain) == updated)
        #expect(updated.contains(#"<item sku="s1a" count="42">Soap &amp; co</item>"#))
        #expect(!updated.contains(#"sku="s2b""#))
        #expect(updated.contains(#"<clerk name="Dee"/>"#))
        #expect(updated.contains(#"<parcel weight="6"/>"#))
        #expect(updated.contains("<city>Bergen</city>"))
        #expect(updated.contains("blue") && updated.contains("Side 2"))
        #expect(updated.contains(#"<store name="North" xmlns:x="urn:x" x:flag="on" opened="1999">"#))
        // The edited document binds to the edited graph.
        let reparsed = try Self.binder.parse(updated, as: Store.self)
        #expect(reparsed.shelves[1].items[0].count == 42 && reparsed.deliveries[0].parcels[1].weight == 6)
    }

    @Test func anUnchangedGraphGivesTheDocumentBack() throws {
        let text = Self.document()
        let session = try Self.binder.parseForEditing(text, as: Store.self)
        #expect(try session.edits().isEmpty)
        #expect(String(decoding: try session.updated(), as: UTF8.self) == text)
    }

    /// Objects the graph holds in another order than their elements ended, or no longer
    /// holds, or holds twice (a validator's doing; with a validator in the registry the parse
    /// hands the recorder nothing, and the graph is recorded after it): recorded as a walk
    /// records them.
    @Test func objectsMovedDroppedOrSharedByAValidatorAreRecordedAsTheGraphHoldsThem() throws {
        let binder = Self.makeBinder(
            store: Self.storeMapping.validate { store, _ in
                store.shelves.reverse()
                store.staff.removeFirst()
                if let first = store.shelves.first { store.shelves.append(first) }
            })
        let (snapshot, store) = try Self.recorded(Self.document(shelves: 20), binder: binder)
        #expect(store.shelves.count == 21 && store.staff.count == 1)
        #expect(Self.describe(snapshot) == Self.describe(try Self.walked(store, binder: binder)))
    }

    /// A validator that changes a child's value after the child's element ended: the record
    /// holds the graph the parse handed back, so an untouched graph is no edit.
    @Test func valuesAValidatorChangesAreRecordedAsTheGraphHoldsThem() throws {
        let binder = Self.makeBinder(
            store: Self.storeMapping.validate { store, _ in
                for shelf in store.shelves { shelf.code = shelf.code.lowercased() }
            })
        let text = Self.document()
        let (snapshot, store) = try Self.recorded(text, binder: binder)
        #expect(store.shelves.allSatisfy { $0.code.hasPrefix("s") })
        #expect(Self.describe(snapshot) == Self.describe(try Self.walked(store, binder: binder)))
        let session = try binder.parseForEditing(text, as: Store.self)
        #expect(try session.edits().isEmpty)
        #expect(String(decoding: try session.updated(), as: UTF8.self) == text)
    }

    @Test func aStructRootIsRecordedFromTheGraph() throws {
        let binder = Self.binder
        let text = #"<delivery day="wed"><parcel weight="1"/><parcel weight="3"/></delivery>"#
        let data = Data(text.utf8)
        let (basis, outcome) = try binder.editingBasis(
            data, input: .data(data, forceUTF8: false), file: nil, keepingGraph: true)
        let root = try #require(outcome?.root as? Delivery)
        #expect(Self.describe(basis.snapshot) == Self.describe(try Self.walked(root, binder: binder)))
        let session = try binder.parseForEditing(text, as: Delivery.self)
        session.root.parcels[0].weight = 4
        #expect(
            String(decoding: try session.updated(), as: UTF8.self)
                == text.replacingOccurrences(of: "\"1\"", with: "\"4\""))
    }

    /// A shelf of many items: bound in parallel, the items of the pieces are recorded from
    /// the graph with the shelf (the pieces' engines record nothing), the others as they end.
    @Test func inPiecesTheRecordIsTheSequentialOne() throws {
        var options = ParseOptions()
        var parallelism = Parallelism.threads(2)
        parallelism.minimumDocumentSize = 0
        parallelism.minimumPieceSize = 256
        options.parallelism = parallelism
        let trace = ParallelTrace()
        options.parallelTrace = trace
        let parallel = Self.makeBinder(options: options)
        var text = "<shelf code=\"S\">\n"
        for index in 0..<80 { text += "  <item sku=\"i\(index)\" count=\"\(index)\">Item \(index)</item>\n" }
        text += "</shelf>\n"
        let data = Data(text.utf8)
        func recorded(_ binder: XMLBinder) throws -> (GraphSnapshot, Shelf) {
            let (basis, outcome) = try binder.editingBasis(
                data, input: .data(data, forceUTF8: false), file: nil, keepingGraph: true)
            return (basis.snapshot, try #require(outcome?.root as? Shelf))
        }
        let (snapshot, shelf) = try recorded(parallel)
        #if !SafeMode
            guard case .parallel = trace.entries.first?.decision else {
                Issue.record("not cut: \(trace.entries)")
                return
            }
        #endif
        let sequential = try recorded(Self.binder).0
        #expect(Self.describe(snapshot) == Self.describe(sequential))
        #expect(Self.describe(snapshot) == Self.describe(try Self.walked(shelf, binder: parallel)))
        #expect(snapshot.list(0, of: try #require(snapshot.root)).count == 80)
        let session = try parallel.parseForEditing(text, as: Shelf.self)
        session.root.items[60].label = "Tea"
        let updated = String(decoding: try session.updated(), as: UTF8.self)
        #expect(updated == text.replacingOccurrences(of: ">Item 60<", with: ">Tea<"))
    }
}
