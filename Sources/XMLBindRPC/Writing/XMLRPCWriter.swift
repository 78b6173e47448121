import Foundation
import XMLBind

/// The one writer of XML-RPC documents (calls, responses, faults; typed values through
/// their ``XMLRPCValue``): a walk over an ``XMLRPCValue`` into XMLBind's `XMLWriter`, with
/// the XML declaration, the core's escaping and formats, and refusal of characters XML 1.0
/// cannot hold. Not the serializer, which reads every declaration of every object through
/// key paths and would need the value built as objects first (eight times Python's `dumps`).
struct XMLRPCWriter {
    /// The core writer underneath, which XMLBind's serializer writes into for a struct of
    /// your own (a copy writes into the same storage).
    private(set) var writer: XMLWriter
    /// The last member name written at each position of a struct (the first
    /// ``namesKept``), with its markup `<member><name>name`, escaped and checked: the
    /// structs of an array usually repeat their names in order, and appending the markup
    /// once costs about a third of writing the start tag and escaping the name.
    private var memberNames: [(name: String, markup: String)] = []

    init(capacity: Int = 4096, declaration: Bool = true) {
        writer = XMLWriter(reservingCapacity: capacity)
        if declaration { writer.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>") }
    }

    /// The document so far (``XMLWriter/takeData()``); the writer is empty afterwards.
    mutating func takeData() -> Data { writer.takeData() }

    mutating func append(_ text: StaticString) {
        writer.raw(text)
    }

    /// Text content, escaped by XMLBind's writer.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) for a character XML 1.0 cannot hold.
    mutating func appendEscaped(_ text: String, place: @autoclosure () -> String) throws(XMLRPCError) {
        do {
            try writer.text(text)
        } catch {
            throw .encoding("cannot write \(place()): the character \(error.codePoint) is not allowed in XML 1.0")
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

    /// `<value>…</value>`. The markup around a scalar is written in one piece each side
    /// (`<value><int>`, `</int></value>`): each append costs about a hundred instructions
    /// however short. `inMember` also writes the `</name>` before it and the `</member>` after
    /// it, joined to the value's own markup, so a member's scalar takes five appends, not seven.
    mutating func appendValue(_ value: XMLRPCValue, inMember: Bool = false) throws(XMLRPCError) {
        switch value {
        case .int(let number):
            append(inMember ? "</name><value><int>" : "<value><int>")
            writer.decimal(Int64(number))
            append(inMember ? "</int></value></member>" : "</int></value>")
        case .i8(let number):
            append(inMember ? "</name><value><i8>" : "<value><i8>")
            writer.decimal(number)
            append(inMember ? "</i8></value></member>" : "</i8></value>")
        case .boolean(true):
            append(
                inMember
                    ? "</name><value><boolean>1</boolean></value></member>" : "<value><boolean>1</boolean></value>")
        case .boolean(false):
            append(
                inMember
                    ? "</name><value><boolean>0</boolean></value></member>" : "<value><boolean>0</boolean></value>")
        case .string(let text):
            if text.isEmpty {
                append(inMember ? "</name><value><string/></value></member>" : "<value><string/></value>")
            } else {
                append(inMember ? "</name><value><string>" : "<value><string>")
                try appendEscaped(text, place: "a string")
                append(inMember ? "</string></value></member>" : "</string></value>")
            }
        case .double(let number):
            append(inMember ? "</name><value><double>" : "<value><double>")
            writer.raw(Self.doubleFormat.format(number))
            append(inMember ? "</double></value></member>" : "</double></value>")
        case .nil:
            append(inMember ? "</name><value><nil/></value></member>" : "<value><nil/></value>")
        case .dateTime(let date):
            append(inMember ? "</name><value><dateTime.iso8601>" : "<value><dateTime.iso8601>")
            writer.raw(XMLRPCDateTime.format(date))
            append(inMember ? "</dateTime.iso8601></value></member>" : "</dateTime.iso8601></value>")
        case .base64(let data) where data.isEmpty:
            append(inMember ? "</name><value><base64/></value></member>" : "<value><base64/></value>")
        case .base64(let data):
            append(inMember ? "</name><value><base64>" : "<value><base64>")
            writer.raw(data.base64EncodedString())
            append(inMember ? "</base64></value></member>" : "</base64></value>")
        case .struct(let members):
            if inMember { append("</name>") }
            try appendStruct(members)
            if inMember { append("</member>") }
        case .array(let values):
            if inMember { append("</name>") }
            if values.isEmpty {
                append("<value><array><data/></array></value>")
            } else {
                append("<value><array><data>")
                for element in values { try appendValue(element) }
                append("</data></array></value>")
            }
            if inMember { append("</member>") }
        }
    }

    /// `<member><name>name</name>` and the value's `<value>`, then `</member>`; `position` is
    /// the member's place in its struct, where ``memberNames`` keeps the last name written.
    private mutating func appendMember(_ name: String, _ value: XMLRPCValue, position: Int) throws(XMLRPCError) {
        if name.isEmpty {
            append("<member><name/>")
            try appendValue(value)
            append("</member>")
            return
        }
        if position < memberNames.count, memberNames[position].name == name {
            writer.raw(memberNames[position].markup)
        } else {
            let mark = writer.count
            append("<member><name>")
            try appendEscaped(name, place: "a member's name")
            if position < Self.namesKept {
                let markup = writer.text(since: mark)
                if position < memberNames.count {
                    memberNames[position] = (name, markup)
                } else if position == memberNames.count {
                    memberNames.append((name, markup))
                }
            }
        }
        try appendValue(value, inMember: true)
    }

    private mutating func appendStruct(_ members: XMLRPCStruct) throws(XMLRPCError) {
        guard !members.isEmpty else {
            append("<value><struct/></value>")
            return
        }
        append("<value><struct>")
        for (position, member) in members.enumerated() {
            try appendMember(member.name, member.value, position: position)
        }
        append("</struct></value>")
    }

    /// How many member positions ``memberNames`` covers.
    private static let namesKept = 32

    /// XMLBind's own `Double` format (shortest text that reads back the same).
    private static let doubleFormat = Double.xmlConversion
}
