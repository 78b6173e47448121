import Foundation
import XMLBindRPC

/// Reads `xmlbind rpc` arguments: each is typed by its form (see ``RPCCommand/usage``).
enum RPCArgument {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func value(_ text: String) throws -> XMLRPCValue {
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "null": return .nil
        default: break
        }
        if let integer = Int64(text) { return Int32(exactly: integer).map { .int($0) } ?? .i8(integer) }
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true, let number = Double(text),
            number.isFinite
        {
            return .double(number)
        }
        if text.hasPrefix("base64:") {
            guard let data = Data(base64Encoded: String(text.dropFirst(7))) else {
                throw Failure(description: "'\(text)' is not valid base64 after 'base64:'")
            }
            return .base64(data)
        }
        if let first = text.first, first == "[" || first == "{" || first == "\"" {
            let json: Any
            do {
                json = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            } catch {
                throw Failure(description: "'\(text)' looks like JSON but is not valid JSON")
            }
            return try jsonValue(json)
        }
        if let date = isoDate(text) { return .dateTime(date) }
        return .string(text)
    }

    private static func isoDate(_ text: String) -> Date? {
        guard text.count >= 17, text.first?.isNumber == true, text.contains("T") else { return nil }
        // The same forms a response's dateTime.iso8601 may take.
        let document =
            "<methodResponse><params><param><value><dateTime.iso8601>\(text)</dateTime.iso8601></value></param></params></methodResponse>"
        return try? XMLRPCCodec.decodeResponse(Data(document.utf8))[0].date
    }

    private static func jsonValue(_ json: Any) throws -> XMLRPCValue {
        switch json {
        case let text as String: return .string(text)
        case let number as NSNumber:
            // JSONSerialization gives booleans, integers and doubles all as NSNumber; its
            // type code tells them apart ("c" for a boolean, "d" for a double).
            switch String(cString: number.objCType) {
            case "c": return .boolean(number.boolValue)
            case "d", "f": return .double(number.doubleValue)
            default:
                let integer = number.int64Value
                return Int32(exactly: integer).map { .int($0) } ?? .i8(integer)
            }
        case let array as [Any]: return .array(try array.map(jsonValue))
        case let object as [String: Any]:
            return .struct(
                XMLRPCStruct(
                    try object.keys.sorted().map {
                        XMLRPCStruct.Member(name: $0, value: try jsonValue(object[$0] as Any))
                    }))
        case is NSNull: return .nil
        default: throw Failure(description: "cannot send the JSON value \(json)")
        }
    }
}
