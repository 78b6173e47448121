extension BindingEngine {
    /// What an open element is to the engine: an object under construction (a
    /// registered element), or a child element that is a declared property of the
    /// object below it. A flat struct, so pushing and popping frames copies no enum
    /// payloads, and a plain value (no reference-counted fields), so copying one costs no
    /// retains.
    struct Frame {
        /// Object frames: true; property frames: false.
        var isObject: Bool
        /// Object frames: how many children the element has had so far, counted up to
        /// ``ChildNameCache``'s last place, `places - 1`. (It fits beside ``isObject``.)
        var childOrdinal: UInt8 = 0
        /// Object frames whose binding needs it (``CompiledRegistry/recordsNamespace``):
        /// the element's namespace, numbered by ``namespaces``; else
        /// ``NamespaceTable/unrecorded``. (It fits beside ``isObject``.)
        var namespace: Int32 = NamespaceTable.unrecorded
        /// Object frames: the element's binding; property frames: the owner's.
        var bindingIndex: Int
        /// Property frames: the property's index in the owner's binding. Object frames:
        /// the parent's child slot declared with `xml:` that takes the object, or -1 (the
        /// object goes where its type fits).
        var propertyIndex = -1
        /// Path frames (an element of a nested path such as `details` in
        /// `details/price`, see BindingEngine+Paths.swift): the path's node; the frame's
        /// binding is the owner's, whose frame is at ``pathOwner``.
        /// The node belongs to the registry, which outlives the parse.
        var pathNodeReference: UnretainedReference<PathNode>?
        var pathNode: PathNode? { pathNodeReference?.object }
        var pathOwner = -1
        /// Object frames: the object, held as itself (a class instance or a struct box),
        /// retained once by the engine: ``endElement(name:)`` takes that reference over,
        /// and `deinit` releases the objects of frames a stopped parse left open.
        var object: HeldObject?
        /// Object frames: the object's fields (see ``FieldAccess``).
        var base: FieldAccess?
        /// Where this element's text starts in the shared text buffer, or -1 when the
        /// element's text is not wanted.
        var textStart: Int
        /// Byte offset of the start tag, for diagnostics.
        var byteIndex: Int
        /// Object frames: the properties given a value so far.
        var assigned = PropertySet()
        /// Object frames: where this element's entries in ``elementAssignments`` begin.
        var assignmentMark = 0
        /// Object frames: where this element's collected children begin (see
        /// BindingEngine+Children.swift).
        var childMark = 0
        /// Object frames: the engine's error count when the element started.
        var errorMark = 0
        /// Byte offset of the element's first text, recorded only for substitution.
        var textOffset = -1
    }
}
