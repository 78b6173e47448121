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
}
