import Foundation
import XMLBindTestSupport

@testable import XMLBindRPC

/// Random XML-RPC values, and documents for them written by hand in the forms servers use.
enum RandomValues {
    static let extensions = "xmlns:ex=\"http://ws.apache.org/xmlrpc/namespaces/extensions\""

    static func value(depth: Int, using generator: inout SeededGenerator) -> XMLRPCValue {
        let kinds = depth >= 4 ? 8 : 10
        switch Int.random(in: 0..<kinds, using: &generator) {
        case 0: return .int(Int32.random(in: .min ... .max, using: &generator))
        case 1: return .i8(Int64.random(in: .min ... .max, using: &generator))
        case 2: return .boolean(Bool.random(using: &generator))
        case 3: return .string(text(using: &generator))
        case 4:
            let mantissa = Double.random(in: -1000...1000, using: &generator)
            return .double(mantissa * pow(10, Double(Int.random(in: -300...300, using: &generator))))
        case 5:
            return .dateTime(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))))
        case 6:
            return .base64(
                Data(
                    (0..<Int.random(in: 0...90, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }))
        case 7: return .nil
        case 8:
            let names = ["id", "name", "a b", "x", "x", "Grüße", "&<>", ""]
            return .struct(
                XMLRPCStruct(
                    (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                        XMLRPCStruct.Member(
                            name: names.randomElement(using: &generator) ?? "x",
                            value: value(depth: depth + 1, using: &generator))
                    }))
        default:
            return .array(
                (0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1, using: &generator) })
        }
    }

    static func text(using generator: inout SeededGenerator) -> String {
        let pieces = [
            "a", "b", " ", "  ", "\n", "\r", "\r\n", "\t", "&", "<", ">", "\"", "'", "é", "日本", "😀", "]]>", "x1",
        ]
        return (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
            .joined()
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whitespace the reference ignores (between elements).
    static func space(using generator: inout SeededGenerator) -> String {
        ["", "", " ", "\n", "\r\n  ", "\t"].randomElement(using: &generator) ?? ""
    }

    /// A `<value>` for `value`, in one of the forms XML-RPC peers write.
    static func handWritten(_ value: XMLRPCValue, using generator: inout SeededGenerator) -> String {
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator) ?? choices[0] }
        let s = { (generator: inout SeededGenerator) in space(using: &generator) }
        let inner: String
        switch value {
        case .int(let number):
            inner = s(&generator) + pick(["<int>\(number)</int>", "<i4>\(number)</i4>"]) + s(&generator)
        case .i8(let number):
            inner = s(&generator) + pick(["<i8>\(number)</i8>", "<ex:i8 \(extensions)>\(number)</ex:i8>"])
        case .boolean(let flag):
            inner = flag ? pick(["<boolean>1</boolean>", "<boolean>true</boolean>"]) : "<boolean>0</boolean>"
        case .string(let text):
            if text.isEmpty {
                inner = pick(["", "<string/>", "<string></string>"])
                if inner.isEmpty { return pick(["<value/>", "<value></value>"]) }
            } else {
                inner = pick(["<string>\(escaped(text))</string>", escaped(text)])
            }
        case .double(let number):
            inner = "<double>" + pick(["\(number)", String(format: "%.17e", number)]) + "</double>"
        case .dateTime(let date):
            let compact = XMLRPCDateTime.format(date)
            let dashed = compact.prefix(4) + "-" + compact.dropFirst(4).prefix(2) + "-" + compact.dropFirst(6)
            inner =
                "<dateTime.iso8601>" + pick([compact, String(dashed), String(dashed) + "Z"]) + "</dateTime.iso8601>"
        case .base64(let data):
            let encoded = data.base64EncodedString(options: pick(["a", "b"]) == "a" ? [] : [.lineLength64Characters])
            inner = "<base64>\(encoded)</base64>"
        case .nil:
            inner = pick(["<nil/>", "<ex:nil \(extensions)/>"])
        case .struct(let members):
            var body = "<struct>" + s(&generator)
            for member in members {
                let name = "<name>\(escaped(member.name))</name>"
                let written = handWritten(member.value, using: &generator)
                body += "<member>" + s(&generator)
                body += Bool.random(using: &generator) ? name + s(&generator) + written : written + s(&generator) + name
                body += s(&generator) + "</member>" + s(&generator)
            }
            inner = s(&generator) + (members.isEmpty ? pick([body + "</struct>", "<struct/>"]) : body + "</struct>")
        case .array(let values):
            let elements = values.map { handWritten($0, using: &generator) + s(&generator) }.joined()
            inner =
                values.isEmpty
                ? pick(["<array/>", "<array><data/></array>", "<array>\n<data>\n</data>\n</array>"])
                : "<array>" + s(&generator) + "<data>" + s(&generator) + elements + "</data>" + s(&generator)
                    + "</array>"
        }
        return "<value>\(inner)</value>"
    }
}
