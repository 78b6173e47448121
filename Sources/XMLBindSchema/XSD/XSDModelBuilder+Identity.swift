import XMLBind

extension XSDModelBuilder {
    /// The identity constraints of a global element the generated code can check; the others
    /// (an XPath beyond child steps, attributes and unions) as located warnings.
    mutating func identityConstraints(of element: XSDElement, context: Context) -> [IdentityConstraint] {
        element.identityConstraints.compactMap { identityConstraint($0, context: context) }
    }

    private mutating func identityConstraint(_ node: XSDIdentityConstraint, context: Context)
        -> IdentityConstraint?
    {
        let what = "xs:\(node.kind) '\(node.name ?? "")'"
        guard let kind = IdentityConstraint.Kind(rawValue: node.kind), let name = node.name else {
            warn("\(what) needs a name; it is not checked", at: node.origin)
            return nil
        }
        let selectors = node.paths.filter { $0.kind == "selector" }
        let fields = node.paths.filter { $0.kind == "field" }
        guard selectors.count == 1, let selector = selectors.first, !fields.isEmpty else {
            warn("\(what) needs one xs:selector and at least one xs:field; it is not checked", at: node.origin)
            return nil
        }
        var refer: QualifiedName?
        if kind == .keyref {
            guard let referred = node.refer else {
                warn("\(what) needs a 'refer'; it is not checked", at: node.origin)
                return nil
            }
            refer = resolved(referred, context: context)
        }
        guard let selectorPath = xpath(of: selector), let selectorPaths = paths(selectorPath, field: false) else {
            warn(
                "\(what) is not checked by the generated code: its selector '\(xpath(of: selector)?.text ?? "")' is "
                    + "not made of child steps ('a/b', './p:a', '.') and unions ('|')", at: selector.origin)
            return nil
        }
        var fieldPaths: [[IdentityConstraint.Path]] = []
        var fieldTexts: [String] = []
        for field in fields {
            guard let written = xpath(of: field), let parsed = paths(written, field: true) else {
                warn(
                    "\(what) is not checked by the generated code: its field '\(xpath(of: field)?.text ?? "")' is "
                        + "not made of child steps, an attribute ('@a', 'a/@p:b'), '.' and unions ('|')",
                    at: field.origin)
                return nil
            }
            fieldPaths.append(parsed)
            fieldTexts.append(written.text)
        }
        return IdentityConstraint(
            kind: kind, name: QualifiedName(namespace: context.targetNamespace, name), refer: refer,
            selector: selectorPaths, fields: fieldPaths, selectorText: selectorPath.text, fieldTexts: fieldTexts,
            origin: node.origin)
    }

    /// The `xpath` attribute of a selector or field, recorded with its prefixes by the reader's
    /// callback: the first one after the element's `<` in its document.
    private func xpath(of node: XSDXPath) -> XSDBinder.ResolvedXPath? {
        guard let origin = node.origin else { return nil }
        let after = xpaths.filter {
            $0.origin.file == origin.file && ($0.origin.line, $0.origin.column) > (origin.line, origin.column)
        }
        return after.min { ($0.origin.line, $0.origin.column) < ($1.origin.line, $1.origin.column) }
    }

    /// The paths of a union, or `nil` for a form the generated code does not follow.
    private func paths(_ xpath: XSDBinder.ResolvedXPath, field: Bool) -> [IdentityConstraint.Path]? {
        var result: [IdentityConstraint.Path] = []
        for alternative in xpath.text.split(separator: "|", omittingEmptySubsequences: false) {
            let steps = alternative.split(separator: "/", omittingEmptySubsequences: false).map(Self.trimmed)
            var path = IdentityConstraint.Path(steps: [])
            for (index, step) in steps.enumerated() {
                // An empty step is `//` (descendants) or a leading `/`: not followed.
                guard !step.isEmpty, path.attribute == nil else { return nil }
                if step == "." { continue }
                var name = step.hasPrefix("child::") ? String(step.dropFirst(7)) : step
                var isAttribute = false
                if name.hasPrefix("@") || name.hasPrefix("attribute::") {
                    guard field, index == steps.count - 1 else { return nil }
                    name = name.hasPrefix("@") ? String(name.dropFirst()) : String(name.dropFirst(11))
                    isAttribute = true
                }
                guard let qualified = qualifiedName(Self.trimmed(name[...]), in: xpath) else {
                    return nil
                }
                if isAttribute { path.attribute = qualified } else { path.steps.append(qualified) }
            }
            result.append(path)
        }
        return result
    }

    /// The text without the XML whitespace around it.
    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { " \t\r\n".contains($0) }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// A name test of an XPath: `local` (no namespace, as XML Schema 1.0 has it) or
    /// `prefix:local` with a declared prefix; `nil` for a wildcard or anything else.
    private func qualifiedName(_ text: String, in xpath: XSDBinder.ResolvedXPath) -> QualifiedName? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        func isName(_ part: Substring) -> Bool {
            guard let first = part.first, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) }
        }
        guard parts.allSatisfy(isName) else { return nil }
        switch parts.count {
        case 1: return QualifiedName(namespace: nil, text)
        case 2:
            guard let namespace = xpath.namespaces[String(parts[0])] ?? nil else { return nil }
            return QualifiedName(namespace: namespace, String(parts[1]))
        default: return nil
        }
    }
}
