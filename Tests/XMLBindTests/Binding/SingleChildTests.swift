import Synchronization
import Testing

@testable import XMLBind

/// A `.child` slot of a class type takes an exact child as the reference it is
/// (`PlacerSlot.directOffset`): the value must be the child, a later child must replace
/// an earlier one, and every replaced or dropped object must be released.
@Suite(.serialized)
struct SingleChildTests {
    class Part: Bindable {
        static let live = Mutex(0)
        var name: String?
        required init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    final class SpecialPart: Part {}

    final class Machine: Bindable {
        var spare: Part?
        init() {}
    }

    final class Engine: Bindable {
        var main = Part()
        init() {}
    }

    private static let binder = XMLBinder().registeredAtSetup(
        mapping(Machine.self, element: "machine").child(\.spare),
        mapping(Engine.self, element: "engine").child(\.main),
        mapping(Part.self, element: "part").attribute(\.name),
        mapping(SpecialPart.self, element: "special").attribute(\.name))

    @Test func exactClassChildrenAreStoredDirectly() {
        let registry = Self.binder.registry
        // Bindings in registration order: machine, engine, part, special.
        for (parent, child) in [(0, 2), (0, 3), (1, 2), (1, 3)] {
            #if SafeMode
                // SafeMode has no field offsets: every child goes through its key path.
                #expect(registry.directOffset(parent: parent, child: child) == -1, "\(parent) ← \(child)")
            #else
                #expect(registry.directOffset(parent: parent, child: child) >= 0, "\(parent) ← \(child)")
            #endif
        }
        #expect(registry.directOffset(parent: 0, child: 1) == -1)
    }

    @Test func aSecondChildIsRefusedAndNothingLeaks() throws {
        let before = Part.live.withLock { $0 }
        let document = "<machine><part name='a'/><part name='b'/><part name='c'/></machine>"
        do {
            // Lenient: the first child stays, with a warning for each other one.
            let log = WarningLog()
            var lenient = Self.binder
            lenient.options = ParseOptions(mode: .lenient)
            let machine = try lenient.parse(
                document, as: Machine.self, warnings: log)
            #expect(machine.spare?.name == "a")
            #expect(log.warnings.count == 2)
            #expect(Part.live.withLock { $0 } == before + 1)
        }
        // Strict: an error, and every object released.
        #expect(bindError { _ = try Self.binder.parse(document, as: Machine.self) }?.code == .duplicateValue)
        #expect(Part.live.withLock { $0 } == before)
    }

    @Test func aNonOptionalChildReplacesTheDefault() throws {
        let before = Part.live.withLock { $0 }
        do {
            let engine = try Self.binder.parse("<engine><part name='main'/></engine>", as: Engine.self)
            #expect(engine.main.name == "main")
            #expect(Part.live.withLock { $0 } == before + 1)
            let untouched = try Self.binder.parse("<engine/>", as: Engine.self)
            #expect(untouched.main.name == nil)
        }
        #expect(Part.live.withLock { $0 } == before)
    }

    @Test func aSubclassChildIsStoredAsItself() throws {
        let machine = try Self.binder.parse("<machine><special name='s'/></machine>", as: Machine.self)
        #expect(machine.spare is SpecialPart)
        #expect(machine.spare?.name == "s")
    }

    @Test func aFailedParseReleasesItsChildren() {
        let before = Part.live.withLock { $0 }
        #expect(throws: XMLBindError.self) {
            _ = try Self.binder.parse("<machine><part name='a'/><part name='b'/><oops/></machine>", as: Machine.self)
        }
        #expect(Part.live.withLock { $0 } == before)
    }
}
