/// The children of one slot an open element is writing, and how far it has got: as
/// references read straight from the field (``WritingForm/DirectChildren``), or as the
/// slot's `[Any]`.
///
/// It also remembers the type of the last child and what it resolved to, since siblings
/// are mostly of one type: as a number the walk gives (a form's or a binding's index), so
/// that the cursor holds no reference beyond the children.
struct ChildCursor {
    /// The children: one reference at most, and none for a slot that is done or empty,
    /// since a cursor is made and destroyed per object written.
    private enum Children {
        case none
        case objects([AnyObject])
        case values([Any])
    }

    private var children = Children.none
    private var next = 0
    private var lastType: ObjectIdentifier?
    private var lastToken = 0

    /// Reads one slot's children.
    mutating func load(_ slot: Int, direct: WritingForm.DirectChildren?, of binding: ElementBinding, _ box: AnyObject) {
        next = 0
        guard let direct else {
            children = .values(binding.childSlots[slot].read(box))
            return
        }
        // `[C]` and `C?` for a class `C` have the layout of `[AnyObject]` and `AnyObject?`.
        let fields = FieldAccess.of(box, isClass: binding.isClass)
        children = .objects(fields.loadReferences(at: direct.offset, isArray: direct.isArray))
    }

    /// Takes a slot's children read as references (``WritingForm/DirectChildren``).
    mutating func load(references: [AnyObject]) {
        next = 0
        children = .objects(references)
    }

    /// Takes a provider's children (``ChildrenProvider``).
    mutating func load(_ children: [Any]) {
        next = 0
        self.children = .values(children)
    }

    /// Forgets the children, keeping the type cache.
    mutating func clear() {
        children = .none
        next = 0
    }

    /// The next child, as the walk's number for its binding (its token) and its box, or
    /// `nil` when the slot is done; a `nil` optional child is skipped.
    ///
    /// - Parameters:
    ///   - resolveObject: Resolves a reference read from a field, and says whether every
    ///     object of its type resolves the same way (not when the type stores its element's
    ///     name, `.elementName`). A class instance's box is the instance, so the cursor only
    ///     asks again when the type changes.
    ///   - resolveValue: Resolves a child from the slot's `[Any]`.
    mutating func nextChild(
        _ resolveObject: (AnyObject) throws(XMLBindError) -> (Int, Bool)?,
        _ resolveValue: (Any) throws(XMLBindError) -> (Int, AnyObject)?
    ) throws(XMLBindError) -> (Int, AnyObject)? {
        while true {
            switch children {
            case .none:
                return nil
            case .objects(let objects):
                guard next < objects.count else {
                    children = .none
                    return nil
                }
                let object = objects[next]
                next += 1
                let type = ObjectIdentifier(Swift.type(of: object))
                if type == lastType { return (lastToken, object) }
                guard let (token, byType) = try resolveObject(object) else { continue }
                lastType = byType ? type : nil
                lastToken = token
                return (token, object)
            case .values(let values):
                guard next < values.count else {
                    children = .none
                    return nil
                }
                let value = values[next]
                next += 1
                if let resolved = try resolveValue(value) { return resolved }
            }
        }
    }
}
