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
    func unknownElement(
        _ name: ExpandedName, in parent: ElementBinding?, byteIndex: Int, message: () -> String,
        suggestions: () -> [String]
    ) {
        skipDepth = 1
        let policy = parent?.unknownContentPolicy ?? globalPolicy
        if case .ignore = policy { return }
        reportUnknown(
            policy: policy, code: .unknownElement,
            message: message() + Self.didYouMean(String(decoding: name.local, as: UTF8.self), among: suggestions()),
            byteOffset: byteIndex, focus: .offset,
            content: UnknownContent(
                kind: .element, name: name.qualifiedName,
                namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                parent: parent?.elementName.description, origin: nil))
    }

    /// An attribute no property declares, on an element that is not an attribute container.
    func unknownAttribute(
        _ name: ExpandedName, in binding: ElementBinding, byteIndex: Int, message: () -> String,
        suggestions: () -> [String]
    ) {
        let policy = binding.unknownContentPolicy ?? globalPolicy
        if case .ignore = policy { return }
        reportUnknown(
            policy: policy, code: .unknownAttribute,
            message: message() + Self.didYouMean(name.qualifiedName, among: suggestions()),
            byteOffset: byteIndex, focus: .attributeName(name.qualifiedName),
            content: UnknownContent(
                kind: .attribute, name: name.qualifiedName,
                namespace: name.uri.map { String(decoding: $0, as: UTF8.self) },
                parent: binding.elementName.description, origin: nil))
    }

    func reportUnknown(
        policy: UnknownContentPolicy, code: XMLBindError.Code, message: String, byteOffset: Int,
        focus: PendingDiagnostic.Focus, content: UnknownContent
    ) {
        switch policy {
        case .error:
            report(PendingDiagnostic(code: code, message: message, byteOffset: byteOffset, focus: focus))
        case .warning:
            report(
                PendingDiagnostic(
                    severity: .warning, code: code, message: message, byteOffset: byteOffset, focus: focus))
        case .ignore:
            break
        case .callback(let handle):
            var content = content
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
            names += parent.properties.filter { $0.form.acceptsElement && $0.path.isEmpty }.map(\.xmlName.local)
            // The first elements of nested paths (`details` in `details/price`).
            names += parent.paths?.children.map(\.name.local) ?? []
        }
        return names
    }

    /// `; did you mean 'class'?` when one candidate is close (see ``Suggestion``), else nothing.
    static func didYouMean(_ name: String, among candidates: [String]) -> String {
        Suggestion.closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
