/// Binds XML documents to typed Swift objects, as declared by its mappings.
///
/// Build a binder once, at setup, and use it for any number of parses, from any number
/// of threads at once: it is an immutable value.
///
/// ```swift
/// let binder = XMLBinder().register(
///     mapping(Beans.self, element: "beans").children(\.beans),
///     mapping(Bean.self, element: "bean").property(\.id).property(\.clazz, xml: "class")
/// )
/// let beans = try binder.parse(data, as: Beans.self, file: "beans.xml")
/// ```
public struct XMLBinder: Sendable {
    /// The options every parse uses.
    public let options: ParseOptions
    /// Prefixes for `prefix:local` names in mappings, resolved when mappings are registered.
    public let prefixes: [String: String]
    /// The registered definitions, in registration order, and their compiled tables.
    ///
    /// A later `register` or `with(options:)` reuses the compiled bindings: a binding
    /// depends only on its definition and the prefixes, which a binder keeps.
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

    /// Creates a binder with no mappings in the given mode.
    ///
    /// - Parameters:
    ///   - mode: ``ParseMode/strict`` or ``ParseMode/lenient``.
    ///   - prefixes: Namespace URIs for the prefixes that mappings use.
    public init(mode: ParseMode, prefixes: [String: String] = [:]) {
        self.init(options: ParseOptions(mode: mode), prefixes: prefixes)
    }

    private init(options: ParseOptions, prefixes: [String: String], registry: CompiledRegistry) {
        self.options = options
        self.prefixes = prefixes
        self.registry = registry
    }

    /// Returns a binder that also knows the given mappings.
    ///
    /// A mapping for an element that is already registered replaces the earlier one,
    /// unless one of them is chosen by an `xsi:type` (``ClassDefinition/xsiType(_:)``).
    ///
    /// - Parameter mappings: Definitions made with ``mapping(_:element:namespace:)``.
    /// - Returns: A new binder; this one is unchanged.
    public func register<each T: Bindable>(_ mappings: repeat ClassDefinition<each T>) -> XMLBinder {
        let (binder, problems) = registering(repeat each mappings)
        if !problems.isEmpty {
            // Setup code, not input: the mapping must be fixed (see RegistrationError).
            fatalError(RegistrationError(problems: problems).description)
        }
        return binder
    }

    /// Returns a binder that also knows the given mappings, or throws the problems that
    /// keep them from being registered.
    ///
    /// The same as ``register(_:)``, which stops the program on a ``RegistrationError``:
    /// for mappings built at run time (from a plugin's declarations, say), and for tests
    /// of mappings.
    ///
    /// ```swift
    /// do {
    ///     binder = try XMLBinder().checkedRegister(mapping(Counter.self, element: "counter").attribute(\.doubled))
    /// } catch {
    ///     print(error)  // … declaration 1 .attribute(<computed Int>): cannot tell the name of a computed property; …
    /// }
    /// ```
    ///
    /// - Parameter mappings: Definitions made with ``mapping(_:element:namespace:)``.
    /// - Returns: A new binder; this one is unchanged.
    /// - Throws: ``RegistrationError`` with every problem found.
    public func checkedRegister<each T: Bindable>(_ mappings: repeat ClassDefinition<each T>) throws -> XMLBinder {
        let (binder, problems) = registering(repeat each mappings)
        if !problems.isEmpty { throw RegistrationError(problems: problems) }
        return binder
    }

    private func registering<each T: Bindable>(
        _ mappings: repeat ClassDefinition<each T>
    ) -> (XMLBinder, [RegistrationError.Problem]) {
        // A local, so that the new binder gets it by a retain: copied from `self` in place,
        // the dictionary goes through its value witnesses, whose metadata is made from a
        // mangled name with a scan of every conformance record for `String: Hashable`.
        let prefixes = self.prefixes
        var bindings = registry.bindings
        var problems: [RegistrationError.Problem] = []
        for definition in repeat each mappings {
            let binding = ElementBinding(definition, prefixes: prefixes)
            problems += binding.ownProblems()
            problems += binding.readerProblems()
            bindings.append(binding)
        }
        let registry = CompiledRegistry(bindings: bindings)
        problems += registry.problems
        return (XMLBinder(options: options, prefixes: prefixes, registry: registry), problems)
    }

    /// Returns a binder with the same mappings and other options.
    ///
    /// - Parameter options: The new options.
    /// - Returns: A new binder; this one is unchanged.
    public func with(options: ParseOptions) -> XMLBinder {
        XMLBinder(options: options, prefixes: prefixes, registry: registry)
    }
}
