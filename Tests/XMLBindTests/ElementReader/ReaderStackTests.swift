import Testing
import XMLBind

/// `ReaderStack` keeps its values in memory of its own (an array in SafeMode): values go in
/// and come out in stack order, growth keeps them, arrays taken are exactly their values, and
/// every value that holds a reference is released exactly once, whichever way it leaves.
@Suite struct ReaderStackTests {
    /// Counts its instances alive, so a leak or a double release shows.
    final class Tracked {
        let id: Int
        let counter: Counter
        init(_ id: Int, _ counter: Counter) {
            self.id = id
            self.counter = counter
            counter.alive += 1
        }
        deinit { counter.alive -= 1 }
    }

    final class Counter {
        var alive = 0
    }

    @Test func popsInReverseOrderOfPushing() {
        let stack = ReaderStack<Int>(capacity: 2)
        #expect(stack.isEmpty)
        #expect(stack.pop() == nil)
        #expect(stack.top == nil)
        for number in 1...3 { stack.push(number) }
        #expect(stack.count == 3)
        #expect(stack.top == 3)
        #expect(stack.pop() == 3)
        #expect(stack.pop() == 2)
        #expect(stack.count == 1)
        #expect(stack.pop() == 1)
        #expect(stack.pop() == nil)
        #expect(stack.isEmpty)
    }

    @Test func growingKeepsEveryValue() {
        let stack = ReaderStack<String>(capacity: 1)
        let words = (0..<1000).map { "word number \($0), long enough to allocate" }
        for word in words { stack.push(word) }
        #expect(stack.count == 1000)
        var popped: [String] = []
        while let word = stack.pop() { popped.append(word) }
        #expect(popped == words.reversed())
    }

    @Test func modifyTopChangesTheTopInPlace() {
        let stack = ReaderStack<[Int]>()
        #expect(stack.modifyTop { $0.append(1) } == nil)
        stack.push([1])
        stack.push([2])
        let size = stack.modifyTop { top -> Int in
            top.append(3)
            return top.count
        }
        #expect(size == 2)
        #expect(stack.top == [2, 3])
        #expect(stack.pop() == [2, 3])
        #expect(stack.top == [1])
    }

    @Test func modifyTopKeepsChangesMadeBeforeAThrow() {
        struct Stop: Error {}
        let stack = ReaderStack<Int>()
        stack.push(1)
        #expect(throws: Stop.self) {
            try stack.modifyTop { top in
                top = 5
                throw Stop()
            }
        }
        #expect(stack.top == 5)
        #expect(stack.count == 1)
    }

    @Test func takeLastMakesAnArrayOfExactlyThoseValues() {
        let stack = ReaderStack<String>()
        for word in ["a", "bb", "ccc", "dddd", "eeeee"] { stack.push(word) }
        let taken = stack.take(last: 3)
        #expect(taken == ["ccc", "dddd", "eeeee"])
        // An array of its own, not the stack's storage (16 places): its capacity is what the
        // allocator rounded three values up to, which can be one more.
        #expect(taken.capacity >= 3 && taken.capacity < 8)
        #expect(stack.count == 2)
        #expect(stack.top == "bb")
        #expect(stack.take(last: 0) == [])
        #expect(stack.take(last: -1) == [])
        // More than the stack holds: all of it.
        #expect(stack.take(last: 10) == ["a", "bb"])
        #expect(stack.isEmpty)
    }

    @Test func takeFromAPositionReadBeforePushing() {
        let stack = ReaderStack<Int>()
        stack.push(7)
        let first = stack.count
        for number in 10..<15 { stack.push(number) }
        #expect(stack.take(from: first) == [10, 11, 12, 13, 14])
        #expect(stack.take(from: 5) == [])
        #expect(stack.take(from: -3) == [7])
    }

    @Test func referencesAreReleasedExactlyOnce() {
        let counter = Counter()
        do {
            let stack = ReaderStack<Tracked>(capacity: 2)
            for id in 0..<10 { stack.push(Tracked(id, counter)) }
            #expect(counter.alive == 10)
            // Popped: released when the caller lets go of it.
            #expect(stack.pop()?.id == 9)
            #expect(counter.alive == 9)
            // Taken: the array holds the references the stack had.
            var taken = stack.take(last: 3)
            #expect(taken.map(\.id) == [6, 7, 8])
            #expect(counter.alive == 9)
            taken.removeAll()
            #expect(counter.alive == 6)
            // Changed in place: the value replaced is released.
            stack.modifyTop { $0 = Tracked(50, counter) }
            #expect(counter.alive == 6)
            #expect(stack.top?.id == 50)
            // Removed: released, and the stack is usable again.
            stack.removeAll()
            #expect(counter.alive == 0)
            stack.push(Tracked(100, counter))
            stack.push(Tracked(101, counter))
            stack.removeAll(keepingCapacity: false)
            #expect(counter.alive == 0)
            for id in 0..<40 { stack.push(Tracked(id, counter)) }
            #expect(counter.alive == 40)
        }
        // The stack's own end releases what it still held.
        #expect(counter.alive == 0)
    }

    @Test func stringsSurviveEveryWayOut() {
        let stack = ReaderStack<String>()
        let long = String(repeating: "é", count: 40)
        stack.push(long)
        stack.push("short")
        stack.push(long + "!")
        #expect(stack.pop() == long + "!")
        #expect(stack.take(last: 2) == [long, "short"])
        stack.push(long)
        stack.removeAll()
        stack.push("again")
        #expect(stack.top == "again")
    }
}
