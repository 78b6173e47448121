// Invariants (audited layer, see Unchecked.swift):
// - A template is kept only after checking, on a real cast, that the `Element` value of
//   an instance holds that instance's reference in its first word (true of a class type,
//   `AnyObject`, `Any` and every protocol existential holding a class instance: the
//   reference sits inline, and the rest is the dynamic type's metadata and witness
//   tables).
// - It is reused only for instances of exactly the class it was made from (compared by
//   the instance's dynamic type), so everything but the first word is right for them too.
// - The first word is replaced with a retained reference to the new instance and the
//   copy's own reference to the template's instance is released: the copy owns exactly
//   one reference, as a cast's result would.
// - The templates live in memory of the caster's own (`templates`, `count` of them
//   initialized), freed in `deinit`: the streaming code runs unspecialized, and a Swift
//   array or tuple of `Element`s would look generic metadata up on every access.
// - `@exclusivity(unchecked)`: a caster serves one stream, driven on one thread without
//   reentrancy, so no two accesses to its lists overlap.
// - SafeMode: no templates; every object is cast (`object as? Element`).

#if SafeMode
    /// Hands streamed class instances out as the stream's `Element`, by a cast each.
    final class StreamCaster<Element> {
        /// `object` as an `Element`, or `nil` when it is not one.
        func cast(_ object: AnyObject) -> Element? {
            object as? Element
        }

        /// Hands `object` to `body` as an `Element`; `nil` when it is not one.
        func hand(_ object: AnyObject, to body: (Element) throws -> StreamAction) rethrows -> StreamAction? {
            guard let value = object as? Element else { return nil }
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
        private let templates = UnsafeMutablePointer<Element>.allocate(capacity: StreamCaster.capacity)
        /// Classes whose instances are not `Element`s.
        @exclusivity(unchecked) private var refused: [ObjectIdentifier] = []

        deinit {
            templates.deinitialize(count: types.count)
            templates.deallocate()
        }

        /// `object` as an `Element`, or `nil` when it is not one.
        func cast(_ object: AnyObject) -> Element? {
            if let index = template(for: object) { return copy(templates + index, holding: object) }
            return firstCast(object)
        }

        /// Hands `object` to `body` as an `Element`; `nil` when it is not one.
        ///
        /// What ``StreamSession`` delivers through: unspecialized code that returns an
        /// `Element?` looks up the metadata of `Optional<Element>` on every call, about 300
        /// instructions; this returns a ``StreamAction`` instead.
        func hand(_ object: AnyObject, to body: (Element) throws -> StreamAction) rethrows -> StreamAction? {
            if let index = template(for: object) { return try body(copy(templates + index, holding: object)) }
            return try handFirst(object, to: body)
        }

        /// ``hand(_:to:)`` for an object whose class has no template yet. A call of its own:
        /// the `Element?` it makes would otherwise have `Optional<Element>`'s metadata looked
        /// up on every call of ``hand(_:to:)`` (about 325 instructions an object).
        @inline(never)
        private func handFirst(_ object: AnyObject, to body: (Element) throws -> StreamAction) rethrows
            -> StreamAction?
        {
            guard let value = firstCast(object) else { return nil }
            return try body(value)
        }

        /// The index of the template for `object`'s class, if there is one.
        private func template(for object: AnyObject) -> Int? {
            let type = ObjectIdentifier(Swift.type(of: object))
            var index = 0
            while index < types.count {
                if types[index] == type { return index }
                index += 1
            }
            return nil
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
                (templates + types.count).initialize(to: value)
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

        /// A copy of a template holding `object` instead of the template's instance.
        private func copy(_ template: UnsafeMutablePointer<Element>, holding object: AnyObject) -> Element {
            var value = template.pointee
            withUnsafeMutableBytes(of: &value) { raw in
                let old = raw.load(as: UnsafeRawPointer.self)
                raw.storeBytes(
                    of: UnsafeRawPointer(Unmanaged.passRetained(object).toOpaque()), as: UnsafeRawPointer.self)
                Unmanaged<AnyObject>.fromOpaque(old).release()
            }
            return value
        }
    }
#endif
