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
    let registry: CompiledRegistry
    /// Definitions as given, kept so that a later `register` can recompile with more.
    private let definitions: [Definition]

    /// A definition as given, made into a binding with the binder's prefixes.
    ///
    /// A struct, not a bare closure: an array of closures of this type has its storage
    /// type instantiated at run time from its mangled name, which finds
    /// `String: Hashable` (for the `[String: String]` argument) by a scan of every
    /// conformance record in the process.
    private struct Definition: Sendable {
        let compile: @Sendable (_ prefixes: [String: String]) -> ElementBinding
    }

    /// Creates a binder with no mappings.
    ///
    /// - Parameters:
    ///   - options: Options for every parse.
    ///   - prefixes: Namespace URIs for the prefixes that mappings use in names such as
    ///     `configuration:define`. A prefix not given here is resolved through the
    ///     document's own `xmlns:` declarations.
    public init(options: ParseOptions = ParseOptions(), prefixes: [String: String] = [:]) {
        self.init(options: options, prefixes: prefixes, definitions: [])
    }

    /// Creates a binder with no mappings in the given mode.
    ///
    /// - Parameters:
    ///   - mode: ``ParseMode/strict`` or ``ParseMode/lenient``.
    ///   - prefixes: Namespace URIs for the prefixes that mappings use.
    public init(mode: ParseMode, prefixes: [String: String] = [:]) {
        self.init(options: ParseOptions(mode: mode), prefixes: prefixes)
    }

    private init(
        options: ParseOptions, prefixes: [String: String],
        definitions: [Definition]
    ) {
        self.options = options
        self.prefixes = prefixes
        self.definitions = definitions
        self.registry = CompiledRegistry(bindings: definitions.map { $0.compile(prefixes) })
    }

    /// Returns a binder that also knows the given mappings.
    ///
    /// A mapping for an element that is already registered replaces the earlier one.
    ///
    /// - Parameter mappings: Definitions made with ``mapping(_:element:namespace:)``.
    /// - Returns: A new binder; this one is unchanged.
    public func register<each T: Bindable>(_ mappings: repeat ClassDefinition<each T>) -> XMLBinder {
        var all = definitions
        for definition in repeat each mappings {
            all.append(Definition { prefixes in ElementBinding(definition, prefixes: prefixes) })
        }
        return XMLBinder(options: options, prefixes: prefixes, definitions: all)
    }

    /// Returns a binder with the same mappings and other options.
    ///
    /// - Parameter options: The new options.
    /// - Returns: A new binder; this one is unchanged.
    public func with(options: ParseOptions) -> XMLBinder {
        XMLBinder(options: options, prefixes: prefixes, definitions: definitions)
    }
}
