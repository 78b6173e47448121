/// A value written element by element, without an ``XMLRPCValue`` of the whole of it first.
protocol WireStreamable {
    func append(to writer: inout WireWriter) throws(XMLRPCError)
}

extension Array: WireStreamable where Element: XMLRPCEncodable {
    /// `<array>`, each element written as it comes.
    func append(to writer: inout WireWriter) throws(XMLRPCError) {
        guard !isEmpty else {
            writer.append("<value><array><data/></array></value>")
            return
        }
        writer.append("<value><array><data>")
        // One cast for the array rather than one per element.
        let structType = Element.self as? any XMLRPCStructConvertible.Type
        if try structType?.appendStructs(self, to: &writer) != true {
            for element in self { try writer.appendEncodable(element) }
        }
        writer.append("</data></array></value>")
    }
}

extension WireWriter {
    /// Writes a typed value: structs of ``XMLRPCStructConvertible`` types through their
    /// mapping and arrays element by element, straight into the document; anything else
    /// through its ``XMLRPCEncodable/xmlrpcValue()``. The bytes are those of
    /// `appendValue(value.xmlrpcValue())`; what is saved is building and freeing that value
    /// (for an array of structs, about as much work as writing it).
    mutating func appendEncodable(_ value: some XMLRPCEncodable) throws(XMLRPCError) {
        switch value {
        case let structValue as any XMLRPCStructConvertible: try appendStruct(of: structValue)
        case let streamable as any WireStreamable: try streamable.append(to: &self)
        default: try appendValue(value.xmlrpcValue())
        }
    }

    private mutating func appendStruct<S: XMLRPCStructConvertible>(of value: S) throws(XMLRPCError) {
        try S.xmlrpcMembers.write(value, to: &self)
    }
}

extension XMLRPCStructConvertible {
    /// Writes `elements` when it is an array of this type, each element through the mapping
    /// read once; whether it was. (The runtime casts an array to its own type without
    /// touching the elements.)
    static func appendStructs(_ elements: Any, to writer: inout WireWriter) throws(XMLRPCError) -> Bool {
        guard let elements = elements as? [Self] else { return false }
        let mapping = xmlrpcMembers
        for element in elements { try mapping.write(element, to: &writer) }
        return true
    }
}

/// A value whose document size can be told ahead, so that its buffer is reserved once:
/// growing it as it fills copies the document several times over, about a tenth of writing
/// an array of structs.
protocol WireSizeEstimating {
    /// About the bytes the value takes, written.
    var estimatedWireSize: Int { get }
}

extension Array: WireSizeEstimating where Element: XMLRPCEncodable {
    var estimatedWireSize: Int {
        // About 80 bytes a struct member (markup, a name, a short value), 48 a scalar.
        let members = (Element.self as? any XMLRPCStructConvertible.Type)?.estimatedMemberCount
        let perElement = members.map { 40 + 80 * Swift.min($0, 1 << 20) } ?? 48
        let (total, overflow) = count.multipliedReportingOverflow(by: perElement)
        return overflow ? .max : total
    }
}

extension XMLRPCStructConvertible {
    /// The number of members the mapping declares.
    static var estimatedMemberCount: Int { xmlrpcMembers.members.count }
}

extension WireWriter {
    /// The buffer to reserve for a document holding `value`: its estimate when it has one
    /// (at most 256 MB up front), 64 KB otherwise.
    static func capacity(for value: some XMLRPCEncodable) -> Int {
        guard let sized = value as? any WireSizeEstimating else { return 1 << 16 }
        return min(max(sized.estimatedWireSize, 1 << 12), 1 << 28) + 256
    }
}
