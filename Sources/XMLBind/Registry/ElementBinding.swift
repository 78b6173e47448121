/// A registered mapping, type-erased and compiled for the parser's hot path, with the
/// readers the serializer uses to write objects back.
///
/// Built once from a ``ClassDefinition`` at registration; immutable afterwards, so one
/// binding serves any number of parses at once. Everything the engine does per element
/// is a closure prepared here, specialised for the mapped type: creating the object,
/// storing each property (a plain write at the field's offset for stored properties),
/// and reaching the protocols the type conforms to through closures that `TypeAccess`
/// made once, rather than a dynamic cast per element.
final class ElementBinding: Sendable {
    /// The mapped type's name, for messages: made when asked for, not at registration,
    /// where printing it would map the runtime's demangler for nothing (issue 35).
    var typeName: String { TypeReflection.name(of: access.type) }
    let elementName: XMLName
    let properties: [PropertyBinding]
    let childSlots: [ChildSlot]
    /// Property indices by local name, for attributes and for child elements.
    let attributeTable: ByteTable
    /// The same for attributes, as a short list scanned in order when there are few.
    let attributeNames: SmallNameList
    /// Per property: whether an attribute in no namespace matches it (its name is
    /// declared without a namespace).
    let matchesUnqualifiedAttribute: [Bool]
    /// Attributes in no namespace, for the hot path; owned (freed in `deinit`).
    let plainAttributes: PlainAttributeTable
    /// Per property: whether its name is declared without a namespace, so that a child
    /// element in no namespace (or in the owner's) matches it.
    let matchesElementInAnyNamespace: [Bool]
    let elementTable: ByteTable
    /// The same for child elements.
    let elementNames: SmallNameList
    /// The `.text` property, if one was declared.
    let textProperty: Int?
    /// Properties with `.required()`.
    let requiredProperties: [Int]
    /// Single-valued properties of type ``XMLQualifiedName``: their namespaces are the
    /// object's to declare when it is written (see `Serializer.qualifiedNameText`).
    let qualifiedNameProperties: [Int]
    /// Child slots with `.required()`: at least one child.
    let requiredSlots: [Int]
    /// For each of them, its bit in an object frame's ``BindingEngine/Frame/assigned`` when
    /// it holds one child (`.child`), or -1 for a collection (checked by reading it).
    let requiredSlotBits: [Int]
    /// Properties with a `default:`, and the setters that store the defaults.
    let defaultSetters: [(property: Int, set: PropertyBinding.DefaultSetter)]
    /// Per property, the setter of a default that fills an empty element
    /// (`.defaultWhenEmpty()`), else `nil`.
    let emptyDefaultSetters: [PropertyBinding.DefaultSetter?]
    /// Whether some property's default fills an empty element: one test per stored value.
    let hasEmptyDefaults: Bool
    /// Modifiers of the definition that fit no declaration, and the positions of the
    /// declarations before them (see ``MappingDeclarations/Contents/misplacedModifiers``).
    let misplacedModifiers: [String]
    let misplacedAfter: [Int]
    /// The definition's own policy for undeclared content, if it set one.
    let unknownContentPolicy: UnknownContentPolicy?
    let validators: [@Sendable (AnyObject, ValidationContext) throws -> Void]
    /// The `.choice(…)` groups (see ElementBinding+Choices.swift); `choiceBits` has the
    /// bits below 64 of all their members, and `hasHighChoiceBits` says whether some
    /// member's bit is 64 or more (a mapping of that many declarations).
    let choices: [Choice]
    let choiceBits: UInt64
    let hasChoices: Bool
    let hasHighChoiceBits: Bool
    /// Why some choice cannot be registered, one message each.
    let choiceProblems: [String]
    /// Whether a completed object has anything left to do: defaults, required
    /// properties or validators (most mappings have none).
    let hasCompletion: Bool
    /// Whether the completion only checks required members that have a bit below 64 in an
    /// object frame's ``BindingEngine/Frame/assigned`` (no defaults, no validators, no
    /// required collection): then an object with all of ``requiredBits`` given has
    /// nothing left to do, which one mask test finds.
    let completesByBits: Bool
    /// The bits of the required properties and single child slots, when
    /// ``completesByBits``; else 0.
    let requiredBits: UInt64

