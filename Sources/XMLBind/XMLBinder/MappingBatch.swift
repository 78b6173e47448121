/// Mappings collected one at a time and registered together, so that the binder compiles
/// its tables once.
///
/// Each ``XMLBinder/register(_:)`` call compiles the whole registry again (every parent
/// and child pairing is worked out anew), which is right for a few calls at setup but
/// makes a model of hundreds of mappings registered one by one take minutes. A generated
/// model (`xmlbind generate`) adds each of its mappings here, in its own statement, and
/// registers the batch once:
///
/// ```swift
/// var batch = MappingBatch()
/// batch.add(mapping(Beans.self, element: "beans").children(\.beans))
/// batch.add(mapping(Bean.self, element: "bean").property(\.id))
/// let binder = try XMLBinder().register(batch: batch)
/// ```
public struct MappingBatch: Sendable {
    /// Each added mapping, made into a binding once the registering binder's prefixes are known.
    private var makers: [@Sendable ([String: String]) -> ElementBinding] = []

    /// Creates an empty batch.
    public init() {}

    /// The number of mappings added.
    public var count: Int { makers.count }

    /// Adds a mapping; it is checked when the batch is registered.
    ///
    /// - Parameter mapping: A definition made with ``mapping(_:element:namespace:)``.
    public mutating func add<T: Bindable>(_ mapping: ClassDefinition<T>) {
        makers.append { prefixes in ElementBinding(mapping, prefixes: prefixes) }
    }

    /// The bindings of the added mappings, in the order they were added.
    func bindings(prefixes: [String: String]) -> [ElementBinding] {
        makers.map { $0(prefixes) }
    }
}

extension XMLBinder {
    /// Returns a binder that also knows every mapping of the batch, compiled once, or
    /// throws the problems that keep them from being registered.
    ///
    /// The same as registering the batch's mappings in one ``register(_:)`` call, in the
    /// order they were added: a later mapping for an element replaces an earlier one
    /// (unless one of them is chosen by an `xsi:type`), and every problem of every mapping
    /// is reported at once.
    ///
    /// - Parameter batch: The mappings.
    /// - Returns: A new binder; this one is unchanged.
    /// - Throws: ``RegistrationError`` with every problem found.
    public func register(batch: MappingBatch) throws(RegistrationError) -> XMLBinder {
        let (binder, problems) = registering(batch.bindings(prefixes: prefixes))
        if !problems.isEmpty { throw RegistrationError(problems: problems) }
        return binder
    }
}
