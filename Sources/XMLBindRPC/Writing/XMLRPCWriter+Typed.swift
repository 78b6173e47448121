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
            try appendStruct(object)
        } else if let wrapper = value as? any TypedEncodableWrapper {
            try wrapper.append(to: &self)
        } else {
            try appendValue(value.xmlrpcValue())
        }
    }

    /// `<value><struct>…</struct></value>`, the struct written by its mapping.
    mutating func appendStruct<Object: XMLRPCStructConvertible>(_ object: Object) throws(XMLRPCError) {
        try appendStruct(object, with: TypedReader.binder(for: Object.self, code: .encoding))
    }

    /// `<value><struct>…</struct></value>` with a binder that has the struct's mapping.
    mutating func appendStruct(_ object: Any, with binder: XMLBinder) throws(XMLRPCError) {
        append("<value>")
        do {
            try binder.writeElement(object, into: xmlWriter)
        } catch {
            throw .encoding("cannot write a \(type(of: object)): \(error.message)")
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
        writer.append("<value><array><data>")
        if ObjectIdentifier(Element.self) == ObjectIdentifier(structType) {
            // The binder looked up once for all the elements.
            let binder = try TypedReader.binder(for: structType, code: .encoding)
            for element in self { try writer.appendStruct(element, with: binder) }
        } else {
            for element in self { try writer.appendEncodable(element) }
        }
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

/// The ``XMLRPCValue`` of a typed value that holds structs of your own: written as a
/// message by the one writer and read back by the one reader.
enum TypedWriting {
    static func value<Value: XMLRPCEncodable>(of value: Value) throws(XMLRPCError) -> XMLRPCValue {
        var writer = XMLRPCWriter(capacity: 1024, declaration: false)
        writer.append("<methodResponse><params><param>")
        try writer.appendEncodable(value)
        writer.append("</param></params></methodResponse>")
        let message = try XMLRPCReader.read(writer.takeData(), file: "value", root: .methodResponse)
        guard let first = message.values.first else { throw .encoding("\(Value.self) wrote no value") }
        return first
    }
}
