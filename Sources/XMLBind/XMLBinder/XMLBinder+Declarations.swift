/// Read-only views of a binder's compiled mappings, for the modules that describe them
/// (XML Schema and WSDL generation in XMLBindSOAP) or dispatch on them.
///
/// Only names and kinds are exposed, never the setters: nothing outside the core can
/// change how a document binds through these views.
extension XMLBinder {
    /// The namespace a declared name must be in.
    package enum DeclaredNamespace: Sendable, Hashable {
        /// Registered without a prefix or URI: any namespace, or none.
        case any
        /// No namespace.
        case none
        /// Exactly this URI.
        case uri(String)
        /// A prefix neither the binder nor the declaration resolved (the document must).
        case unresolvedPrefix(String)

        init(_ namespace: XMLName.Namespace) {
            switch namespace {
            case .any: self = .any
            case .none: self = .none
            case .uri(let uri): self = .uri(uri)
            case .prefix(let prefix): self = .unresolvedPrefix(prefix)
            }
        }
    }

    /// A name as a mapping declares it, its prefix resolved where the binder could.
    package struct DeclaredName: Sendable, Hashable {
        package var namespace: DeclaredNamespace
        package var local: String
        /// The prefix the registration wrote, if it wrote one.
        package var prefixHint: String?

        init(_ name: XMLName) {
            namespace = DeclaredNamespace(name.namespace)
            local = name.local
            prefixHint = name.prefixHint
        }
    }

    /// One `.property`, `.attribute`, `.element` or `.text` declaration.
    package struct DeclaredProperty: Sendable {
        /// Where the value may come from.
        package enum Kind: Sendable, Hashable {
            /// `.property`: an attribute or a child element.
            case attributeOrElement
            case attribute
            case element
            case text
        }

        /// The Swift property's name.
        package var swiftName: String
        /// The name of the value's element or attribute.
        package var name: DeclaredName
        /// The wrapper elements of a nested path, outermost first.
        package var path: [DeclaredName]
        package var kind: Kind
        /// The property's Swift type, as declared (`Int?`, `[String]`, an enum).
        package var valueType: Any.Type
        /// The key path, to identify the declaration.
        package var keyPath: AnyKeyPath & Sendable
        /// Whether `.required()` was declared.
        package var isRequired: Bool
        /// Whether a `default:` was declared.
        package var hasDefault: Bool
        /// How a `.property` is written when the declaration says (`.written(as:)`).
        package var writtenForm: WritingOptions.PropertyForm?
        /// How many values it takes: one, or one per matching element or attribute.
        package var repetition: Repetition = .single
        /// Whether the value is the element's whole text, elements inside it included
        /// (`.wholeText()`).
        package var takesWholeText = false

        /// How many values a declaration takes from the document.
        package enum Repetition: Sendable, Hashable {
            /// One value (an array here is one whitespace-separated list).
            case single
            /// `.elements`: one value per matching element (or attribute of one), in order.
            case list
            /// `.elements(…, key:)`: one value per matching element, keyed by its attribute.
            case map(key: DeclaredName)
        }
    }

    /// One `.child` or `.children` declaration.
    package struct DeclaredChild: Sendable {
        /// The Swift property's name.
        package var swiftName: String
        /// The type of the property (`[C]`, `C?` or `C`).
        package var fieldType: Any.Type
        /// The slot's element type `C`.
        package var elementType: Any.Type
        /// Whether it collects many children (`.children`).
        package var isList: Bool
        /// The element name the slot's children are read and written under, when the
        /// declaration names one (`xml:`); `nil` when each child is its own type's element.
        package var name: DeclaredName?
        /// The indices (into ``XMLBinder/declaredMappings``) of the mappings whose objects
        /// this slot takes: the first slot of a parent a child's type fits takes it.
        package var mappings: [Int]
    }

    /// A named child element kept whole (`.element` of an `XMLElementNode?`, `.elements` of
    /// an `[XMLElementNode]`): any content, XML Schema's `xs:anyType`.
    package struct DeclaredKeptElement: Sendable {
        /// The Swift property's name.
        package var swiftName: String
        /// The element's name.
        package var name: DeclaredName
        /// Whether it repeats (`[XMLElementNode]`).
        package var isList: Bool
    }

    /// One declaration in declaration order.
    package enum DeclaredContent: Sendable {
        case property(DeclaredProperty)
        case child(DeclaredChild)
        case keptElement(DeclaredKeptElement)
    }

