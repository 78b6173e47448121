// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `base` holds `capacity` slots, of which `0..<count` are initialized; every other slot is
//   not. Pushing initializes slot `count`; popping moves the value out; taking moves values
//   into a new array; `removeAll` and `deinit` deinitialize what they drop, so values that
//   hold references (a `String`, a class instance) are released exactly once.
// - The stored properties are `@exclusivity(unchecked)`: a stack belongs to one reader, and
//   readers are made per parse and called on one thread, never reentrantly; no method calls
//   out to code that could reach the same stack while it is changing (`modifyTop`'s body gets
//   the top slot itself, and must not push or pop the same stack: checked, see there).
// - SafeMode: an `Array` in the same class, every access checked.

/// A stack of values for an ``ElementReader``'s state: push, pop, the top in place, and the
/// last values taken as an array of exactly their size.
///
/// A reader is a class, and every access to a class's `var` stored property is checked for
/// exclusivity at run time, which costs more than the work a reader does per tag; an
/// `Array` in such a property adds a uniqueness check to every push and pop. A
/// `ReaderStack` held in a `let` property needs neither: its own storage is unchecked (a
/// reader is called on one thread, one event at a time), and a `let` is never checked.
///
/// ```swift
/// final class ListReader: ElementReader {
///     private let items = ReaderStack<String>()
///     func start(_ element: ReaderElement) throws {
///         if element.depth == 0 { items.removeAll() }
///     }
///     func end(_ element: ReaderElement, text: ReaderText) throws {
///         if element.depth == 1 { items.push(text.string) }
///     }
///     func finish() throws -> [String] { items.take(last: items.count) }
/// }
/// ```
///
/// Elements may be any type; those the stack drops (``removeAll(keepingCapacity:)``, its
/// own end) are released.
package final class ReaderStack<Element> {
    #if SafeMode
        @usableFromInline var elements: [Element] = []
    #else
        @usableFromInline @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
        @usableFromInline @exclusivity(unchecked) var capacity: Int
        @usableFromInline @exclusivity(unchecked) var storedCount = 0
    #endif

    /// Creates an empty stack.
    ///
    /// - Parameter capacity: How many values fit before the stack first grows.
    package init(capacity: Int = 16) {
        #if SafeMode
            elements.reserveCapacity(Swift.max(capacity, 1))
        #else
            self.capacity = Swift.max(capacity, 1)
            base = .allocate(capacity: self.capacity)
        #endif
    }

    deinit {
        #if !SafeMode
            base.deinitialize(count: storedCount)
            base.deallocate()
        #endif
    }

    /// How many values are on the stack.
    @inlinable package var count: Int {
        #if SafeMode
            elements.count
        #else
            storedCount
        #endif
    }

    /// Whether the stack is empty.
    @inlinable package var isEmpty: Bool { count == 0 }

    /// Puts `element` on top.
    @inlinable package func push(_ element: Element) {
        #if SafeMode
            elements.append(element)
        #else
            if storedCount == capacity { grow() }
            (base + storedCount).initialize(to: element)
            storedCount &+= 1
        #endif
    }

    /// Takes the top value off, or returns `nil` when the stack is empty.
    @inlinable package func pop() -> Element? {
        #if SafeMode
            elements.popLast()
        #else
            guard storedCount > 0 else { return nil }
            storedCount &-= 1
            return (base + storedCount).move()
        #endif
    }

    /// The top value, or `nil` when the stack is empty.
    @inlinable package var top: Element? {
        #if SafeMode
            elements.last
        #else
            storedCount > 0 ? base[storedCount &- 1] : nil
        #endif
    }

    /// Changes the top value in place.
    ///
    /// `body` must not push onto or pop this stack (the top it changes would move): the
    /// stack stops the program if it does.
    ///
    /// - Parameter body: Changes the value.
    /// - Returns: What `body` returns, or `nil` (without calling it) when the stack is empty.
    /// - Throws: What `body` throws; the top keeps the changes made before.
    @inlinable package func modifyTop<Result>(_ body: (inout Element) throws -> Result) rethrows -> Result? {
        #if SafeMode
            guard !elements.isEmpty else { return nil }
            return try body(&elements[elements.count - 1])
        #else
            guard storedCount > 0 else { return nil }
            let before = storedCount
            defer { precondition(storedCount == before, "ReaderStack changed inside modifyTop") }
            return try body(&base[storedCount &- 1])
        #endif
    }

    /// Removes every value.
    ///
    /// - Parameter keepingCapacity: Whether to keep the memory for the values to come
    ///   (the default: a reader refills its stacks for every element it reads).
    @inlinable package func removeAll(keepingCapacity: Bool = true) {
        #if SafeMode
            elements.removeAll(keepingCapacity: keepingCapacity)
        #else
            base.deinitialize(count: storedCount)
            storedCount = 0
            if !keepingCapacity, capacity > 16 { shrink() }
        #endif
    }

    /// Takes the top `count` values off, as an array of exactly that size, the deepest
    /// first (the order they were pushed in).
    ///
    /// - Parameter count: How many values to take; clamped to `0...self.count`.
    /// - Returns: The values taken.
    @inlinable package func take(last count: Int) -> [Element] {
        #if SafeMode
            let taken = Swift.min(Swift.max(count, 0), elements.count)
            let result = Array(elements.suffix(taken))
            elements.removeLast(taken)
            return result
        #else
            let taken = Swift.min(Swift.max(count, 0), storedCount)
            guard taken > 0 else { return [] }
            let first = storedCount &- taken
            storedCount = first
            let source = base + first
            // `reserveCapacity` then `append` are specialized for `Element` where they are
            // used; `Array(unsafeUninitializedCapacity:)` allocates through an unspecialized
            // entry point that looks the array's storage type up at run time, several times
            // the cost of moving a struct's few members.
            var result: [Element] = []
            result.reserveCapacity(taken)
            for offset in 0..<taken {
                // Moved, so each value keeps the one reference it had on the stack.
                result.append((source + offset).move())
            }
            return result
        #endif
    }

    /// Takes the values from `index` (a ``count`` read before they were pushed) to the top
    /// off, as an array of exactly their size, in the order they were pushed.
    ///
    /// - Parameter index: The position of the first value to take.
    /// - Returns: The values taken; empty when `index` is not below ``count``.
    @inlinable package func take(from index: Int) -> [Element] {
        take(last: count &- Swift.max(index, 0))
    }

    #if !SafeMode
        /// Doubles the capacity. Out of line: pushing stays small.
        @usableFromInline @inline(never) func grow() {
            let grownCapacity = capacity &* 2
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: grownCapacity)
            grown.moveInitialize(from: base, count: storedCount)
            base.deallocate()
            base = grown
            capacity = grownCapacity
        }

        /// Gives back grown memory once the stack is empty.
        @usableFromInline @inline(never) func shrink() {
            base.deallocate()
            capacity = 16
            base = .allocate(capacity: capacity)
        }
    #endif
}
