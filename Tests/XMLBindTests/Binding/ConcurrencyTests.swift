import Foundation
import Testing

@testable import XMLBind

@Suite("Concurrency: one binder, many parses at once")
struct ConcurrencyTests {
    struct Catalog: Bindable, Equatable, Sendable, OriginAware {
        var origin: Origin?
        var name = ""
        var items: [Item] = []
        init() {}
    }
    struct Item: Bindable, Equatable, Sendable, OriginAware {
        var origin: Origin?
        var sku = 0
        var price: Decimal = 0
        var added: Date?
        var tags: [String] = []
        var note = ""
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Catalog.self, element: "catalog").property(\.name).children(\.items),
        mapping(Item.self, element: "item")
            .property(\.sku).property(\.price).property(\.added, conversion: .date(format: "yyyy-MM-dd HH:mm"))
            .property(\.tags).text(\.note, conversion: .trimmed)
    )

    /// A different document for each task; task 5's is broken, so errors race too.
    static func document(_ task: Int) -> String {
        var text = "<catalog name='catalog \(task)'>\n"
        for index in 0..<(50 + task * 10) {
            text += "  <item sku='\(task * 1000 + index)' price='\(index).\(task)5'>"
            text += "<added>2024-0\(task % 9 + 1)-1\(index % 10) 12:\(10 + task)</added>"
            text += "<tags>t\(task) i\(index)</tags> note &amp; \(index) <![CDATA[<\(task)>]]></item>\n"
        }
        if task == 5 { text += "  <item sku='-x'/>\n" }
        return text + "</catalog>\n"
    }

    /// A parse's outcome, as a value the tasks can hand back.
    enum Result: Sendable, Equatable {
        case catalog(Catalog)
        case error(String)
    }

    static func parse(_ task: Int) -> Result {
        do {
            return .catalog(try binder.parse(document(task), as: Catalog.self, file: "task\(task).xml"))
        } catch {
            return .error(String(describing: error))
        }
    }

    @Test func eightTasksGetWhatSerialParsesGet() async throws {
        let tasks = 8
        let serial = (0..<tasks).map(Self.parse)
        // The serial results are real: seven catalogs and one error.
        #expect(serial.filter { if case .catalog = $0 { true } else { false } }.count == 7)
        if case .catalog(let first) = serial[0] {
            #expect(first.items.count == 50)
            #expect(first.items[3].price == Decimal(string: "3.05"))
            #expect(first.items[3].note == "note & 3 <0>")
            #expect(first.items[3].origin == Origin(file: "task0.xml", line: 5, column: 3))
        } else {
            Issue.record("task 0 did not bind: \(serial[0])")
        }
        #expect(
            serial[5]
                == .error(
                    """
                    task5.xml:102:14: error: cannot convert "-x" to Int for property 'sku' of <item>: not an integer
                      102 |   <item sku='-x'/>
                          |              ^
                    """))

        let concurrent = await withTaskGroup(of: (Int, [Result]).self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Several rounds each, so that the parses overlap.
                    (task, (0..<10).map { _ in Self.parse(task) })
                }
            }
            var results = [[Result]](repeating: [], count: tasks)
            for await (task, rounds) in group {
                results[task] = rounds
            }
            return results
        }
        for task in 0..<tasks {
            #expect(concurrent[task].count == 10)
            #expect(concurrent[task].allSatisfy { $0 == serial[task] }, "task \(task)")
        }
    }
}
