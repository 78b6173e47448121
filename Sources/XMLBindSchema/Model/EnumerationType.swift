/// A closed set of values of a simple type: what becomes a Swift enum with a `String`
/// raw value.
public struct EnumerationType: Sendable, Hashable {
    /// One allowed value.
    public struct Value: Sendable, Hashable {
        /// The value's text, as the document writes it.
        public var value: String
        /// The input's documentation of the value.
        public var documentation: String?

        /// Creates an allowed value.
        ///
        /// - Parameters:
        ///   - value: The text.
        ///   - documentation: The input's documentation.
        public init(_ value: String, documentation: String? = nil) {
            self.value = value
            self.documentation = documentation
        }
    }

    /// The type whose values are enumerated.
    public var base: TypeReference
    /// The allowed values, in the input's order.
    public var values: [Value]

    /// Creates an enumeration.
    ///
    /// - Parameters:
    ///   - base: The enumerated type.
    ///   - values: The allowed values.
    public init(base: TypeReference = .builtin(.string), values: [Value]) {
        self.base = base
        self.values = values
    }
}
