/// What a ``ClassDefinition`` declares, without its type parameter: the storage behind
/// the fluent builder.
///
/// A definition holds only a reference to one of these, so client code copies a
/// definition with a retain. Were the declarations stored in `ClassDefinition<T>`
/// itself, the copies (and any call into the library on a definition) would need the
/// metadata of `ClassDefinition<T>`, which the caller's module instantiates from its
/// mangled name, finding `T: Bindable` by a scan of every conformance record in the
/// process: some 200,000 instructions per mapped type. Every change makes a new
/// instance; an instance never changes.
@usableFromInline
final class MappingDeclarations: Sendable {
    /// The fields, gathered so that a change copies them in one step.
    struct Contents: Sendable {
        /// The element the type binds to.
        let elementName: XMLName
        /// How the registry reaches the mapped type, specialised where the type is known.
        let access: TypeAccess
        /// Declared properties, in declaration order.
        var properties: [PropertyBinding] = []
        /// Declared typed children, in declaration order.
        var childSlots: [ChildSlot] = []
        /// What to do with unknown attributes and child elements of this element; the
        /// binder's policy when `nil`.
        var unknownContentPolicy: UnknownContentPolicy?
        /// Checks run when an element is complete, in declaration order.
        var validators: [@Sendable (AnyObject, ValidationContext) throws -> Void] = []
        /// Groups of child elements of which the element holds at most one (`.choice`).
        var choices: [ChoiceDeclaration] = []
        /// Properties and child slots together, in declaration order, for writing.
        var contentOrder: [DeclaredItem] = []
        /// How the `.property` declarations are written (`.propertiesWritten(as:)`).
        var propertyForm: WritingOptions.PropertyForm?
        /// The property that takes the element's own name (`.elementName`), if declared.
        var elementNameSlot: ElementNameSlot?
        /// The property that keeps the child objects' element names in order (`.childOrder`).
        var childOrderSlot: StringListSlot?
        /// The property that keeps the text pieces among the child objects (`.mixedText`).
        var mixedTextSlot: StringListSlot?
        /// The property that keeps the child elements nothing else takes (`.otherElements`).
        var keptElementsSlot: KeptElementsSlot?
        /// The properties that keep named child elements whole (`.element` of an
        /// `XMLElementNode?`, `.elements` of an `[XMLElementNode]`), in declaration order.
        var namedKeptSlots: [NamedKeptSlot] = []
        /// Whether the last declaration is one of ``namedKeptSlots``: no modifier applies to it.
        var lastDeclaresKept = false
        /// Element and attribute names skipped without a word (`.ignoring`), as declared.
        var ignoredNames: [String] = []
        /// Namespace URIs whose elements and attributes are skipped (`.ignoring(namespace:)`).
        var ignoredNamespaces: [String] = []
        /// The `xsi:type` that chooses this mapping among others for the same element (`.xsiType`).
        var schemaType: String?
        /// The reader factory (`.reading(with:)`): a ``ReaderMaker`` of the mapped type, or `nil`.
        var readerMaker: (any AnyObject & Sendable)?
        /// Modifiers that fit no declaration, refused at registration: why, and the
        /// position in ``contentOrder`` of the declaration before each (-1: none). Arrays
        /// of types the registry uses anyway: an array of a new type (a tuple) has its
        /// metadata made at run time from a mangled name, which is slow.
        var misplacedModifiers: [String] = []
        var misplacedAfter: [Int] = []
        /// The keyed shape (`.keyedMembers`), if declared, and how many properties and child
        /// slots were declared before it: those after it are matched by member key.
        var keyedMembers: KeyedMembers?
        var keyedPropertiesFrom = 0
        var keyedSlotsFrom = 0
    }

    let contents: Contents

    @usableFromInline
    convenience init(elementName: XMLName, access: TypeAccess) {
        self.init(Contents(elementName: elementName, access: access))
    }

    private init(_ contents: Contents) {
        self.contents = contents
    }

    /// The mapped type's accessors, for inlinable declarations that need its class-ness.
    @usableFromInline var access: TypeAccess { contents.access }

    /// New declarations, these with one change.
    private func with(_ change: (inout Contents) -> Void) -> MappingDeclarations {
        var copy = contents
        change(&copy)
        return MappingDeclarations(copy)
    }

    /// These declarations and one more property.
    @usableFromInline
    func adding(_ property: PropertyBinding) -> MappingDeclarations {
        with {
            $0.contentOrder.append(.property($0.properties.count))
            $0.properties.append(property)
            $0.lastDeclaresKept = false
        }
    }

    /// These declarations and one more named element kept whole, written before the
    /// declarations that follow it.
    @usableFromInline
    func adding(_ slot: NamedKeptSlot) -> MappingDeclarations {
        with {
            var placed = slot
            placed.position = $0.contentOrder.count
            $0.namedKeptSlots.append(placed)
            $0.lastDeclaresKept = true
        }
    }

    /// These declarations and one more child slot.
    @usableFromInline
    func adding(_ slot: ChildSlot) -> MappingDeclarations {
        with {
            $0.contentOrder.append(.child($0.childSlots.count))
            $0.childSlots.append(slot)
            $0.lastDeclaresKept = false
        }
    }