    /// Whether the mapped type is a class (held as itself) or a struct (held in a box).
    let isClass: Bool
    /// One setter per property, in declaration order.
    let setters: [SetterSlot]
    /// Creating and reaching objects of the mapped type.
    let access: TypeAccess
    /// A sample instance, for finding field offsets (classes only).
    let makeSample: @Sendable () -> AnyObject?
    /// The type's stored fields.
    let fields: FieldTable
    /// The offsets of the child slots' fields (`nil`: not a stored property).
    let childSlotOffsets: [Int?]
    /// The child slots declared with `xml:`, which take child elements by that name;
    /// empty for most mappings.
    let namedSlots: [Int]
    /// Their local names, for the usual lookup (each value an index into ``namedSlots``),
    /// and their resolved names, in the same order.
    let namedSlotNames: SmallNameList
    let namedSlotXMLNames: [XMLName]
    /// The bits of an object frame's ``BindingEngine/Frame/assigned``: one per property,
    /// then one per child slot (given a child yet).
    let assignableCount: Int
    /// The elements of nested paths (`details/price`), or `nil` when the mapping has none.
    let paths: PathNode?

    // Shapes of issue 13; each is `nil`, empty or false for mappings that do not use it,
    // and the engine looks at them only off its usual paths.

    /// The property for the element's own name (`.elementName`).
    let elementNameSlot: ElementNameSlot?
    /// The property for the child objects' element names in document order (`.childOrder`).
    let childOrderSlot: StringListSlot?
    /// The property for the text pieces among the child objects (`.mixedText`).
    let mixedTextSlot: StringListSlot?
    /// The property for the child elements nothing else takes (`.otherElements`).
    let keptElementsSlot: KeptElementsSlot?
    /// The properties that keep named child elements whole (`.element` of an
    /// `XMLElementNode?`, `.elements` of an `[XMLElementNode]`), their names resolved.
    let namedKeptSlots: [NamedKeptSlot]
    /// Whether an object's frame gathers its own text: for `.text`, or the pieces of `.mixedText`.
    let keepsOwnText: Bool
    /// Whether a new object needs its namespace or element name stored (one test per object).
    let storesNames: Bool
    /// Whether the `.text` property takes the whole text (`.wholeText()`): elements the
    /// mapping cannot place are then part of the text.
    let textTakesWholeText: Bool
    /// Whether some property is a keyed map (`.elements(…, key:)`), whose elements carry
    /// their key as an attribute.
    let hasKeyedProperties: Bool
    /// Child element and attribute names skipped without a word (`.ignoring`).
    let ignoredElements: [XMLName]
    let ignoredAttributes: [XMLName]
    /// Namespaces whose elements and attributes are skipped without a word.
    let ignoredNamespaces: [String]
    /// The `xsi:type` that chooses this mapping among others for its element (`.xsiType`).
    let schemaType: XMLName?
    /// The keyed shape (`.keyedMembers`): the declarations after it are matched by member
    /// key, through its table, and by nothing else; `nil` for most mappings.
    let keyed: KeyedLayout?
    /// The keyed shape as declared, for the read-only views (``XMLBinder/DeclaredMapping``).
    let keyedMembers: KeyedMembers?
    /// Makes the mapping's reader session for a parse, when its elements are read by an
    /// ``ElementReader`` (`.reading(with:)`); `nil` for declarative mappings.
    let readerFactory: (@Sendable () -> ReaderSession)?

    // Writing.

    /// The mapped type, for finding a binding by an object's dynamic type.
    let objectType: ObjectIdentifier
    /// Properties and child slots in declaration order.
    let contentOrder: [DeclaredItem]
    /// How the definition's `.property` declarations are written, when it says.
    let propertyForm: WritingOptions.PropertyForm?

