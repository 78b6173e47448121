import Foundation
import XMLBind

/// The XML-RPC wire format as XMLBind mappings: the binder that reads every message.
enum XMLRPCWire {
    /// The Apache XML-RPC extensions namespace, where `ex:i8` and `ex:nil` live.
    static let extensionsNamespace = "http://ws.apache.org/xmlrpc/namespaces/extensions"

    /// `<boolean>`: `1` or `0` (also `true` and `false`, which some servers send), read from
    /// the bytes.
    static let boolean = Conversion<Bool>(
        parsingBytes: { bytes in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
            let text = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            if text.elementsEqual("1".utf8) || text.elementsEqual("true".utf8) { return true }
            if text.elementsEqual("0".utf8) || text.elementsEqual("false".utf8) { return false }
            throw ConversionError("an XML-RPC boolean is 1 or 0")
        },
        format: { $0 ? "1" : "0" })

    /// `<dateTime.iso8601>`, read from the bytes.
    static let dateTime = Conversion<Date>(
        parsingBytes: { bytes in
            guard let date = XMLRPCDateTime.parse(bytes) else {
                throw ConversionError("not a date and time such as 20240501T12:30:00")
            }
            return date
        },
        format: XMLRPCDateTime.format)

    /// The binder that reads methodCall and methodResponse documents.
    static let binder: XMLBinder = {
        // Booleans are read with XMLBind's own Bool (`1`, `0`, `true`, `false`, matched as bytes).
        let value = mapping(WireValue.self, element: "value")
            .text(\.text)
            .element(\.int, xml: "int")
            .element(\.i4, xml: "i4")
            .element(\.i8, xml: "i8")
            .element(\.extensionI8, xml: "{\(extensionsNamespace)}i8")
            .element(\.boolean, xml: "boolean")
            .element(\.string, xml: "string")
            .element(\.double, xml: "double")
            .element(\.dateTime, xml: "dateTime.iso8601", conversion: dateTime)
            .element(\.base64, xml: "base64")
            .child(\.structValue)
            .child(\.arrayValue)
            .child(\.nilValue)
            // Checked from the engine's bit set as each typed element is bound.
            .choice(
                \.int, \.i4, \.i8, \.extensionI8, \.boolean, \.string, \.double, \.dateTime, \.base64,
                \.structValue, \.arrayValue, \.nilValue,
                message: "a <value> holds one typed element, and this one holds several")
        // No `.validate` on the elements every value repeats (value, member, param): a check
        // costs the engine a `ValidationContext` per element, about a sixth of a parse. The
        // required children are declared (`.required()`) and the one typed element per
        // <value> is a `.choice`, both checked from the engine's bit set.
        return XMLBinder().registeredAtSetup(
            mapping(WireMethodCall.self, element: "methodCall")
                .element(\.methodName).required()
                .child(\.params),
            mapping(WireMethodResponse.self, element: "methodResponse")
                .child(\.params)
                .child(\.fault)
                .validate { response, context in
                    if response.params == nil && response.fault == nil {
                        context.error("a <methodResponse> holds <params> or <fault>, and this one holds neither")
                    } else if response.params != nil && response.fault != nil {
                        context.error("a <methodResponse> holds <params> or <fault>, not both")
                    }
                },
            mapping(WireParams.self, element: "params").children(\.params),
            mapping(WireParam.self, element: "param").child(\.value, xml: "value").required(),
            mapping(WireFault.self, element: "fault").child(\.value, xml: "value").required(),
            value,
            mapping(WireStruct.self, element: "struct").children(\.members),
            mapping(WireMember.self, element: "member")
                .element(\.name).required()
                .child(\.value, xml: "value").required(),
            mapping(WireArray.self, element: "array").child(\.data),
            mapping(WireData.self, element: "data").children(\.values),
            mapping(WireNil.self, element: "nil")
        )
        .registeredAtSetup(mapping(WireNil.self, element: "{\(extensionsNamespace)}nil"))
    }()

    /// The element a wire object stands for, for messages (`<methodResponse>`).
    static func elementName(of object: Any) -> String {
        switch object {
        case is WireMethodCall: "<methodCall>"
        case is WireMethodResponse: "<methodResponse>"
        case is WireValue: "<value>"
        case is WireStruct: "<struct>"
        case is WireArray: "<array>"
        default: "an XML-RPC fragment"
        }
    }
}
