import Foundation

extension CompactValue {
    /// A value built in Swift, as handlers and tests build nodes.
    init(_ value: XMLRPCValue) {
        let payload: Payload =
            switch value {
            case .int(let number): .int(number)
            case .i8(let number): .i8(number)
            case .boolean(let flag): .boolean(flag)
            case .string(let text): .string(text)
            case .double(let number): .double(number)
            case .dateTime(let date): .dateTime(date)
            case .base64(let data): .base64(data)
            case .struct(let members):
                .members(members.map { CompactMember(name: $0.name, value: CompactValue($0.value)) })
            case .array(let values): .values(values.map(CompactValue.init))
            case .nil: .nil
            }
        self.init(payload: payload)
    }

    /// The value a bound `<value>` holds, with its byte offset, and so on down its members
    /// and elements.
    ///
    /// The binder lets a `<value>` hold one typed element at most (a `.choice`), so the
    /// order of the tests below only serves speed: the types documents use most come first.
    init(element wire: WireValue) {
        let payload: Payload =
            if let text = wire.string {
                .string(text)
            } else if let number = wire.int {
                .int(number)
            } else if let number = wire.double {
                .double(number)
            } else if let flag = wire.boolean {
                .boolean(flag)
            } else if let structValue = wire.structValue {
                .members(
                    structValue.members.map { member in
                        CompactMember(
                            name: member.name ?? "",
                            value: member.value.map(CompactValue.init(element:)) ?? CompactValue(payload: .text("")))
                    })
            } else if let arrayValue = wire.arrayValue {
                .values(arrayValue.data?.values.map(CompactValue.init(element:)) ?? [])
            } else if let number = wire.i4 {
                .i4(number)
            } else if let number = wire.i8 {
                .i8(number)
            } else if let number = wire.extensionI8 {
                .extensionI8(number)
            } else if let date = wire.dateTime {
                .dateTime(date)
            } else if let data = wire.base64 {
                .base64(data)
            } else if wire.nilValue != nil {
                .nil
            } else {
                .text(wire.text ?? "")
            }
        self.init(byteOffset: wire.byteOffset, payload: payload)
    }

    /// The value this `<value>` holds; text without a typed element is a string.
    var xmlrpcValue: XMLRPCValue {
        switch payload {
        case .text(let text), .string(let text): .string(text)
        case .int(let number), .i4(let number): .int(number)
        case .i8(let number), .extensionI8(let number): .i8(number)
        case .boolean(let flag): .boolean(flag)
        case .double(let number): .double(number)
        case .dateTime(let date): .dateTime(date)
        case .base64(let data): .base64(data)
        case .members(let members):
            .struct(XMLRPCStruct(members.map { XMLRPCStruct.Member(name: $0.name, value: $0.value.xmlrpcValue) }))
        case .values(let values): .array(values.map(\.xmlrpcValue))
        case .nil: .nil
        }
    }

    /// The value's type name, for messages.
    var typeName: String {
        switch payload {
        case .text, .string: "string"
        case .int, .i4: "int"
        case .i8, .extensionI8: "i8"
        case .boolean: "boolean"
        case .double: "double"
        case .dateTime: "dateTime.iso8601"
        case .base64: "base64"
        case .members: "struct"
        case .values: "array"
        case .nil: "nil"
        }
    }
}