    /// One registered mapping.
    package struct DeclaredMapping: Sendable {
        /// The mapped type's name, unqualified.
        package var typeName: String
        /// The mapped type.
        package var type: Any.Type
        /// The element it binds to.
        package var element: DeclaredName
        /// Properties and children, in declaration order.
        package var contents: [DeclaredContent]
        /// How this mapping's `.property` declarations are written, when it says.
        package var propertyForm: WritingOptions.PropertyForm?
        /// The keyed shape (`.keyedMembers`), when the mapping declares one: its members are
        /// chosen by keys written in the document, not by element names.
        package var keyedMembers: KeyedMembers?
        /// Whether the mapping keeps its text among its children (`.mixedText`): its
        /// content is mixed.
        package var keepsMixedText = false
    }

    /// Every registered mapping, in registration order (a later mapping of the same
    /// element replaces an earlier one when binding; both are listed).
    package var declaredMappings: [DeclaredMapping] {
        let bindings = registry.bindings
        return bindings.enumerated().map { parentIndex, binding in
            var contents: [DeclaredContent] = binding.contentOrder.map { item in
                switch item {
                case .property(let index):
                    let property = binding.properties[index]
                    let kind: DeclaredProperty.Kind =
                        switch property.form {
                        case .either: .attributeOrElement
                        case .attribute: .attribute
                        case .element: .element
                        case .text: .text
                        }
                    return .property(
                        DeclaredProperty(
                            swiftName: property.propertyName, name: DeclaredName(property.xmlName),
                            path: property.path.map(DeclaredName.init), kind: kind, valueType: property.valueType,
                            keyPath: property.keyPath, isRequired: property.isRequired,
                            hasDefault: property.makeDefaultSetter != nil, writtenForm: property.writtenForm,
                            repetition: Self.repetition(of: property), takesWholeText: property.takesWholeText))
                case .child(let index):
                    let slot = binding.childSlots[index]
                    // A named slot takes its children by its own name: every mapping whose
                    // type fits is a type its children may have.
                    let taken = bindings.indices.filter { childIndex in
                        slot.xmlName != nil
                            ? Self.fits(slot, bindings[childIndex])
                            : registry.placement(parent: parentIndex, child: childIndex).place != nil
                                && Self.firstFittingSlot(of: binding, for: bindings[childIndex]) == index
                    }
                    return .child(
                        DeclaredChild(
                            swiftName: slot.propertyName, fieldType: slot.fieldType, elementType: slot.elementType,
                            isList: slot.storeAll != nil || "\(slot.fieldType)".hasPrefix("Array<"),
                            name: slot.xmlName.map(DeclaredName.init), mappings: taken))
                }
            }
            // Named kept elements, each before the declaration that followed it.
            for kept in binding.namedKeptSlots.reversed() {
                let declared = DeclaredKeptElement(
                    swiftName: kept.propertyName, name: DeclaredName(kept.xmlName), isList: kept.isList)
                contents.insert(.keptElement(declared), at: min(kept.position, contents.count))
            }
            return DeclaredMapping(
                typeName: binding.typeName, type: binding.access.type, element: DeclaredName(binding.elementName),
                contents: contents, propertyForm: binding.propertyForm, keyedMembers: binding.keyedMembers,
                keepsMixedText: binding.mixedTextSlot != nil)
        }
    }

    /// The index into ``declaredMappings`` of the mapping that writes objects of `type`.
    package func declaredMappingIndex(for type: Any.Type) -> Int? {
        registry.typeIndex[ObjectIdentifier(type)]
    }

    /// The element that objects of `type` are written as, without working out the rest of
    /// ``declaredMappings``.
    package func declaredElement(for type: Any.Type) -> DeclaredName? {
        registry.typeIndex[ObjectIdentifier(type)].map { DeclaredName(registry.bindings[$0].elementName) }
    }

    /// How many values a property takes, as its collection says.
    private static func repetition(of property: PropertyBinding) -> DeclaredProperty.Repetition {
        guard let collection = property.collection else { return .single }
        guard collection.isMap, let key = collection.key else { return .list }
        return .map(key: DeclaredName(key))
    }

    /// Whether a child of `child`'s type fits `slot`.
    private static func fits(_ slot: ChildSlot, _ child: ElementBinding) -> Bool {
        slot.fits(child.access.type) { child.access.makeSampleValue() }
    }

    /// The slot of `parent` that a child of `child`'s type goes to, as the registry chose it.
    private static func firstFittingSlot(of parent: ElementBinding, for child: ElementBinding) -> Int? {
        var sample: Any?
        return parent.childSlots.firstIndex { slot in
            slot.fits(child.access.type) {
                if let sample { return sample }
                let made = child.access.makeSampleValue()
                sample = made
                return made
            }
        }
    }
}
