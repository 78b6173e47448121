// Invariants (audited layer, see Unchecked.swift):
// - A template is kept only after checking, on a real cast, that the `Element` value of
//   an instance holds that instance's reference in its first word (true of a class type,
//   `AnyObject`, `Any` and every protocol existential holding a class instance: the
//   reference sits inline, and the rest is the dynamic type's metadata and witness
//   tables).
// - It is reused only for instances of exactly the class it was made from (compared by
//   the instance's dynamic type), so everything but the first word is right for them too.
// - A template is the bytes of the first instance's `Element` with the first word (its
//   only counted reference) cleared: it owns nothing, so the first instance is freed when
//   the closure lets it go, like every other, and `deinit` has nothing to release.
// - An `Element` is made by copying a template's bytes into `scratch`, storing the
//   reference the caller handed over (retained once, by the stream's queue) in the first
//   word, and moving the value out: it owns exactly one reference, as a cast's result
//   would, and no retain is paired with a release on the way.
// - The templates live in raw memory of the caster's own (`templates`, one `Element`
//   stride each, `types.count` of them written; `scratch`, never left initialized), freed
//   in `deinit`: the streaming code runs unspecialized, and a Swift array or tuple of
//   `Element`s would look generic metadata up on every access.
// - `@exclusivity(unchecked)`: a caster serves one stream, driven on one thread without
//   reentrancy, so no two accesses to its lists overlap.
// - SafeMode: no templates; every object is cast (`object as? Element`).

#if SafeMode
    /// Hands streamed class instances out as the stream's `Element`, by a cast each.
    final class StreamCaster<Element> {
        /// `object` as an `Element`, or `nil` when it is not one; takes over the reference.
        func cast(taking object: Unmanaged<AnyObject>) -> Element? {
            object.takeRetainedValue() as? Element
        }

        /// Hands `object` to `body` as an `Element`; `nil` when it is not one. Takes over the
        /// reference.
        func hand(taking object: Unmanaged<AnyObject>, to body: (Element) throws -> StreamAction) rethrows
            -> StreamAction?
        {
            guard let value = object.takeRetainedValue() as? Element else { return nil }
            return try body(value)
        }
    }
#else
    /// Hands streamed class instances out as the stream's `Element` (a protocol, say) without
    /// the runtime's dynamic cast per object.
    ///
    /// A cast of a class instance to a protocol existential looks the conformance up in the
    /// runtime's cache every time: about 1,400 instructions per object, more than binding a
    /// small object costs. The answer is the same for every instance of one class, so the
    /// caster casts the first instance of each class, keeps the result as a template, and makes
    /// the `Element` of each later instance of that class by putting its reference into a copy
    /// of the template.
    final class StreamCaster<Element> {
        /// The most templates kept: a stream of a protocol sees a few classes.
        private static var capacity: Int { 8 }
        /// The class each template was made from. (A caster serves one stream, on one
        /// thread: no dynamic exclusivity checks.)
        @exclusivity(unchecked) private var types: [ObjectIdentifier] = []
        private let templates = UnsafeMutableRawPointer.allocate(
            byteCount: StreamCaster.capacity * MemoryLayout<Element>.stride, alignment: MemoryLayout<Element>.alignment)
        /// Where an `Element` is put together from a template (see the invariants).
        private let scratch = UnsafeMutablePointer<Element>.allocate(capacity: 1)
        /// Classes whose instances are not `Element`s.
        @exclusivity(unchecked) private var refused: [ObjectIdentifier] = []

        deinit {
            templates.deallocate()
            scratch.deallocate()
        }

        /// `object` as an `Element`, or `nil` when it is not one. Takes over the reference
        /// the caller owns.
        func cast(taking object: Unmanaged<AnyObject>) -> Element? {
            if let index = template(for: object) { return make(from: index, taking: object) }
            return firstCast(object.takeRetainedValue())
        }

        /// Hands `object` to `body` as an `Element`; `nil` when it is not one. Takes over the
        /// reference the caller owns.
        ///
        /// What ``StreamSession`` delivers through: unspecialized code that returns an
        /// `Element?` looks up the metadata of `Optional<Element>` on every call, about 300
        /// instructions; this returns a ``StreamAction`` instead.
        func hand(taking object: Unmanaged<AnyObject>, to body: (Element) throws -> StreamAction) rethrows
            -> StreamAction?
        {
            if let index = template(for: object) { return try body(make(from: index, taking: object)) }
            return try handFirst(object.takeRetainedValue(), to: body)
        }

        /// ``hand(taking:to:)`` for an object whose class has no template yet. A call of its
        /// own: the `Element?` it makes would otherwise have `Optional<Element>`'s metadata
        /// looked up on every call of ``hand(taking:to:)`` (about 325 instructions an object).
        @inline(never)
        private func handFirst(_ object: AnyObject, to body: (Element) throws -> StreamAction) rethrows
            -> StreamAction?
        {
            guard let value = firstCast(object) else { return nil }
            return try body(value)
        }

        /// The index of the template for `object`'s class, if there is one.
        private func template(for object: Unmanaged<AnyObject>) -> Int? {
            let type = object._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }
            var index = 0
            while index < types.count {
                if types[index] == type { return index }
                index += 1
            }
            return nil
        }

        /// The `Element` of `object`, from the template of its class, owning the reference
        /// the caller handed over (see the invariants).
        private func make(from index: Int, taking object: Unmanaged<AnyObject>) -> Element {
            let raw = UnsafeMutableRawPointer(scratch)
            raw.copyMemory(
                from: templates + index * MemoryLayout<Element>.stride, byteCount: MemoryLayout<Element>.size)
            raw.storeBytes(of: object.toOpaque(), as: UnsafeMutableRawPointer.self)
            return scratch.move()
        }

        /// `object` cast to an `Element` (its class has no template yet), keeping the result
        /// as the template of its class.
        private func firstCast(_ object: AnyObject) -> Element? {
            let type = ObjectIdentifier(Swift.type(of: object))
            if refused.contains(type) { return nil }
            guard let value = object as? Element else {
                refused.append(type)
                return nil
            }
            if types.count < Self.capacity, Self.holdsInline(value, object) {
                let template = templates + types.count * MemoryLayout<Element>.stride
                withUnsafeBytes(of: value) { bytes in
                    guard let base = bytes.baseAddress else { return }
                    template.copyMemory(from: base, byteCount: bytes.count)
                }
                template.storeBytes(of: nil, as: UnsafeRawPointer?.self)
                types.append(type)
            }
            return value
        }

        /// Whether `value`'s first word is `object`'s reference (see the invariants).
        private static func holdsInline(_ value: Element, _ object: AnyObject) -> Bool {
            guard MemoryLayout<Element>.size >= MemoryLayout<UnsafeRawPointer>.size else { return false }
            var value = value
            let first = withUnsafeBytes(of: &value) { $0.load(as: UnsafeRawPointer.self) }
            return first == UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        }
    }
#endif
