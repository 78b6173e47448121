#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - An object the engine holds is either an instance of the mapped class (or of one of its
//   subclasses: the engine creates exactly the registered class) or a `StructBox<T>` of the
//   mapped struct; `isClass` says which, and every reinterpretation (`unsafeBitCast`,
//   `unsafeDowncast`) relies on that.
// - A `StructBox` owns its storage: allocated and initialized in `init`, deinitialized and
//   freed in `deinit`; nothing keeps its address beyond the box's life.
// - `projectedOffset` and `changedField` run at registration on a fresh sample instance only,
//   and only read it (its address, and the bytes of candidate fields after a trial write
//   through the key path); they stay in SafeMode, which needs the names they find.
// - SafeMode: a box holds its value as a stored property, and objects are reached with
//   checked casts (`as!`, which the first invariant makes always succeed), not
//   reinterpreted.

/// How the engine holds an object under construction, and where its fields are.
///
/// A class instance is held as itself; its fields live at fixed offsets from the
/// instance's address. A struct value lives in a ``StructBox``, whose storage pointer is
/// the base its fields' offsets count from. Either way the engine sees an `AnyObject`
/// (to keep the object alive) and a base address (to write fields), and setters
/// prepared at registration write straight to `base + offset`.
#if SafeMode
    /// A struct value under construction (SafeMode: no storage of its own, no base).
    @usableFromInline
    class ValueBox {
        @usableFromInline
        init() {}
    }

    /// A struct value under construction.
    @usableFromInline
    final class StructBox<T>: ValueBox {
        @usableFromInline var value: T

        @usableFromInline
        init(_ value: T) {
            self.value = value
        }
    }
#else
    @usableFromInline
    class ValueBox {
        /// Where the struct value is stored.
        @usableFromInline let base: UnsafeMutableRawPointer

        @usableFromInline
        init(base: UnsafeMutableRawPointer) {
            self.base = base
        }
    }

    /// A struct value under construction, in storage of its own.
    @usableFromInline
    final class StructBox<T>: ValueBox {
        @usableFromInline let storage: UnsafeMutablePointer<T>

        @usableFromInline
        init(_ value: T) {
            storage = .allocate(capacity: 1)
            storage.initialize(to: value)
            super.init(base: UnsafeMutableRawPointer(storage))
        }

        deinit {
            storage.deinitialize(count: 1)
            storage.deallocate()
        }
    }
#endif

/// Typed access to an object held as `AnyObject`.
@usableFromInline
enum ObjectStorage {
    /// A class instance as the `AnyObject` it is (`T` must be a class: no dynamic cast).
    @inlinable
    static func reference<T>(to instance: T) -> AnyObject {
        #if SafeMode
            instance as AnyObject
        #else
            unsafeBitCast(instance, to: AnyObject.self)
        #endif
    }

    /// An object as the class `T` it is an instance of (of `T` itself or a subclass):
    /// reinterpreted, not cast.
    @inlinable
    static func instance<T>(_ object: AnyObject, as type: T.Type) -> T {
        #if SafeMode
            object as! T
        #else
            unsafeBitCast(object, to: T.self)
        #endif
    }

    /// The object's value, as its parent or the caller receives it.
    @inlinable
    static func value<T>(_ object: AnyObject, as type: T.Type, isClass: Bool) -> T {
        #if SafeMode
            isClass ? object as! T : (object as! StructBox<T>).value
        #else
            isClass ? unsafeBitCast(object, to: T.self) : unsafeDowncast(object, to: StructBox<T>.self).storage.pointee
        #endif
    }

    /// Runs `body` on the object's value in place: a struct's in its box, a class instance
    /// through a variable holding a reference of its own (so `body` may even replace it:
    /// the replacement, like any assignment to a local, goes nowhere).
    @inlinable
    static func mutate<T, R>(_ object: AnyObject, as type: T.Type, isClass: Bool, _ body: (inout T) -> R) -> R {
        if isClass {
            var instance = self.instance(object, as: T.self)
            return body(&instance)
        }
        #if SafeMode
            return body(&(object as! StructBox<T>).value)
        #else
            return body(&unsafeDowncast(object, to: StructBox<T>.self).storage.pointee)
        #endif
    }

    /// Where a key path's value lies, relative to the object's base: the field's offset
    /// for a stored property; for anything else a number that matches no field (see
    /// ``FieldTable``), or `nil`.
    ///
    /// For a struct this is `MemoryLayout.offset(of:)`. For a class, the key path is
    /// projected on a sample instance: a stored property's address is inside the
    /// instance, while a computed or observed property's value is a temporary elsewhere.
    @usableFromInline
    static func projectedOffset<T, V>(_ keyPath: WritableKeyPath<T, V>, sample: AnyObject?) -> Int? {
        guard let sample else { return MemoryLayout<T>.offset(of: keyPath) }
        guard let reference = keyPath as? ReferenceWritableKeyPath<T, V> else { return nil }
        let instance = self.instance(sample, as: T.self)
        let base = UnsafeRawPointer(Unmanaged.passUnretained(sample).toOpaque())
        let field = withUnsafeMutablePointer(to: &instance[keyPath: reference]) { UnsafeRawPointer($0) }
        return field - base
    }

    /// Which of the candidate fields (offsets of fields holding `V`s) a key path writes to,
    /// found by storing trial values through it on a sample: the one field that holds
    /// each trial value, bit for bit, after each store; `nil` unless exactly one does.
    ///
    /// A computed property that stores something else (`doubled` setting `count` to half
    /// the value) holds no candidate to the values it was given, so it is not taken for
    /// the field it writes.
    ///
    /// - Parameters:
    ///   - extra: One more trial text, tried last.
    ///   - value: Makes a trial value from a text, or `nil` when the text does not
    ///     convert (the property's own conversion).
    @usableFromInline
    static func changedField<T, V>(
        _ keyPath: WritableKeyPath<T, V>, sample: AnyObject, candidates: [Int], also extra: String,
        value: (String) -> V?
    ) -> Int? {
        guard let reference = keyPath as? ReferenceWritableKeyPath<T, V>, !candidates.isEmpty else { return nil }
        let instance = self.instance(sample, as: T.self)
        let base = UnsafeRawPointer(Unmanaged.passUnretained(sample).toOpaque())
        let size = MemoryLayout<V>.size
        var holding = candidates
        var trials = 0
        let texts = ["1", "2", "true", "false", "a", "b", "2000-01-01", "00000000-0000-0000-0000-000000000001", "AA=="]
        for text in texts + [extra] {
            guard let trial = value(text) else { continue }
            instance[keyPath: reference] = trial
            trials += 1
            withUnsafeBytes(of: trial) { bytes in
                holding.removeAll { memcmp(base + $0, bytes.baseAddress!, size) != 0 }
            }
            if holding.isEmpty { return nil }
        }
        return trials > 0 && holding.count == 1 ? holding[0] : nil
    }
}
