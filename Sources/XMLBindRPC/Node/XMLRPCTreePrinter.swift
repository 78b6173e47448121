import Foundation

/// Prints a value as an indented tree: scalars on one line with their type, arrays and
/// structs with their size and one line per element or member.
enum XMLRPCTreePrinter {
    static func tree(_ value: XMLRPCValue) -> String {
        var lines: [String] = []
        append(value, label: "", indent: "", to: &lines)
        return lines.joined(separator: "\n")
    }

    private static func append(_ value: XMLRPCValue, label: String, indent: String, to lines: inout [String]) {
        switch value {
        case .array(let values):
            lines.append(indent + label + "array (\(values.count))")
            for (index, element) in values.enumerated() {
                append(element, label: "[\(index)] ", indent: indent + "  ", to: &lines)
            }
        case .struct(let members):
            lines.append(indent + label + "struct (\(members.count))")
            for member in members {
                append(member.value, label: quotedName(member.name) + ": ", indent: indent + "  ", to: &lines)
            }
        default:
            lines.append(indent + label + scalar(value))
        }
    }

    /// A scalar with its type: `int 42`, `string "hi"`, `base64 (3 bytes) AAEC`.
    static func scalar(_ value: XMLRPCValue) -> String {
        switch value {
        case .int(let number): "int \(number)"
        case .i8(let number): "i8 \(number)"
        case .boolean(let flag): "boolean \(flag)"
        case .string(let text): "string \(quoted(text))"
        case .double(let number): "double \(number)"
        case .dateTime(let date): "dateTime.iso8601 \(XMLRPCDateTime.format(date))"
        case .base64(let data): "base64 (\(data.count) bytes) \(data.base64EncodedString())"
        case .nil: "nil"
        case .array, .struct: value.typeName
        }
    }

    private static func quotedName(_ name: String) -> String {
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." } && !name.isEmpty
            ? name : quoted(name)
    }

    /// `text` in double quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
