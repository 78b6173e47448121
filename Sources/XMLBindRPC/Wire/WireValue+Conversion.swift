import Foundation

extension WireValue {
    /// A `<value>` for `value`, ready to write.
    convenience init(_ value: XMLRPCValue) {
        self.init()
        switch value {
        case .int(let number): int = number
        case .i8(let number): i8 = number
        case .boolean(let flag): boolean = flag
        case .string(let text): string = text
        case .double(let number): double = number
        case .dateTime(let date): dateTime = date
        case .base64(let data): base64 = data
        case .struct(let members):
            let wire = WireStruct()
            wire.members = members.map { member in
                let wireMember = WireMember()
                wireMember.name = member.name
                wireMember.value = WireValue(member.value)
                return wireMember
            }
            structValue = wire
        case .array(let values):
            let wire = WireArray()
            let data = WireData()
            data.values = values.map(WireValue.init)
            wire.data = data
            arrayValue = wire
        case .nil: nilValue = WireNil()
        }
    }

    /// The value this `<value>` holds; text without a typed element is a string.
    var xmlrpcValue: XMLRPCValue {
        if let int { return .int(int) }
        if let i4 { return .int(i4) }
        if let string { return .string(string) }
        if let structValue {
            return .struct(
                XMLRPCStruct(
                    structValue.members.map { member in
                        XMLRPCStruct.Member(name: member.name ?? "", value: member.value?.xmlrpcValue ?? .string(""))
                    }))
        }
        if let arrayValue { return .array(arrayValue.data?.values.map(\.xmlrpcValue) ?? []) }
        if let double { return .double(double) }
        if let boolean { return .boolean(boolean) }
        if let i8 { return .i8(i8) }
        if let extensionI8 { return .i8(extensionI8) }
        if let dateTime { return .dateTime(dateTime) }
        if let base64 { return .base64(base64) }
        if nilValue != nil { return .nil }
        return .string(text ?? "")
    }

    /// The value's type name, for messages.
    var typeName: String {
        if int != nil || i4 != nil { return "int" }
        if string != nil { return "string" }
        if structValue != nil { return "struct" }
        if arrayValue != nil { return "array" }
        if double != nil { return "double" }
        if boolean != nil { return "boolean" }
        if i8 != nil || extensionI8 != nil { return "i8" }
        if dateTime != nil { return "dateTime.iso8601" }
        if base64 != nil { return "base64" }
        if nilValue != nil { return "nil" }
        return "string"
    }

    /// The text of a string value (typed or not), or nil for other types.
    var stringValue: String? {
        if let string { return string }
        return typedElementCount == 0 ? (text ?? "") : nil
    }
}
