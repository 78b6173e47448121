import Foundation
import Testing

@testable import XMLBind

/// Streamed objects reach the closure as the requested type, by a checked cast each: every
/// kind of `Element` (a class, a class-bound or any protocol, `AnyObject`, `Any`) gets
/// exactly the objects that are one, each the very instance bound, and none may leak.
@Suite("Streaming: objects handed out as the requested type")
struct StreamCasterTests {
    protocol Entry: AnyObject { var key: String? { get } }
    protocol Keyed { var key: String? { get } }

    final class Item: Bindable, Entry, Keyed {
        var key: String?
        init() {}
    }

    final class Note: Bindable, Keyed {
        var key: String?
        init() {}
    }

    final class Other: Bindable {
        var key: String?
        init() {}
    }

    struct Mark: Bindable, Keyed {
        var key: String?
        init() {}
    }

    final class Feed: Bindable {
        var items: [Item] = []
        var notes: [Note] = []
        var others: [Other] = []
        var marks: [Mark] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Feed.self, element: "feed").children(\.items).children(\.notes).children(\.others).children(\.marks),
        mapping(Item.self, element: "item").attribute(\.key),
        mapping(Note.self, element: "note").attribute(\.key),
        mapping(Other.self, element: "other").attribute(\.key),
        mapping(Mark.self, element: "mark").attribute(\.key))

    /// Items, notes, others and marks interleaved, `count` of each, keys numbered in order.
    static func document(_ count: Int) -> String {
        "<feed>"
            + (0..<count).map { "<item key='i\($0)'/><note key='n\($0)'/><other key='o\($0)'/><mark key='m\($0)'/>" }
            .joined() + "</feed>"
    }

    static func keys<T>(_ type: T.Type, _ key: (T) -> String?) throws -> [String] {
        var keys: [String] = []
        try binder.stream(document(50), as: type) { object in
            keys.append(key(object) ?? "-")
            return .continue
        }
        return keys
    }

    static func expected(_ prefixes: [String]) -> [String] {
        (0..<50).flatMap { index in prefixes.map { "\($0)\(index)" } }
    }

    @Test func everyKindOfElementGetsExactlyItsObjects() throws {
        #expect(try Self.keys(Item.self, \.key) == Self.expected(["i"]))
        #expect(try Self.keys((any Entry).self, \.key) == Self.expected(["i"]))
        #expect(try Self.keys((any Keyed).self, \.key) == Self.expected(["i", "n", "m"]))
        // The root is an `AnyObject` and an `Any` too: it is the one outermost object streamed.
        #expect(try Self.keys(AnyObject.self) { $0 is Feed ? "feed" : nil } == ["feed"])
        #expect(try Self.keys(Any.self) { $0 is Feed ? "feed" : nil } == ["feed"])
        #expect(try Self.keys(AnyHashable.self) { _ in "x" }.isEmpty)
    }

    /// Each object handed out is the instance that was bound, and is freed once dropped.
    @Test func objectsAreTheBoundInstancesAndAreReleased() throws {
        weak var last: Item?
        var seen = Set<ObjectIdentifier>()
        try Self.binder.stream(Self.document(200), as: (any Entry).self) { entry in
            let item = try #require(entry as? Item)
            #expect(item === (entry as AnyObject))
            seen.insert(ObjectIdentifier(item))
            last = item
            return .continue
        }
        #expect(seen.count == 200)
        #expect(last == nil)
    }
}
