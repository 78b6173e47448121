/// Writes Swift source from a ``SchemaModel``: the one emitter behind every reader.
///
/// The output is a few files (listed by ``emit(_:)``):
/// - `NAME.swift`: `public enum NAME { public static let binder: XMLBinder }`, every
///   mapping registered with the core's `mapping(…)` API, as a user would write it;
/// - `NAME+Type.swift` for each generated type: a `public final class` per complex type
///   (and per root element of simple type), a `public enum` per enumeration, each nested in
///   `NAME` so that several models share a target without clashing;
/// - `NAME+Conversions.swift` when values need checks: the conversions that enforce the
///   schema's facets, so a value outside them is a located error when binding;
/// - `NAME+IdentityConstraints.swift` when global elements declare `xs:key`, `xs:unique` or
///   `xs:keyref`: the checks their registrations' `.validate` closures hand their rows to.
///
/// Types are classes, not structs: a schema's content is a graph of children, often
/// recursive (a `section` holds `section`s), which a struct cannot hold without boxes;
/// classes are what the binder fills fastest in place, and what `OriginAware`,
/// `Ancestor` and write-back handle as they stand.
///
/// The output is deterministic: the same model gives the same bytes. Every name from the
/// input becomes an identifier of ASCII letters and digits, and every text a `\u{…}`-escaped
/// literal or a `///` comment line, so no input can inject code.
public struct SwiftEmitter: Sendable {
    /// The name of the generated namespace enum, `NAME`.
    public var name: String
    /// What to say in each file's header about where it came from (file names, say).
    public var source: String
    /// Whether to write everything into `NAME.swift` alone (what the build-tool plugin
    /// uses, since a build command declares its output files before it runs).
    public var singleFile = false

    /// Creates an emitter.
    ///
    /// - Parameters:
    ///   - name: The namespace enum's name: a Swift identifier (letters, digits, `_`).
    ///   - source: The inputs, for the header comment.
    public init(name: String, source: String = "") {
        self.name = name
        self.source = source
    }

    /// The generated files and what could not be expressed.
    public struct Output: Sendable {
        /// The files, `NAME.swift` first, then sorted by name.
        public var files: [GeneratedFile]
        /// Warnings about parts of the model the code does not express.
        public var diagnostics: [GenerationDiagnostic]
    }

    /// Writes the Swift files for a model.
    ///
    /// - Parameter model: What to generate.
    /// - Returns: The files and the emitter's warnings (the model's own are not repeated).
    /// - Throws: ``GenerationDiagnostic`` when ``name`` is not a Swift identifier.
    public func emit(_ model: SchemaModel) throws(GenerationDiagnostic) -> Output {
        guard Self.isIdentifier(name) else {
            throw GenerationDiagnostic(
                .error, "the model's name \(SwiftLiteral.string(name)) is not a Swift identifier (letters, digits, _)")
        }
        let plan = EmissionPlanner.plan(model, moduleName: name)
        let writer = SwiftSourceWriter(plan: plan, header: header)
        var files = [GeneratedFile(name: "\(name).swift", contents: writer.binderFile())]
        var typeFiles: [GeneratedFile] = []
        for planned in plan.classes {
            typeFiles.append(
                GeneratedFile(name: "\(name)+\(planned.swiftName).swift", contents: writer.classFile(planned)))
        }
        for planned in plan.protocols {
            typeFiles.append(
                GeneratedFile(name: "\(name)+\(planned.swiftName).swift", contents: writer.protocolFile(planned)))
        }
        for planned in plan.enums {
            typeFiles.append(
                GeneratedFile(name: "\(name)+\(planned.swiftName).swift", contents: writer.enumFile(planned)))
        }
        typeFiles.append(GeneratedFile(name: "\(name)+Conversions.swift", contents: writer.conversionsFile()))
        if plan.checksIdentityConstraints {
            typeFiles.append(
                GeneratedFile(name: "\(name)+IdentityConstraints.swift", contents: writer.identityConstraintsFile()))
        }
        var diagnostics = plan.diagnostics
        // A WSDL's clients and service protocols, over the model's classes.
        let scopes = ServiceShape.scopes(of: model.services, moduleName: name)
        for (service, scope) in zip(model.services, scopes) {
            let shape = ServiceShape(service: service, scope: scope, plan: plan)
            typeFiles +=
                ServiceSourceWriter(shape: shape, moduleName: name, preamble: header + "\n" + writer.imports)
                .files
            diagnostics += shape.diagnostics
        }
        files += typeFiles.sorted { $0.name < $1.name }
        if singleFile {
            // Every file starts with the same header and imports: keep them once.
            let preamble = header + "\n" + writer.imports
            let bodies = files.map {
                $0.contents.hasPrefix(preamble) ? String($0.contents.dropFirst(preamble.count)) : $0.contents
            }
            files = [GeneratedFile(name: "\(name).swift", contents: preamble + bodies.joined())]
        }
        return Output(files: files, diagnostics: diagnostics)
    }

    private var header: String {
        let from = source.isEmpty ? "" : " from " + source
        return SwiftLiteral.documentation(
            "Generated by `xmlbind generate`\(from). Do not edit.", indent: "", marker: "//")
    }

    /// Whether the text is a plain Swift identifier and not a keyword.
    static func isIdentifier(_ text: String) -> Bool {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || ("0"..."9").contains($0) }
            && !SwiftIdentifier.keywords.contains(text) && !SwiftIdentifier.reservedTypeNames.contains(text)
    }
}
