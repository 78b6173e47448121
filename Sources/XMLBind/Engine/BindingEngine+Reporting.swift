/// Recording problems, applying unknown-content policies, and "did you mean".
extension BindingEngine {
    /// Keeps a diagnostic (up to the maximum) and decides whether the parse stops.
    func report(_ diagnostic: PendingDiagnostic) {
        var diagnostic = diagnostic
        if diagnostic.severity == .error {
            errorCount += 1
            if options.stopsAtFirstError { shouldStop = true }
        }
        guard diagnostics.count < options.maximumDiagnostics else {
            omittedCount += 1
            return
        }
        if diagnostic.fallback == nil, let position = driver?.currentLineColumn {
            diagnostic.fallback = position
        }
        diagnostics.append(diagnostic)
    }

    /// An element no mapping or parent property declares: skipped with its subtree, and
    /// reported as the policy says.
    ///
    /// The message and suggestions are only worked out when the policy reports them:
    /// ignored content (lenient mode) costs nothing but the skip.
    ///
    /// - Parameter attributes: The element's attributes, made only for a callback policy
    ///   (``UnknownContent/attributes``).
    func unknownElement(
        _ name: ExpandedName, in parent: ElementBinding?, attributes: () -> [XMLAttribute], byteIndex: Int,
        message: () -> String, suggestions: () -> [String]
    ) {
        skipDepth = 1
        // Inline markup of a whole text (issue 13): its text is part of the value.
        if topFrameTakesWholeText() {
            skipKeepsText = true
            return
        }
        if let parent, ignores(element: name, in: parent) { return }
        let policy = parent?.unknownContentPolicy ?? globalPolicy
        if case .ignore = policy { return }
        let suggestion = Suggestion.closest(to: String(decoding: name.local, as: UTF8.self), among: suggestions())
        reportUnknown(
            policy: policy, code: .unknownElement,
            message: message() + Self.didYouMean(suggestion),
            byteOffset: byteIndex, focus: .offset, fix: suggestion.map { .renameElement(to: $0) },
            content: UnknownContent(
                kind: .element, name: name.qualifiedName,
                namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                parent: parent?.elementName.description, origin: nil),
            attributes: attributes)
    }

    /// An attribute no property declares, on an element that is not an attribute container.
    ///
    /// - Parameter value: The attribute's value, made only for a callback policy
    ///   (``UnknownContent/value``).
    func unknownAttribute(
        _ name: ExpandedName, value: () -> String, in binding: ElementBinding, byteIndex: Int,
        message: () -> String, suggestions: () -> [String]
    ) {
        if ignores(attribute: name, in: binding) { return }
        let policy = binding.unknownContentPolicy ?? globalPolicy
        if case .ignore = policy { return }
        let suggestion = Suggestion.closest(to: name.qualifiedName, among: suggestions())
        // A prefixed name renamed to an unprefixed one changes its namespace: no fix-it.
        let renames = name.uri == nil && !name.qualifiedName.contains(":")
        reportUnknown(
            policy: policy, code: .unknownAttribute,
            message: message() + Self.didYouMean(suggestion),
            byteOffset: byteIndex, focus: .attributeName(name.qualifiedName),
            fix: renames ? suggestion.map { .renameAttribute(name.qualifiedName, to: $0) } : nil,
            content: UnknownContent(
                kind: .attribute, name: name.qualifiedName,
                namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                parent: binding.elementName.description, origin: nil),
            value: { value() })
    }

    /// Reports unknown content as `policy` says. For a callback, `attributes` (an
    /// element's) and `value` (an attribute's) are made into Swift values, with the
    /// namespace scope: only then, so the other policies pay nothing for them.
    func reportUnknown(
        policy: UnknownContentPolicy, code: XMLBindError.Code, message: String, byteOffset: Int,
        focus: PendingDiagnostic.Focus, fix: PendingFix? = nil, content: UnknownContent,
        attributes: () -> [XMLAttribute] = { [] }, value: () -> String? = { nil }
    ) {
        switch policy {
        case .error:
            var diagnostic = PendingDiagnostic(code: code, message: message, byteOffset: byteOffset, focus: focus)
            diagnostic.fix = fix
            report(diagnostic)
        case .warning:
            var diagnostic = PendingDiagnostic(
                severity: .warning, code: code, message: message, byteOffset: byteOffset, focus: focus)
            diagnostic.fix = fix
            report(diagnostic)
        case .ignore:
            break
        case .callback(let handle):
            var content = content
            content.scope = scopeTracker?.scope
            content.value = value()
            if content.kind == .element { content.attributes = attributes() }
            if content.kind == .attribute {
                content.origin = driver?.attributeOrigin(content.name).map {
                    Origin(file: file, line: $0.line, column: $0.column)
                }
            }
            if content.origin == nil, let position = driver?.currentLineColumn {
                content.origin = Origin(file: file, line: position.line, column: position.column + 1)
            }
            handle(content)
        }
    }

    /// Names a registered element or a parent's element property could have been.
    func elementSuggestions(in parent: ElementBinding?) -> [String] {
        var names = registry.bindings.map(\.elementName.local)
        if let parent {
            names += parent.properties.filter { $0.form.acceptsElement && $0.path.isEmpty && !$0.isKeyed }
                .map(\.xmlName.local)
            names += parent.keyed.map { [$0.member.local] } ?? []
            // The first elements of nested paths (`details` in `details/price`).
            names += parent.paths?.children.map(\.name.local) ?? []
        }
        return names
    }

    /// `; did you mean 'class'?` when one candidate is close (see ``Suggestion``), else nothing.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        didYouMean(Suggestion.closest(to: name, among: candidates))
    }

    /// `; did you mean 'class'?` for a suggestion, else nothing.
    static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}