    init<T: Bindable>(_ definition: ClassDefinition<T>, prefixes: [String: String]) {
        elementName = definition.elementName.resolving(prefixes)
        let access = definition.access
        self.access = access
        let isClass = access.isClass
        self.isClass = isClass
        let makeSample: @Sendable () -> AnyObject? = { isClass ? access.makeObject() : nil }
        self.makeSample = makeSample
        let sample = makeSample()
        let fields = FieldTable(T.self)
        var declared = definition.properties
        let contents = definition.declarations.contents
        // Declarations after `.keyedMembers` are keyed; the key itself is known once resolved.
        if contents.keyedMembers != nil {
            for index in contents.keyedPropertiesFrom..<declared.count { declared[index].memberKey = "" }
        }
        let offsets = declared.indices.map { declared[$0].resolve(sample: sample, fields: fields, prefixes: prefixes) }
        for index in declared.indices {
            declared[index].resolveCollection(prefixes: prefixes)
        }
        for index in declared.indices {
            declared[index].read = declared[index].makeReader(offsets[index], isClass)
        }
        properties = declared
        setters = declared.indices.map { index in
            let property = declared[index]
            let set = property.makeSetter(offsets[index], isClass)
            if let makeInserter = property.collection?.makeInserter {
                return SetterSlot(set: set, insert: makeInserter(offsets[index], isClass))
            }
            // An element default is checked for in every value (`store`), never stored as is.
            guard let plain = property.plainText, let offset = offsets[index], !property.defaultsWhenEmpty else {
                return SetterSlot(set: set)
            }
            if plain == .bool { return SetterSlot(set: set, boolOffset: offset) }
            return SetterSlot(
                set: set, textOffset: offset, textIsOptional: plain == .optionalString,
                textTrims: property.trimsPlainText)
        }
        defaultSetters = declared.indices.compactMap { index in
            declared[index].defaultsWhenEmpty ? nil : declared[index].makeDefaultSetter.map { (index, $0(isClass)) }
        }
        emptyDefaultSetters = declared.indices.map { index in
            declared[index].defaultsWhenEmpty ? declared[index].makeDefaultSetter?(isClass) : nil
        }
        hasEmptyDefaults = emptyDefaultSetters.contains { $0 != nil }
        self.fields = fields
        var slots = definition.childSlots
        if contents.keyedMembers != nil {
            for index in contents.keyedSlotsFrom..<slots.count { slots[index].memberKey = "" }
        }
        childSlotOffsets = slots.indices.map {
            slots[$0].resolveName(sample: sample, fields: fields, prefixes: prefixes)
        }
        childSlots = slots
        // A slot whose `xml:` is a path is found through `paths` instead.
        let named = slots.indices.filter { slots[$0].xmlName != nil && slots[$0].path.isEmpty && !slots[$0].isKeyed }
        namedSlots = named
        let namedXMLNames = named.compactMap { slots[$0].xmlName }
        namedSlotXMLNames = namedXMLNames
        namedSlotNames = SmallNameList(namedXMLNames.enumerated().map { ($0.element.local, $0.offset) })
        assignableCount = declared.count + slots.count
        var attributes = ByteTable()
        var elements = ByteTable()
        var text: Int?
        // Walk backwards so that the first declaration of a name wins the table slot.
        // Nested-path properties are found through `paths` instead.
        // Keyed members are found through `keyed` only.
        for (index, property) in declared.enumerated().reversed() where property.path.isEmpty && !property.isKeyed {
            if property.form.acceptsAttribute { attributes.insert(property.xmlName.local.utf8, value: index) }
            if property.form.acceptsElement { elements.insert(property.xmlName.local.utf8, value: index) }
            if property.form == .text { text = index }
        }
        attributeTable = attributes
        attributeNames = SmallNameList(
            declared.indices.filter {
                declared[$0].form.acceptsAttribute && declared[$0].path.isEmpty && !declared[$0].isKeyed
            }
            .map { (declared[$0].xmlName.local, $0) })
        elementTable = elements
        let matchesUnqualified = declared.map { $0.matchesAttribute(uri: nil, prefix: nil) }
        matchesUnqualifiedAttribute = matchesUnqualified
        plainAttributes = PlainAttributeTable(
            declared.indices.filter {
                declared[$0].form.acceptsAttribute && declared[$0].path.isEmpty && !declared[$0].isKeyed
            }
            .map { (declared[$0].xmlName.local, $0, matchesUnqualified[$0]) },
            setters: setters)
        matchesElementInAnyNamespace = declared.map { $0.xmlName.namespace == .any }
        elementNames = SmallNameList(
            declared.indices.filter {
                declared[$0].form.acceptsElement && declared[$0].path.isEmpty && !declared[$0].isKeyed
            }
            .map { (declared[$0].xmlName.local, $0) })
        textProperty = text
        requiredProperties = declared.indices.filter { declared[$0].isRequired }
        qualifiedNameProperties = declared.indices.filter {
            declared[$0].collection == nil && PropertyBinding.isQualifiedName(declared[$0].valueType)
        }
        unknownContentPolicy = definition.unknownContentPolicy
        misplacedModifiers = definition.declarations.contents.misplacedModifiers
        misplacedAfter = definition.declarations.contents.misplacedAfter
        validators = definition.validators
        requiredSlots = slots.indices.filter { slots[$0].isRequired }
        requiredSlotBits = requiredSlots.map { slots[$0].isSingle ? declared.count + $0 : -1 }
        hasCompletion =
            !defaultSetters.isEmpty || !requiredProperties.isEmpty || !requiredSlots.isEmpty || !validators.isEmpty
        let requiredBitIndexes = requiredProperties + requiredSlotBits
        let bitsOnly =
            defaultSetters.isEmpty && validators.isEmpty && requiredBitIndexes.allSatisfy { (0..<64).contains($0) }
        completesByBits = bitsOnly
        requiredBits = bitsOnly ? requiredBitIndexes.reduce(0) { $0 | (1 << UInt64($1)) } : 0
        paths = PathNode.root(for: declared, slots: slots)
        let compiled = Self.compileChoices(
            definition.declarations.contents.choices, properties: declared, slots: slots)
        choices = compiled.choices
        choiceProblems = compiled.problems
        choiceBits = compiled.choices.reduce(0) { $0 | $1.lowMask }
        hasChoices = !compiled.choices.isEmpty
        hasHighChoiceBits = compiled.choices.contains { !$0.isLow }
        objectType = ObjectIdentifier(T.self)
        contentOrder = definition.contentOrder
        propertyForm = definition.propertyForm
        elementNameSlot = definition.elementNameSlot
        childOrderSlot = definition.childOrderSlot
        mixedTextSlot = definition.mixedTextSlot
        keptElementsSlot = definition.keptElementsSlot
        namedKeptSlots = definition.namedKeptSlots.map { slot in
            var resolved = slot
            resolved.resolveName(sample: sample, fields: fields, prefixes: prefixes)
            return resolved
        }
        keepsOwnText = text != nil || definition.mixedTextSlot != nil
        storesNames = access.setNamespace != nil || definition.elementNameSlot != nil
        textTakesWholeText = text.map { declared[$0].takesWholeText } ?? false
        hasKeyedProperties = declared.contains { $0.collection?.isMap == true }
        let ignored = definition.ignoredNames.map { name in
            name.hasPrefix("@")
                ? (true, XMLName(parsing: String(name.dropFirst()), unprefixed: .none).resolving(prefixes))
                : (false, XMLName(parsing: name, unprefixed: .any).resolving(prefixes))
        }
        ignoredElements = ignored.filter { !$0.0 }.map(\.1)
        ignoredAttributes = ignored.filter(\.0).map(\.1)
        ignoredNamespaces = definition.ignoredNamespaces
        schemaType = definition.schemaType.map { XMLName(parsing: $0, unprefixed: .any).resolving(prefixes) }
        keyedMembers = contents.keyedMembers
        keyed = contents.keyedMembers.map {
            KeyedLayout($0, properties: declared, slots: slots, prefixes: prefixes)
        }
        if let maker = definition.declarations.contents.readerMaker as? ReaderMaker<T> {
            readerFactory = { TypedReaderSession(maker.make(), isClass: isClass) }
        } else {
            readerFactory = nil
        }
    }

    deinit {
        plainAttributes.deallocate()
    }
}
