import XMLBind

/// How `xsi:type` polymorphism and substitution groups become code: which complex types are
/// Swift subclasses of their base, which child slots take any type of their family, and
/// where each type is registered.
///
/// A *family* is a complex type and the types derived from it (by extension or
/// restriction), when some element of the model may hold more than its declared type: an
/// element of a type that has derived types (`xsi:type="Derived"` chooses one), or a
/// substitution group's head (its members stand in its place). Then:
/// - each type of the family is a class, a subclass of its base's class, so a property of
///   the declared type holds any of them;
/// - an element of a family type is a slot declared with `xml:` (the core then lets its
///   `xsi:type` choose a subclass's mapping); the element is registered for the declared
///   type, and for each derived type with `.xsiType(…)`, so that writing finds the mapping
///   of each object at that element;
/// - the head of a substitution group, and an element of a type that keeps its children's
///   order, is a child slot matched by type instead (`.child(\.x)` without `xml:`): the
///   group's members are registered for their own elements and placed by type;
/// - the classes keep the name of the element they were read from (`.elementName`), so that
///   writing chooses the same registration: `xsi:type` is written when the type differs from
///   the declared one, and a member is written as its own element.
///
/// A family whose elements cannot be told apart that way (two of its slots matched by type in
/// one class, or an element name registered for another type too) is generated as before,
/// flattened, with a located warning.
struct PolymorphismPlan {
    /// An extra registration of a family type: at an element whose declared type is in the
    /// family, chosen by `xsi:type` unless it is the declared type itself.
    struct Registration: Hashable {
        var element: QualifiedName
        var xsiType: QualifiedName?
    }

    /// Each family type's base, when that base is in the family too: its superclass.
    private(set) var superclass: [QualifiedName: QualifiedName] = [:]
    /// Family types that other family types derive from: classes that are not `final`.
    private(set) var hasSubclasses: Set<QualifiedName> = []
    /// Every type of a generated family: its objects record their element's name.
    private(set) var familyTypes: Set<QualifiedName> = []
    /// Element fields declared without `xml:` (matched by type), by owner type and field name.
    private(set) var openSlots: Set<FieldKey> = []
    /// Registrations beyond the type's root or home elements, in a stable order.
    private(set) var registrations: [QualifiedName: [Registration]] = [:]
    /// Warnings for families left flattened.
    private(set) var diagnostics: [GenerationDiagnostic] = []

    /// A field of a complex type, by the owner's name and the field's qualified name.
    struct FieldKey: Hashable {
        var owner: QualifiedName
        var field: QualifiedName
    }

    /// An element of a family type, found in a complex type's fields.
    private struct Candidate {
        var owner: QualifiedName
        var field: Field
        var declared: QualifiedName
        /// Whether the slot is matched by type (a substitution head's, or in a class that
        /// keeps its children's order) rather than declared with `xml:`.
        var isOpen: Bool
    }

