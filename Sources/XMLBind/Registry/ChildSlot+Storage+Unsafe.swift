// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - `arrayStorer` is used only for children that are `Element`s bit for bit (see
//   `ChildSlot.isExact(_:)`): instances of an `Element` class or its subclasses, or
//   `StructBox<Element>`s; each child is passed retained, and the storer takes that
//   reference over (a retained `HeldObject` and an `Element` reference are the same
//   pointer).
// - `elementReader(exact: true)` likewise sees only such children.
// - SafeMode: children are cast (`as?`), never reinterpreted; `arrayStorer` is never called
//   there (no offsets, so the registry collects no children) and appends one by one.

#if SafeMode
    extension ChildSlot {
        /// Appends children to the `[Element]` field, one by one, each cast.
        @inlinable
        static func arrayStorer<Element>(_ element: Element.Type) -> ChildBulkStorer {
            { field, children in
                field.modify([Element].self) { array in
                    for child in children {
                        let object = child.take()
                        if let value = object as? Element ?? (object as? StructBox<Element>)?.value {
                            array.append(value)
                        }
                    }
                }
            }
        }

        /// How a child object becomes an `Element`: a checked cast of the instance, or of
        /// the box's value.
        @inlinable
        static func elementReader<Element>(
            _ element: Element.Type, exact: Bool, childIsClass: Bool,
            childValue: @escaping @Sendable (AnyObject) -> Any
        ) -> @Sendable (AnyObject) -> Element? {
            guard exact else { return { childValue($0) as? Element } }
            if childIsClass {
                return { $0 as? Element }
            }
            return { ($0 as? StructBox<Element>)?.value }
        }
    }
#else
    extension ChildSlot {
        /// Appends children, each passed retained, to the `[Element]` field.
        ///
        /// The registry uses it only for children that are `Element`s bit for bit (see
        /// ``isExact(_:)``): instances of an `Element` class or its subclasses, or boxed
        /// `Element` structs. Children for a protocol's array are cast one by one instead.
        @inlinable
        static func arrayStorer<Element>(_ element: Element.Type) -> ChildBulkStorer {
            if Element.self is AnyClass {
                return { field, children in
                    field.modify([Element].self) { array in
                        guard array.isEmpty, let source = children.baseAddress else {
                            array.reserveCapacity(array.count + children.count)
                            for child in children {
                                array.append(unsafeBitCast(child.take(), to: Element.self))
                            }
                            return
                        }
                        // An empty array (the usual case) takes the references as they are: a
                        // retained `HeldObject` and an `Element` reference are the same pointer.
                        array = [Element](unsafeUninitializedCapacity: children.count) { buffer, count in
                            UnsafeMutableRawPointer(buffer.baseAddress)?.copyMemory(
                                from: source, byteCount: children.count * MemoryLayout<HeldObject>.stride)
                            count = children.count
                        }
                    }
                }
            }
            return { field, children in
                field.modify([Element].self) { array in
                    array.reserveCapacity(array.count + children.count)
                    for child in children {
                        // The box must outlive the read of its storage, which its deinit frees.
                        let box = unsafeDowncast(child.take(), to: StructBox<Element>.self)
                        withExtendedLifetime(box) { array.append(box.storage.pointee) }
                    }
                }
            }
        }

        /// How a child object becomes an `Element`: the same bits when every child is one
        /// (the same type, or a subclass), a dynamic cast otherwise.
        @inlinable
        static func elementReader<Element>(
            _ element: Element.Type, exact: Bool, childIsClass: Bool, childValue: @escaping @Sendable (AnyObject) -> Any
        ) -> @Sendable (AnyObject) -> Element? {
            guard exact else { return { childValue($0) as? Element } }
            if childIsClass {
                return { unsafeBitCast($0, to: Element.self) }
            }
            return { unsafeDowncast($0, to: StructBox<Element>.self).storage.pointee }
        }
    }
#endif
