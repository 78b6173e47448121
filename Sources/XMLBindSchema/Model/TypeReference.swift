/// The type of a field, a root element or a simple type's base: one of XML Schema's
/// built-in types or a type of the model.
public enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A built-in type of XML Schema (`xs:int`, `xs:string`, …).
    case builtin(BuiltinType)
    /// A type of the model, by its name (see ``SchemaModel/type(named:)``).
    case named(QualifiedName)

    /// `xs:int` for a built-in type, the Clark name for a named one.
    public var description: String {
        switch self {
        case .builtin(let type): "xs:" + type.rawValue
        case .named(let name): name.description
        }
    }
}
