// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - A `FieldAccess` is made only by `of(_:isClass:)` from an object the caller keeps alive
//   (an engine frame's reference, or the writer's box) for as long as the access is used.
// - Every offset passed in was found by `FieldTable` for that object's type, and the `V` a
//   method is called with is that field's type (`FieldTable.field(at:of:)` matched both).
// - `storeReference` and `loadReferences` are used only for fields of type `C`, `C?` or `[C]`
//   with `C` a class: those have the layout of `AnyObject?` and `[AnyObject]`.
// - SafeMode: `FieldTable.writableOffset(_:)` hands out no offset, so nothing calls the
//   methods that take one; they stop the program rather than touch memory if that
//   invariant were ever broken (a programming error, never input).
// - `holdsBits(ofStringAt:of:at:)` reads a `String` or `String?` field and an element of a
//   `[String?]` the caller holds (below its count) as raw bytes, in place, for the length of
//   the call: nothing is copied, written or kept. The two types have one size (checked), and
//   a `String`'s bits are those of the `String?` holding it (`.some` takes no tag: the nil
//   case is one of `String`'s spare bit patterns), so equal bits are one string either way.
// - `sameBytes(_:_:)` reads two lent views, only below their (equal) count.
// - `withUTF8(ofStringAt:isOptional:_:)` lends a `String` field's UTF-8 in place, for the
//   length of the call: the caller keeps the object alive and does not assign the field
//   meanwhile (the writer only reads the graph), so the string's storage outlives the loan.

#if SafeMode
    /// SafeMode's stand-in: no offsets exist (``FieldTable/writableOffset(_:)``), so every
    /// value goes through its key path and this is never asked to touch a field.
    @usableFromInline
    struct FieldAccess {
        @inlinable
        init() {}

        @inlinable
        static func of(_ object: AnyObject, isClass: Bool) -> FieldAccess {
            FieldAccess()
        }

        @inlinable
        func field(at offset: Int) -> FieldAccess { self }

        @inlinable
        func store<V>(_ value: V, at offset: Int = 0) { Self.noOffsets() }

        @inlinable
        func modify<V, R>(_ type: V.Type, at offset: Int = 0, _ body: (inout V) throws -> R) rethrows -> R {
            Self.noOffsets()
        }

        @inlinable
        func load<V>(_ type: V.Type, at offset: Int = 0) -> V { Self.noOffsets() }

        func storeBool(_ flag: Bool, at offset: Int) { Self.noOffsets() }

        func storeString(_ value: String, at offset: Int, isOptional: Bool) { Self.noOffsets() }

        func storeReference(_ object: AnyObject, at offset: Int) { Self.noOffsets() }

        func loadReferences(at offset: Int, isArray: Bool) -> [AnyObject] { Self.noOffsets() }

        func holdsBits(ofStringAt offset: Int, of values: [String?], at position: Int) -> Bool {
            Self.noOffsets()
        }

        func withUTF8<R>(
            ofStringAt offset: Int, isOptional: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
        ) -> R? { Self.noOffsets() }

        @usableFromInline
        static func noOffsets() -> Never {
            preconditionFailure("SafeMode compiles no field offsets: values go through key paths")
        }
    }
