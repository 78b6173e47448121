import Foundation
import XMLBind

/// Writing typed values: a struct of your own through XMLBind's serializer (the mapping
/// that reads it, ``XMLRPCStructConvertible/xmlrpcMapping``), inside the same writer as the
/// message around it; arrays and optionals of structs element by element; every other
/// value through its ``XMLRPCValue``.
extension XMLRPCWriter {
    /// `<value>…</value>` for a typed value.
    mutating func appendEncodable<Value: XMLRPCEncodable>(_ value: Value) throws(XMLRPCError) {
        if let object = value as? any XMLRPCStructConvertible {
            try appendStruct(object, with: TypedReader.binder(for: type(of: object), code: .encoding))
        } else if let wrapper = value as? any TypedEncodableWrapper {
            try wrapper.append(to: &self)
        } else {
            try appendValue(value.xmlrpcValue())
        }
    }

    /// `<value>…</value>` around a registered object (a struct, or the grammar's `<array>`),
    /// written by XMLBind's serializer with a binder that has the struct's mapping.
    mutating func appendStruct(_ object: Any, with binder: XMLBinder, of type: Any.Type? = nil) throws(XMLRPCError) {
        append("<value>")
        do {
            try binder.writeElement(object, into: writer)
        } catch {
            throw .encoding("cannot write a \(type ?? Swift.type(of: object)): \(error.message)")
        }
        append("</value>")
    }
}

/// Arrays and optionals, which may hold structs of your own.
protocol TypedEncodableWrapper {
    func append(to writer: inout XMLRPCWriter) throws(XMLRPCError)
}

extension Array: TypedEncodableWrapper where Element: XMLRPCEncodable {
    func append(to writer: inout XMLRPCWriter) throws(XMLRPCError) {
        guard let structType = TypedReader.structType(of: Element.self) else {
            try writer.appendValue(xmlrpcValue())
            return
        }
        guard !isEmpty else {
            writer.append("<value><array><data/></array></value>")
            return
        }
        if ObjectIdentifier(Element.self) == ObjectIdentifier(structType) {
            // One serializer run for the whole array (`WrittenArray`): a run per element
            // would plan and set up the serializer 20,000 times.
            func array<Object: XMLRPCStructConvertible>(_: Object.Type) -> Any {
                let array = WrittenArray<Object>()
                array.values = (self as? [Object] ?? []).map { object in
                    let value = WrittenValue<Object>()
                    value.object = object
                    return value
                }
                return array
            }
            let binder = try TypedReader.binder(for: structType, code: .encoding)
            try writer.appendStruct(array(structType), with: binder, of: structType)
            return
        }
        writer.append("<value><array><data>")
        for element in self { try writer.appendEncodable(element) }
        writer.append("</data></array></value>")
    }
}

extension Optional: TypedEncodableWrapper where Wrapped: XMLRPCEncodable {
    func append(to writer: inout XMLRPCWriter) throws(XMLRPCError) {
        guard let self else {
            try writer.appendValue(.nil)
            return
        }
        try writer.appendEncodable(self)
    }
}

/// The ``XMLRPCValue`` of a typed value that holds structs of your own: its `<value>`
/// written by the one writer and read back by the one reader (the value tree's grammar,
/// whose `<value>` can be a document's root).
enum TypedWriting {
    static func value<Value: XMLRPCEncodable>(of value: Value) throws(XMLRPCError) -> XMLRPCValue {
        var writer = XMLRPCWriter(capacity: 1024, declaration: false)
        try writer.appendEncodable(value)
        let element: ValueElement<StructElement>
        do {
            element = try XMLRPCReader.binder.parse(writer.takeData(), as: ValueElement<StructElement>.self)
        } catch {
            throw .encoding("\(Value.self) wrote a value that cannot be read back: \(error)")
        }
        var fold = XMLRPCReader.Fold()
        return fold.value(element)
    }
}

/// `<array><data><value>…` of structs, as one object for the serializer: only what an array
/// of structs writes (the grammar's `<value>` class also declares `ex:i8`, whose namespace
/// the serializer would declare). Registered before the grammar's classes, so that those
/// take a document's root.
final class WrittenArray<Object: Bindable>: Bindable {
    var values: [WrittenValue<Object>] = []
    init() {}

    static func mappings(on binder: XMLBinder) -> XMLBinder {
        binder.registeredAtSetup(
            mapping(WrittenArray<Object>.self, element: "array").children(\.values, xml: "data/value"),
            mapping(WrittenValue<Object>.self, element: "value").child(\.object, xml: "struct"))
    }
}

/// `<value>` holding a struct, for ``WrittenArray``.
final class WrittenValue<Object: Bindable>: Bindable {
    var object: Object?
    init() {}
}
