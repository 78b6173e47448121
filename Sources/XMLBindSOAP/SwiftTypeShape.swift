/// What the schema needs to know of a property's Swift type: optional or not, many values
/// (an array, or a dictionary's values) or not, and the innermost type (an enum's cases, when it lists them).
struct SwiftTypeShape {
    var isOptional = false
    var isList = false
    var base: Any.Type
    /// For a `RawRepresentable` type: its raw value type, and its cases' raw values when it
    /// is `CaseIterable`.
    var rawType: Any.Type?
    var cases: [String]?

    init(_ type: Any.Type) {
        var current = type
        if let optional = current as? any OptionalProtocol.Type {
            isOptional = true
            current = optional.wrappedType
        }
        if let dictionary = current as? any DictionaryProtocol.Type {
            isList = true
            current = dictionary.valueType
            if let optional = current as? any OptionalProtocol.Type { current = optional.wrappedType }
        } else if let array = current as? any ArrayProtocol.Type {
            isList = true
            current = array.elementType
            if let optional = current as? any OptionalProtocol.Type { current = optional.wrappedType }
        }
        base = current
        if let raw = current as? any RawRepresentable.Type {
            rawType = Self.rawValueType(raw)
            if let iterable = current as? any CaseIterable.Type {
                cases = Self.caseNames(iterable)
            }
        }
    }

    private static func rawValueType<E: RawRepresentable>(_ type: E.Type) -> Any.Type { E.RawValue.self }

    private static func caseNames<E: CaseIterable>(_ type: E.Type) -> [String]? {
        E.allCases.map { value -> String? in
            (value as? any RawRepresentable).map { String(describing: $0.rawValue) }
        }.reduce(into: [String]?([])) { names, name in
            if let name { names?.append(name) } else { names = nil }
        }
    }
}

/// Lets a metatype tell that it is an `Optional`, and of what.
protocol OptionalProtocol {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalProtocol {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// Lets a metatype tell that it is an `Array`, and of what.
protocol ArrayProtocol {
    static var elementType: Any.Type { get }
}

extension Array: ArrayProtocol {
    static var elementType: Any.Type { Element.self }
}

/// Lets a metatype tell that it is a `Dictionary`, and of what values.
protocol DictionaryProtocol {
    static var valueType: Any.Type { get }
}

extension Dictionary: DictionaryProtocol {
    static var valueType: Any.Type { Value.self }
}
