/// Binds XML documents to typed Swift objects, as declared by its mappings.
///
/// Build a binder once, at setup, and use it for any number of parses, from any number
/// of threads at once: it is a value, and parsing does not change it.
///
/// ```swift
/// let binder = try XMLBinder().register(
///     mapping(Beans.self, element: "beans").children(\.beans),
///     mapping(Bean.self, element: "bean").property(\.id).property(\.clazz, xml: "class")
/// )
/// let beans = try binder.parse(data, as: Beans.self, file: "beans.xml")
/// ```
///
/// To parse with other options, change a copy's ``options``; the copy shares the
/// compiled mappings:
///
/// ```swift
/// var lenient = binder
/// lenient.options.mode = .lenient
/// ```
public struct XMLBinder: Sendable {
    /// The options every parse uses.
    ///
    /// Options do not affect the compiled mappings: changing them on a copy of a binder
    /// costs nothing but the copy.
    public var options: ParseOptions
    /// Prefixes for `prefix:local` names in mappings, resolved when mappings are registered.
    public let prefixes: [String: String]
    /// The registered definitions, in registration order, and their compiled tables.
    ///
    /// A later `register`, or a copy with other ``options``, reuses the compiled bindings:
    /// a binding depends only on its definition and the prefixes, which a binder keeps.
    let registry: CompiledRegistry

    /// Creates a binder with no mappings.
    ///
    /// - Parameters:
    ///   - options: Options for every parse.
    ///   - prefixes: Namespace URIs for the prefixes that mappings use in names such as
    ///     `configuration:define`. A prefix not given here is resolved through the
    ///     document's own `xmlns:` declarations.
    public init(options: ParseOptions = ParseOptions(), prefixes: [String: String] = [:]) {
        self.init(options: options, prefixes: prefixes, registry: CompiledRegistry(bindings: []))
    }

    private init(options: ParseOptions, prefixes: [String: String], registry: CompiledRegistry) {
        self.options = options
        self.prefixes = prefixes
        self.registry = registry
    }

    /// Returns a binder that also knows the given mappings, or throws the problems that
    /// keep them from being registered.
    ///
    /// A mapping for an element that is already registered replaces the earlier one,
    /// unless one of them is chosen by an `xsi:type` (``ClassDefinition/xsiType(_:)``).
    /// Every problem of every mapping is checked and reported at once:
    ///
    /// ```swift
    /// do {
    ///     binder = try XMLBinder().register(mapping(Counter.self, element: "counter").attribute(\.doubled))
    /// } catch {
    ///     print(error)  // … declaration 1 .attribute(<computed Int>): cannot tell the name of a computed property; …
    /// }
    /// ```
    ///
    /// - Parameter mappings: Definitions made with ``mapping(_:element:namespace:)``.
    /// - Returns: A new binder; this one is unchanged.
    /// - Throws: ``RegistrationError`` with every problem found.
    public func register<each T: Bindable>(
        _ mappings: repeat ClassDefinition<each T>
    ) throws(RegistrationError) -> XMLBinder {
        let (binder, problems) = registering(repeat each mappings)
        if !problems.isEmpty { throw RegistrationError(problems: problems) }
        return binder
    }

    /// ``register(_:)`` for the mappings this package's own modules declare in a
    /// `static let`: a problem there is a mistake in the module's source, found the first
    /// time it is used, so it stops the program with the ``RegistrationError``'s description.
    ///
    /// Setup code, not input: no document can reach this stop.
    package func registeredAtSetup<each T: Bindable>(_ mappings: repeat ClassDefinition<each T>) -> XMLBinder {
        let (binder, problems) = registering(repeat each mappings)
        if !problems.isEmpty {
            fatalError(RegistrationError(problems: problems).description)
        }
        return binder
    }

    private func registering<each T: Bindable>(
        _ mappings: repeat ClassDefinition<each T>
    ) -> (XMLBinder, [RegistrationError.Problem]) {
        // A local, so that the new binder gets it by a retain: copied from `self` in place,
        // the dictionary goes through its value witnesses, whose metadata is made from a
        // mangled name with a scan of every conformance record for `String: Hashable`.
        let prefixes = self.prefixes
        var added: [ElementBinding] = []
        for definition in repeat each mappings {
            added.append(ElementBinding(definition, prefixes: prefixes))
        }
        return registering(added)
    }

    /// A binder with the new bindings after the registered ones, compiled once, and the
    /// problems of the new bindings and of the whole registry.
    func registering(_ added: [ElementBinding]) -> (XMLBinder, [RegistrationError.Problem]) {
        let prefixes = self.prefixes
        var bindings = registry.bindings
        var problems: [RegistrationError.Problem] = []
        for binding in added {
            problems += binding.ownProblems()
            problems += binding.readerProblems()
            bindings.append(binding)
        }
        let registry = CompiledRegistry(bindings: bindings)
        problems += registry.problems
        return (XMLBinder(options: options, prefixes: prefixes, registry: registry), problems)
    }
}
