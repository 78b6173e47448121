import Foundation
import XMLBind

/// Writes XML-RPC documents straight to bytes, in exactly the form XMLBind's serializer
/// writes the wire mappings of ``XMLRPCWire`` (compact, with the XML declaration, the same
/// escaping and value formats); a test holds the two to the same bytes.
///
/// It exists for speed: XMLBind's serializer reads every declaration of every object
/// through key paths, which for a `<value>` (twelve optional declarations, one of them set)
/// costs about eight times what Python's `xmlrpc.client.dumps` spends on the same document.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendPlain(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Text content, escaped as XMLBind's writer escapes it.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) for a character XML 1.0 cannot hold.
    mutating func appendEscaped(_ text: String, place: @autoclosure () -> String) throws(XMLRPCError) {
        var text = text
        let failure: UInt32? = text.withUTF8 { utf8 -> UInt32? in
            var start = 0
            var index = 0
            let count = utf8.count
            while index < count {
                let byte = utf8[index]
                let replacement: StaticString?
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case 0x0D: replacement = "&#13;"
                case 0x09, 0x0A: replacement = nil
                case 0..<0x20: return UInt32(byte)
                case 0xEF
                where index + 2 < count && utf8[index + 1] == 0xBF
                    && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    return utf8[index + 2] == 0xBE ? 0xFFFE : 0xFFFF
                default: replacement = nil
                }
                if let replacement {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                    start = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<count]))
            return nil
        }
        if let failure {
            let code = String(failure, radix: 16, uppercase: true)
            throw .encoding(
                "cannot write \(place()): the character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
                    + "is not allowed in XML 1.0")
        }
    }

    mutating func appendParams(_ values: [XMLRPCValue]) throws(XMLRPCError) {
        append("<params>")
        for value in values {
            append("<param>")
            try appendValue(value)
            append("</param>")
        }
        append("</params>")
    }

    mutating func appendValue(_ value: XMLRPCValue) throws(XMLRPCError) {
        append("<value>")
        switch value {
        case .int(let number):
            append("<int>")
            appendPlain(String(number))
            append("</int>")
        case .i8(let number):
            append("<i8>")
            appendPlain(String(number))
            append("</i8>")
        case .boolean(let flag):
            append(flag ? "<boolean>1</boolean>" : "<boolean>0</boolean>")
        case .string(let text):
            if text.isEmpty {
                append("<string/>")
            } else {
                append("<string>")
                try appendEscaped(text, place: "a string")
                append("</string>")
            }
        case .double(let number):
            append("<double>")
            appendPlain(Self.doubleFormat.format(number))
            append("</double>")
        case .dateTime(let date):
            append("<dateTime.iso8601>")
            appendPlain(XMLRPCDateTime.format(date))
            append("</dateTime.iso8601>")
        case .base64(let data):
            if data.isEmpty {
                append("<base64/>")
            } else {
                append("<base64>")
                appendPlain(data.base64EncodedString())
                append("</base64>")
            }
        case .struct(let members):
            if members.isEmpty {
                append("<struct/>")
            } else {
                append("<struct>")
                for member in members {
                    append("<member>")
                    if member.name.isEmpty {
                        append("<name/>")
                    } else {
                        append("<name>")
                        try appendEscaped(member.name, place: "a member's name")
                        append("</name>")
                    }
                    try appendValue(member.value)
                    append("</member>")
                }
                append("</struct>")
            }
        case .array(let values):
            if values.isEmpty {
                append("<array><data/></array>")
            } else {
                append("<array><data>")
                for element in values { try appendValue(element) }
                append("</data></array>")
            }
        case .nil:
            append("<nil/>")
        }
        append("</value>")
    }

    /// XMLBind's own `Double` format (shortest text that reads back the same).
    private static let doubleFormat = Double.xmlConversion
}
