import XMLBind

/// Simple values: the Swift type of each, and the facet-checking conversion it needs when
/// its type's own conversion does not check everything the schema says.
extension EmissionPlanner {
    /// The Swift type of a simple value and the conversion that reads it, when its type's
    /// own does not check everything the schema says.
    mutating func valueShape(of reference: TypeReference, at origin: Origin?) -> (String, String?) {
        var facetLevels: [Facets] = []
        var current = reference
        let about = reference.description
        for _ in 0..<64 {
            switch current {
            case .builtin(let builtin):
                facetLevels.append(SwiftTypeMapping.impliedFacets(of: builtin))
                return builtinShape(builtin, facetLevels: facetLevels, about: about, at: origin)
            case .named(let name):
                guard let type = typesByName[name] else {
                    warn("type \(name) is not declared in the inputs; its values are read as String", at: origin)
                    return ("String", nil)
                }
                switch type.kind {
                case .complex:
                    warn("complex type \(name) used as a simple value; its values are read as String", at: origin)
                    return ("String", nil)
                case .enumeration:
                    return (typeNames[name] ?? "String", nil)
                case .union:
                    return ("String", nil)
                case .list(let item):
                    // A list of `xs:QName` is `[XMLQualifiedName]`: the binder resolves each item.
                    let (itemType, itemConversion) = valueShape(of: item, at: origin)
                    guard let itemConversion else { return ("[\(itemType)]", nil) }
                    return ("[\(itemType)]", "Conversion<[\(itemType)]>.list(of: \(itemConversion))")
                case .restriction(let restriction):
                    facetLevels.append(restriction.facets)
                    current = restriction.base
                }
            }
        }
        warn("the simple type \(reference) derives from itself; its values are read as String", at: origin)
        return ("String", nil)
    }

    private mutating func builtinShape(
        _ builtin: BuiltinType, facetLevels: [Facets], about: String, at origin: Origin?
    ) -> (String, String?) {
        let levels = facetLevels.filter { !$0.isEmpty }
        // A qualified name's facets are checked on its text, as written: a `String`.
        let swiftType = builtin == .qName && !levels.isEmpty ? "String" : SwiftTypeMapping.swiftType(for: builtin)
        let base: String? =
            switch builtin {
            case .float, .double: "Conversions.floating(\(swiftType).self)"
            case .hexBinary: "Conversions.hexBinary"
            default: nil
            }
        guard !levels.isEmpty else { return (swiftType, base) }
        var merged = Facets()
        // The innermost restriction (the last level met) is the base; outer ones narrow it.
        for facets in levels.reversed() {
            merged.length = facets.length ?? merged.length
            merged.minLength = facets.minLength ?? merged.minLength
            merged.maxLength = facets.maxLength ?? merged.maxLength
            merged.minInclusive = facets.minInclusive ?? merged.minInclusive
            merged.maxInclusive = facets.maxInclusive ?? merged.maxInclusive
            merged.minExclusive = facets.minExclusive ?? merged.minExclusive
            merged.maxExclusive = facets.maxExclusive ?? merged.maxExclusive
            merged.totalDigits = facets.totalDigits ?? merged.totalDigits
            merged.fractionDigits = facets.fractionDigits ?? merged.fractionDigits
        }
        let patterns = levels.map { level in
            level.patterns.compactMap { pattern -> String? in
                guard let translated = XSDPattern.translate(pattern) else {
                    warn(
                        "the pattern \(pattern) has no ICU form (a feature not translated yet, or a Unicode block "
                            + "ICU does not know); it is not checked",
                        at: origin)
                    return nil
                }
                return translated
            }
        }.filter { !$0.isEmpty }
        let key = about
        if let name = conversionNames[key] { return (swiftType, "Conversions.\(name)") }
        let name = conversionAllocator.claim(
            SwiftIdentifier.camelCase(key.split(separator: "}").last.map(String.init) ?? key, fallback: "value"))
        conversionNames[key] = name
        plan.conversions.append(
            EmissionPlan.PlannedConversion(
                name: name, swiftType: swiftType, base: base ?? "\(swiftType).xmlConversion", facets: merged,
                patterns: patterns, countsItems: swiftType.hasPrefix("["),
                collapsesWhitespace: builtin != .string && builtin != .normalizedString, about: about))
        return (swiftType, "Conversions.\(name)")
    }
}