    init(_ model: SchemaModel) {
        var complex: [QualifiedName: ComplexType] = [:]
        var origins: [QualifiedName: Origin] = [:]
        for type in model.types {
            guard let value = type.complexType, complex[type.name] == nil else { continue }
            complex[type.name] = value
            origins[type.name] = type.origin
        }
        func base(of name: QualifiedName) -> QualifiedName? {
            guard case .named(let base)? = complex[name]?.base, base != name, complex[base] != nil else { return nil }
            return base
        }
        // The chain of bases, nearest first; a derivation cycle ends it.
        func ancestors(of name: QualifiedName) -> [QualifiedName] {
            var chain: [QualifiedName] = []
            var current = name
            while let next = base(of: current), next != name, !chain.contains(next) {
                chain.append(next)
                current = next
            }
            return chain
        }
        let names = complex.keys.sorted()
        let derived = Dictionary(grouping: names.compactMap { name in base(of: name).map { (name, $0) } }, by: \.1)
        func isInHierarchy(_ name: QualifiedName, of root: QualifiedName) -> Bool {
            name == root || ancestors(of: name).contains(root)
        }
        // Substitution groups: each head's members, transitively.
        let roots = model.rootElements
        func members(of head: QualifiedName) -> [RootElement] {
            var found: [RootElement] = []
            var queue = [head]
            var seen: Set<QualifiedName> = [head]
            while let next = queue.popLast() {
                for root in roots where root.substitutionGroup == next && seen.insert(root.name).inserted {
                    found.append(root)
                    queue.append(root.name)
                }
            }
            return found.sorted { $0.name < $1.name }
        }
        // The families some element needs, by the topmost type of each.
        var needed: Set<QualifiedName> = []
        for owner in names {
            for field in complex[owner]?.fields ?? [] where field.kind == .element {
                guard case .named(let declared) = field.type, complex[declared] != nil else { continue }
                let head = roots.first { $0.name == field.qualifiedName && $0.type == field.type }
                let substitutes = head.map { members(of: $0.name) } ?? []
                if derived[declared] != nil || !substitutes.isEmpty {
                    needed.insert(ancestors(of: declared).last ?? declared)
                }
            }
        }
        let rootTypes = Dictionary(grouping: roots, by: \.name)
        // Elements taken by a family: another family's slot of that name would replace its mapping.
        var takenElements: [QualifiedName: QualifiedName] = [:]
        for family in needed.sorted() {
            let types = names.filter { isInHierarchy($0, of: family) }
            var candidates: [Candidate] = []
            for owner in names {
                for field in complex[owner]?.fields ?? [] where field.kind == .element {
                    guard case .named(let declared) = field.type, types.contains(declared) else { continue }
                    let head = roots.first { $0.name == field.qualifiedName && $0.type == field.type }
                    let isOpen =
                        (complex[owner]?.keepsChildOrder ?? false) || !(head.map { members(of: $0.name) } ?? []).isEmpty
                    candidates.append(Candidate(owner: owner, field: field, declared: declared, isOpen: isOpen))
                }
            }
            var problem = Self.problem(
                with: candidates, types: Set(types), rootTypes: rootTypes,
                related: { isInHierarchy($0, of: $1) || isInHierarchy($1, of: $0) })
            if problem == nil, let clash = candidates.first(where: { takenElements[$0.field.qualifiedName] != nil }) {
                let other = takenElements[clash.field.qualifiedName].map(\.description) ?? ""
                problem = "<\(clash.field.name)> is an element of the family of \(other) too"
            }
            if let problem {
                diagnostics.append(
                    GenerationDiagnostic(
                        .warning,
                        "the types derived from \(family) and its substitution groups are generated flattened, "
                            + "without xsi:type or members in their head's place: \(problem)",
                        at: origins[family]))
                continue
            }
            familyTypes.formUnion(types)
            for type in types {
                if let base = base(of: type) { superclass[type] = base }
                if derived[type] != nil { hasSubclasses.insert(type) }
            }
            var added: [QualifiedName: [Registration]] = [:]
            for candidate in candidates {
                takenElements[candidate.field.qualifiedName] = family
                if candidate.isOpen {
                    openSlots.insert(FieldKey(owner: candidate.owner, field: candidate.field.qualifiedName))
                }
                let element = candidate.field.qualifiedName
                // The declared type without `xsi:type` (an abstract one needs one), then with it, and
                // every type derived from it, chosen by its `xsi:type`.
                let isAbstract = complex[candidate.declared]?.isAbstract ?? false
                if !isAbstract { added[candidate.declared, default: []].append(Registration(element: element)) }
                for type in types where isInHierarchy(type, of: candidate.declared) {
                    guard !(complex[type]?.isAbstract ?? false) else { continue }
                    added[type, default: []].append(Registration(element: element, xsiType: type))
                }
            }
            for (type, list) in added {
                var seen: Set<Registration> = []
                registrations[type] = list.filter { seen.insert($0).inserted }
            }
        }
    }

    /// Why the family's elements cannot all be slots matched by name, if they cannot.
    /// Two slots matched by type in one class can be told apart when no object fits both:
    /// their declared types are on separate branches of the family (`related` says whether
    /// one is the other or derives from it).
    private static func problem(
        with candidates: [Candidate], types: Set<QualifiedName>, rootTypes: [QualifiedName: [RootElement]],
        related: (QualifiedName, QualifiedName) -> Bool
    ) -> String? {
        var declaredAt: [QualifiedName: QualifiedName] = [:]
        var openSlots: [QualifiedName: [(element: QualifiedName, declared: QualifiedName)]] = [:]
        for candidate in candidates {
            let element = candidate.field.qualifiedName
            if candidate.isOpen {
                let earlier = openSlots[candidate.owner, default: []]
                if let other = earlier.first(where: {
                    $0.element != element && related($0.declared, candidate.declared)
                }) {
                    return "\(candidate.owner) holds two elements of the family, <\(other.element.localName)> and "
                        + "<\(element.localName)>, which a slot matched by type cannot tell apart"
                }
                openSlots[candidate.owner, default: []].append((element, candidate.declared))
            }
            if let other = declaredAt[element], other != candidate.declared {
                return "<\(element.localName)> is declared of both \(other) and \(candidate.declared)"
            }
            declaredAt[element] = candidate.declared
            for root in rootTypes[element] ?? [] {
                guard case .named(let type) = root.type, types.contains(type) else {
                    return "<\(element.localName)> is also a global element of the type \(root.type)"
                }
            }
        }
        return nil
    }
}
