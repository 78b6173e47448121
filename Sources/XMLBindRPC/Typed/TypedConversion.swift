import Foundation

/// Turns the bound `<value>`s of a typed reading into the requested type: the struct
/// itself, arrays and optionals of it. A value of another XML-RPC type is an error at its
/// `<value>` in `document` (unlocated without one), named by its path.
struct TypedConversion {
    let document: XMLRPCDocument?

    func convert<T, Object>(_ value: ValueElement<Object>?, as type: T.Type, path: String) throws(XMLRPCError) -> T {
        guard let result = try convert(value, to: T.self, path: path) as? T else {
            throw XMLRPCError(code: .unexpectedResponse, message: "\(path) cannot be read as \(T.self)")
        }
        return result
    }

    func convert<Object>(_ value: ValueElement<Object>?, to type: Any.Type, path: String) throws(XMLRPCError) -> Any {
        if let wrapper = type as? any TypedWrapper.Type { return try wrapper.typed(from: value, path: path, by: self) }
        guard let value, let object = value.object else {
            throw mismatch(value, expected: "struct (\(type))", path: path)
        }
        return object
    }

    /// The error for a value of another type than `expected` (or none).
    func mismatch<Object>(_ value: ValueElement<Object>?, expected: String, path: String) -> XMLRPCError {
        let message = XMLRPCNode.mismatch(at: path, typeName: value?.typeName, expected: expected)
        return document?.error(message, atByteOffset: value?.byteOffset)
            ?? XMLRPCError(code: .unexpectedResponse, message: message)
    }
}

/// The types a typed reading goes through on its way to a struct type: arrays and
/// optionals.
protocol TypedWrapper {
    /// The element or wrapped type.
    static var wrappedType: Any.Type { get }
    /// The value as this type (`Self`, boxed).
    static func typed<Object>(from value: ValueElement<Object>?, path: String, by conversion: TypedConversion)
        throws(XMLRPCError) -> Any
}

extension Array: TypedWrapper where Element: XMLRPCDecodable {
    static var wrappedType: Any.Type { Element.self }

    static func typed<Object>(from value: ValueElement<Object>?, path: String, by conversion: TypedConversion)
        throws(XMLRPCError) -> Any
    {
        guard let value, let array = value.array else {
            throw conversion.mismatch(value, expected: "array", path: path)
        }
        let items = array.data?.values ?? []
        var result: [Element] = []
        result.reserveCapacity(items.count)
        // A struct of your own is taken straight from its `<value>`: no conformance lookup
        // and no path made per element (about 1,200 instructions a record), only for an error.
        // By index: `enumerated()`'s iterator is unspecialized generic code here (1,500 instructions).
        let isWrapper = Element.self is any TypedWrapper.Type
        for index in items.indices {
            if !isWrapper, let object = items[index].object as? Element {
                result.append(object)
                continue
            }
            let element = try conversion.convert(items[index], to: Element.self, path: path + "[\(index)]")
            // `convert` gives a value of the type it is asked for.
            guard let element = element as? Element else { continue }
            result.append(element)
        }
        return result
    }
}

extension Optional: TypedWrapper where Wrapped: XMLRPCDecodable {
    static var wrappedType: Any.Type { Wrapped.self }

    /// `nil` for `<nil/>` or no value.
    static func typed<Object>(from value: ValueElement<Object>?, path: String, by conversion: TypedConversion)
        throws(XMLRPCError) -> Any
    {
        guard let value, value.typeName != "nil" else { return Wrapped?.none as Any }
        return try conversion.convert(value, to: Wrapped.self, path: path) as? Wrapped as Any
    }
}

extension ValueElement {
    /// The XML-RPC type of the value (`struct`, `array`, `int`, …), for messages.
    var typeName: String {
        if object != nil { return "struct" }
        if array != nil { return "array" }
        if int != nil || i4 != nil { return "int" }
        if i8 != nil || extensionI8 != nil { return "i8" }
        if boolean != nil { return "boolean" }
        if double != nil { return "double" }
        if dateTime != nil { return "dateTime.iso8601" }
        if base64 != nil { return "base64" }
        if nilValue != nil { return "nil" }
        return "string"
    }
}