    /// These declarations and one more check.
    @usableFromInline
    func adding(_ validator: @escaping @Sendable (AnyObject, ValidationContext) throws -> Void) -> MappingDeclarations {
        with { $0.validators.append(validator) }
    }

    /// These declarations and one more choice.
    @usableFromInline
    func adding(_ choice: ChoiceDeclaration) -> MappingDeclarations {
        with { $0.choices.append(choice) }
    }

    /// These declarations with a modifier applied to the declaration just before it: a
    /// property or a child slot. Each change returns why the modifier does not fit that
    /// declaration, or `nil` when it does; a modifier that fits nothing (or follows no
    /// declaration) is recorded, and refused when the mapping is registered.
    ///
    /// - Parameters:
    ///   - modifier: The modifier as written, for the message (`.required()`).
    ///   - property: Applies the modifier to a property; `nil`: it never fits one.
    ///   - slot: Applies the modifier to a child slot; `nil`: it never fits one.
    @usableFromInline
    func modifyingLast(
        _ modifier: String, property: ((inout PropertyBinding) -> String?)?, slot: ((inout ChildSlot) -> String?)?
    ) -> MappingDeclarations {
        with { contents in
            let position = contents.contentOrder.count - 1
            var problem: String?
            if contents.lastDeclaresKept, let kept = contents.namedKeptSlots.last {
                contents.misplacedModifiers.append(
                    "\(modifier) does not apply to \(kept.declarationText): an element kept whole is taken as it is")
                contents.misplacedAfter.append(-1)
                return
            }
            switch contents.contentOrder.last {
            case nil:
                problem = "\(modifier) follows no declaration: it applies to the declaration just before it"
            case .property(let index):
                if let property {
                    problem = property(&contents.properties[index])
                } else {
                    problem = "\(modifier) does not apply to a property"
                }
            case .child(let index):
                if let slot {
                    problem = slot(&contents.childSlots[index])
                } else {
                    problem = "\(modifier) does not apply to a child slot"
                }
            }
            if let problem {
                contents.misplacedModifiers.append(problem)
                contents.misplacedAfter.append(position)
            }
        }
    }

    /// These declarations with the given policy for unknown content.
    @usableFromInline
    func setting(unknownContent policy: UnknownContentPolicy) -> MappingDeclarations {
        with { $0.unknownContentPolicy = policy }
    }

    /// These declarations with a property for the element's own name.
    @usableFromInline
    func setting(elementName slot: ElementNameSlot) -> MappingDeclarations {
        with { $0.elementNameSlot = slot }
    }

    /// These declarations with a property for the child objects' names in document order.
    @usableFromInline
    func setting(childOrder slot: StringListSlot) -> MappingDeclarations {
        with { $0.childOrderSlot = slot }
    }

    /// These declarations with a property for the text pieces among the child objects.
    @usableFromInline
    func setting(mixedText slot: StringListSlot) -> MappingDeclarations {
        with { $0.mixedTextSlot = slot }
    }

    /// These declarations with a property for the child elements nothing else takes; a
    /// second such property is refused at registration.
    @usableFromInline
    func setting(keptElements slot: KeptElementsSlot) -> MappingDeclarations {
        with {
            guard let earlier = $0.keptElementsSlot else {
                $0.keptElementsSlot = slot
                return
            }
            $0.misplacedModifiers.append(
                ".otherElements(\\.\(slot.propertyName)) is declared after .otherElements(\\.\(earlier.propertyName)): "
                    + "one property keeps a mapping's other elements")
            $0.misplacedAfter.append($0.contentOrder.count - 1)
        }
    }

    /// These declarations chosen by an `xsi:type`.
    @usableFromInline
    func setting(schemaType name: String) -> MappingDeclarations {
        with { $0.schemaType = name }
    }

    /// These declarations read through an ``ElementReader`` (``ReaderMaker``).
    @usableFromInline
    func setting(readerMaker maker: any AnyObject & Sendable) -> MappingDeclarations {
        with { $0.readerMaker = maker }
    }

    /// These declarations with one more ignored name or namespace.
    @usableFromInline
    func ignoring(name: String?, namespace: String?) -> MappingDeclarations {
        with {
            if let name { $0.ignoredNames.append(name) }
            if let namespace { $0.ignoredNamespaces.append(namespace) }
        }
    }

    /// These declarations with their members keyed from here on (`.keyedMembers`); a
    /// second keyed declaration is refused at registration.
    @usableFromInline
    func setting(keyedMembers shape: KeyedMembers) -> MappingDeclarations {
        with {
            guard $0.keyedMembers == nil else {
                $0.misplacedModifiers.append(
                    ".keyedMembers is declared more than once: one shape keys a mapping's members")
                $0.misplacedAfter.append($0.contentOrder.count - 1)
                return
            }
            $0.keyedMembers = shape
            $0.keyedPropertiesFrom = $0.properties.count
            $0.keyedSlotsFrom = $0.childSlots.count
        }
    }

    /// These declarations with the given form for their `.property` declarations.
    @usableFromInline
    func setting(propertyForm form: WritingOptions.PropertyForm) -> MappingDeclarations {
        with { $0.propertyForm = form }
    }
}
