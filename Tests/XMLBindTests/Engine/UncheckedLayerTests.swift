import Synchronization
import Testing

@testable import XMLBind

/// The unchecked layer (the `+Unsafe.swift` files listed in
/// Sources/XMLBind/Engine/UncheckedLayer.swift) and its SafeMode replacement: the default
/// build writes plain stored properties at their field offsets; the SafeMode build
/// (`swift test --traits SafeMode`) has no offsets at all, so every value and child goes
/// through its key path. The rest of the suite checks that both bind the same.
@Suite(.serialized) struct UncheckedLayerTests {
    final class Part: Bindable {
        var name = ""
        init() {}
    }

    final class Holder: Bindable {
        var id = ""
        var label: String?
        var enabled = false
        var count = 0
        var parts: [Part] = []
        var spare: Part?
        init() {}
    }

    private static let binder = XMLBinder().registeredAtSetup(
        mapping(Holder.self, element: "holder").attribute(\.id).attribute(\.label).attribute(\.enabled)
            .attribute(\.count).children(\.parts, xml: "part").child(\.spare, xml: "spare"),
        mapping(Part.self, element: "part").attribute(\.name),
        mapping(Part.self, element: "spare").attribute(\.name))

    @Test func theBuildKnowsWhichLayerItHas() {
        #if SafeMode
            #expect(UncheckedLayer.isSafeMode)
        #else
            #expect(!UncheckedLayer.isSafeMode)
        #endif
    }

    @Test func fieldOffsetsExistOnlyInTheDefaultBuild() throws {
        let holder = try #require(Self.binder.registry.bindings.first)
        #expect(holder.properties.map(\.propertyName) == ["id", "label", "enabled", "count"])
        let offsets = holder.setters.map { max($0.textOffset, $0.boolOffset) }
        #if SafeMode
            #expect(offsets.allSatisfy { $0 < 0 })
            #expect(holder.childSlotOffsets.allSatisfy { $0 == nil })
            #expect(holder.plainAttributes.entry(named: "id", length: 2)?.pointee.textOffset ?? -1 < 0)
        #else
            // `id`, `label` (plain strings) and `enabled` (a plain Bool) are stored straight
            // into their fields; `count` is converted first, so it has no plain-text offset.
            #expect(offsets[0] >= 0 && offsets[1] >= 0 && offsets[2] >= 0)
            #expect(offsets[3] < 0)
            #expect(holder.childSlotOffsets.allSatisfy { $0 != nil })
        #endif
    }

    @Test func bothBuildsBindTheSameGraph() throws {
        let document = """
            <holder id="h1" label="first" enabled="true" count="3">\
            <part name="a"/><part name="b"/><spare name="s"/></holder>
            """
        for _ in 0..<2 {
            let holder = try Self.binder.parse(document, as: Holder.self)
            #expect(holder.id == "h1")
            #expect(holder.label == "first")
            #expect(holder.enabled)
            #expect(holder.count == 3)
            #expect(holder.parts.map(\.name) == ["a", "b"])
            #expect(holder.spare?.name == "s")
            let written = try Self.binder.xml(from: holder)
            #expect(try Self.binder.parse(written, as: Holder.self).parts.map(\.name) == ["a", "b"])
        }
    }

    final class Tracked: Bindable {
        static let live = Mutex(0)
        var name: String?
        init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    final class Owner: Bindable {
        var items: [Tracked] = []
        var first: Tracked?
        init() {}
    }

    @Test func everyObjectIsReleasedWhetherTheParseEndsOrStops() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Owner.self, element: "owner").children(\.items, xml: "item").child(\.first, xml: "first"),
            mapping(Tracked.self, element: "item").attribute(\.name),
            mapping(Tracked.self, element: "first").attribute(\.name))
        let before = Tracked.live.withLock { $0 }
        do {
            let owner = try binder.parse(
                "<owner><first name='f'/><item name='a'/><item name='b'/></owner>", as: Owner.self)
            #expect(owner.items.map(\.name) == ["a", "b"])
            #expect(Tracked.live.withLock { $0 } == before + 3)
        }
        #expect(Tracked.live.withLock { $0 } == before)
        // Malformed: the parse stops with open frames and collected children holding objects.
        #expect(throws: XMLBindError.self) {
            _ = try binder.parse("<owner><item name='a'/><item name='b'><item", as: Owner.self)
        }
        #expect(Tracked.live.withLock { $0 } == before)
    }
}