#else
    /// An object's stored fields, reached at the offsets ``FieldTable`` found for its type.
    ///
    /// A class instance's fields count from its address; a struct's from its ``StructBox``'s
    /// storage. Setters prepared at registration write through this, straight to a field, so
    /// a value costs one store rather than a call through a key path.
    @usableFromInline
    struct FieldAccess {
        @usableFromInline let base: UnsafeMutableRawPointer

        @inlinable
        init(base: UnsafeMutableRawPointer) {
            self.base = base
        }

        /// The fields of an object held as itself (a class instance or a struct box).
        @inlinable
        static func of(_ object: AnyObject, isClass: Bool) -> FieldAccess {
            FieldAccess(
                base: isClass
                    ? Unmanaged.passUnretained(object).toOpaque() : unsafeDowncast(object, to: ValueBox.self).base)
        }

        /// The field at `offset`, as an access of its own (its offset 0 is the field).
        @inlinable
        func field(at offset: Int) -> FieldAccess {
            FieldAccess(base: base + offset)
        }

        /// Assigns the field (its old value is released).
        @inlinable
        func store<V>(_ value: V, at offset: Int = 0) {
            (base + offset).assumingMemoryBound(to: V.self).pointee = value
        }

        /// Runs `body` on the field in place.
        @inlinable
        func modify<V, R>(_ type: V.Type, at offset: Int = 0, _ body: (inout V) throws -> R) rethrows -> R {
            try body(&(base + offset).assumingMemoryBound(to: V.self).pointee)
        }

        /// A copy of the field's value.
        @inlinable
        func load<V>(_ type: V.Type, at offset: Int = 0) -> V {
            UnsafeRawPointer(base + offset).load(as: V.self)
        }

        /// Sets a `Bool` field.
        @inline(__always)
        func storeBool(_ flag: Bool, at offset: Int) {
            (base + offset).storeBytes(of: flag, as: Bool.self)
        }

        /// Assigns a value to a `String` or `String?` field (its old value is released).
        @inline(__always)
        func storeString(_ value: String, at offset: Int, isOptional: Bool) {
            let field = base + offset
            if isOptional {
                field.assumingMemoryBound(to: String?.self).pointee = value
            } else {
                field.assumingMemoryBound(to: String.self).pointee = value
            }
        }

        /// Assigns a child reference to a `C` or `C?` field of a class `C` (the old one is
        /// released): the reference is the value.
        @inline(__always)
        func storeReference(_ object: AnyObject, at offset: Int) {
            (base + offset).assumingMemoryBound(to: AnyObject?.self).pointee = object
        }

        /// The references a `[C]` field (`isArray`) or a `C?` field of a class `C` holds.
        @inline(__always)
        func loadReferences(at offset: Int, isArray: Bool) -> [AnyObject] {
            let field = UnsafeRawPointer(base + offset)
            return isArray ? field.load(as: [AnyObject].self) : field.load(as: AnyObject?.self).map { [$0] } ?? []
        }

        /// Lends the UTF-8 of a `String` field (`String?` when `isOptional`) to `body`, or
        /// gives `nil` for a `nil` optional.
        ///
        /// A Swift string's UTF-8 is lent where it is, without copying the string (a copy
        /// retains its storage and releases it after: most of what writing a short value
        /// costs); a string without contiguous UTF-8 (bridged) is copied first.
        @inline(__always)
        func withUTF8<R>(
            ofStringAt offset: Int, isOptional: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> R
        ) -> R? {
            let field = base + offset
            if isOptional { return Self.lendUTF8(of: &field.assumingMemoryBound(to: String?.self).pointee, body) }
            return Self.lendUTF8(of: &field.assumingMemoryBound(to: String.self).pointee, body)
        }

        /// Whether the `String` or `String?` field at `offset` holds, bit for bit,
        /// `values[position]`: the very string recorded there, unchanged (the same small
        /// string, or the same storage and count: storage two values share is never changed
        /// in place). Both are read where they lie, so neither is retained and released;
        /// unequal bits say nothing (the caller then compares the strings).
        @inline(__always)
        func holdsBits(ofStringAt offset: Int, of values: [String?], at position: Int) -> Bool {
            let size = MemoryLayout<String?>.size
            guard MemoryLayout<String>.size == size else { return false }
            return values.withUnsafeBufferPointer { recorded in
                guard position >= 0, position < recorded.count, let start = recorded.baseAddress else { return false }
                return Self.sameBytes(
                    UnsafeRawBufferPointer(start: UnsafeRawPointer(base + offset), count: size),
                    UnsafeRawBufferPointer(start: UnsafeRawPointer(start + position), count: size))
            }
        }

        // Not inlined on purpose: an `inout` parameter is exclusive for the call, so the
        // compiler reads the string in place; read through a pointer inside the caller, it
        // copies the string first, in case `body` writes to that memory. The UTF-8 is lent
        // as the string's span where the standard library has it (no closure, no copy of a
        // small string's bytes).

        @inline(never)
        static func lendUTF8<R>(of string: inout String?, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
            guard case .some = string else { return nil }
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return string.unsafelyUnwrapped.utf8.span.withUnsafeBufferPointer(body)
            }
            if let result = string?.utf8.withContiguousStorageIfAvailable(body) { return result }
            var copy = string ?? ""
            return copy.withUTF8(body)
        }

        @inline(never)
        static func lendUTF8<R>(of string: inout String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return string.utf8.span.withUnsafeBufferPointer(body)
            }
            if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
            var copy = string
            return copy.withUTF8(body)
        }
    }
#endif

extension FieldAccess {
    /// Whether two lent views hold the same bytes, compared eight at a time (the generic
    /// `elementsEqual` cost some 200 instructions for a short value): the one comparison
    /// behind ``holdsBits(ofStringAt:of:at:)`` and ``GraphSnapshot/sameBytes(_:_:)``.
    @inline(__always)
    static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        guard count == right.count else { return false }
        var offset = 0
        while offset &+ 8 <= count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        while offset < count {
            guard left[offset] == right[offset] else { return false }
            offset &+= 1
        }
        return true
    }
}
