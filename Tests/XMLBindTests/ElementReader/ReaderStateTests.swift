import Foundation
import Testing
import XMLBind

/// `ReaderState` holds one value for a reader: it reads and changes the value in place, keeps
/// what was written, releases what it drops exactly once, and a reader built on it reads a
/// document as a reader with `var` properties would.
@Suite struct ReaderStateTests {
    /// Counts its instances alive, so a leak or a double release shows.
    final class Tracked {
        let counter: Counter
        init(_ counter: Counter) {
            self.counter = counter
            counter.alive += 1
        }
        deinit { counter.alive -= 1 }
    }

    final class Counter {
        var alive = 0
    }

    struct Fields: Equatable {
        var depth = 0
        var names: [String] = []
    }

    @Test func changesFieldsInPlaceAndKeepsThem() {
        let state = ReaderState(Fields())
        state.value.depth += 2
        state.value.names.append("a")
        state.value.names.append("b")
        #expect(state.value == Fields(depth: 2, names: ["a", "b"]))
        state.value = Fields(depth: 7)
        #expect(state.value.depth == 7)
        #expect(state.value.names.isEmpty)
    }

    @Test func anArrayChangedInPlaceIsNotCopied() {
        let state = ReaderState<[Int]>([])
        state.value.reserveCapacity(64)
        let before = state.value.withUnsafeBufferPointer { $0.baseAddress }
        for number in 0..<64 { state.value.append(number) }
        // Appending through the state keeps the array's one buffer: the value is changed
        // in place, never copied out and back.
        #expect(state.value.withUnsafeBufferPointer { $0.baseAddress } == before)
        #expect(state.value == Array(0..<64))
    }

    @Test func releasesWhatItDropsExactlyOnce() {
        let counter = Counter()
        do {
            let state = ReaderState<Tracked?>(Tracked(counter))
            #expect(counter.alive == 1)
            state.value = Tracked(counter)
            #expect(counter.alive == 1)
            state.value = nil
            #expect(counter.alive == 0)
            state.value = Tracked(counter)
            #expect(counter.alive == 1)
        }
        #expect(counter.alive == 0)
    }

    /// The deepest element of a document, kept in a `ReaderState` by a reader.
    final class DepthReader: ElementReader {
        private let deepest = ReaderState(0)
        func start(_ element: ReaderElement) throws {
            if element.depth == 0 { deepest.value = 0 }
            deepest.value = max(deepest.value, element.depth)
        }
        func end(_ element: ReaderElement, text: ReaderText) throws {}
        func finish() throws -> Depth {
            let depth = Depth()
            depth.deepest = deepest.value
            return depth
        }
    }

    final class Depth: Bindable, @unchecked Sendable {
        var deepest = -1
        init() {}
    }

    @Test func aReaderKeepsItsStateInIt() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Depth.self, element: "tree").reading(with: { DepthReader() }))
        let shallow = try binder.parse(Data("<tree><a/></tree>".utf8), as: Depth.self)
        #expect(shallow.deepest == 1)
        let deep = try binder.parse(Data("<tree><a><b><c/></b></a><d/></tree>".utf8), as: Depth.self)
        #expect(deep.deepest == 3)
    }
}
