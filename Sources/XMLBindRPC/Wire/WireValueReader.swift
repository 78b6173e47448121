import Foundation
import XMLBind

/// Builds the compact tree of one top-level `<value>` (nested structs and arrays included)
/// from the binder's reader events: what ``XMLRPCWire/fastBinder`` reads values with.
///
/// Per event it does as little as it can: at a start tag, a switch on the open element's kind
/// and the name's length and first byte, then one comparison of bytes; a push or pop of a
/// stack of plain frames; at a typed element's end, its ``CompactValue``, made once with its
/// payload; at `</struct>` and `</data>` one exact-size array taken off a stack that every
/// struct and array of the value shares. All state is in `ReaderStack`s held in `let`
/// properties: the reader has no `var` stored property, whose every access would be checked
/// for exclusivity at run time. Numbers, booleans, dates and base64 are converted from the bytes with the
/// conversions the reference mapping (``XMLRPCWire/binder``) declares.
///
/// It only has to succeed on what the reference accepts. Anything it is not sure the
/// reference reads the same way (an attribute, an element of another namespace, text where
/// the reference keeps none, a second typed element, a conversion that fails) refuses the
/// document with ``Refusal``: the codec then reads the same bytes with the reference binder,
/// whose diagnostics are the ones a user sees.
final class WireValueReader: ElementReader {
    typealias Value = CompactValue

    /// Thrown when the fast reading stops; the message only helps debugging, since the
    /// reference reading's error is the one a caller sees.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// What an open element is.
    enum Kind: UInt8 {
        case value
        case int, i4, i8, extensionI8, boolean, string, double, dateTime, base64
        case structure, member, name, array, data, nilValue
    }

    /// An open element: plain values only, so that pushing, popping and reading frames
    /// retains nothing. A frame never changes once pushed: what a parent has seen of its
    /// children (a `<value>`'s typed element, a `<member>`'s `<name>` and `<value>`, an
    /// `<array>`'s `<data>`) is told by how far the shared stacks have grown since it opened,
    /// since each of those children leaves exactly one entry when it ends.
    struct Frame {
        var kind: Kind
        /// Where the element's entries start: ``values`` for a `<value>`, `<member>`, `<array>`
        /// and `<data>` (the value its typed element made, the member's value, the array's
        /// one value made by its `<data>`, the data's elements), ``members`` for a `<struct>`.
        var first = 0
        /// A `<member>`'s start in ``names``.
        var firstName = 0
        /// The start tag of the `<value>` this frame is (or whose content it is): the offset
        /// the value made at its end keeps.
        var byteOffset = -1
    }

    /// The open elements, the outermost first.
    private let frames = ReaderStack<Frame>(capacity: 32)
    /// Members of the open structs, innermost last.
    private let members = ReaderStack<CompactMember>(capacity: 64)
    /// Values made and not yet placed: the elements of the open arrays, a `<member>`'s value
    /// until its `</member>`, and the top-level value until ``finish()``.
    private let values = ReaderStack<CompactValue>(capacity: 64)
    /// Names of the open members that have one, innermost last.
    private let names = ReaderStack<String>(capacity: 16)

    /// The conversions the reference mapping declares, made once (each `xmlConversion` makes
    /// a new one).
    private static let int32 = Int32.xmlConversion
    private static let int64 = Int64.xmlConversion
    private static let double = Double.xmlConversion
    private static let boolean = Bool.xmlConversion
    private static let base64 = Data.xmlConversion

    func start(_ element: ReaderElement) throws {
        guard !element.hasAttributes else { throw Refusal(description: "an attribute") }
        guard element.depth > 0, let open = frames.top else {
            // One reader reads every top-level <value> of a parse; a refused one leaves its state.
            frames.removeAll()
            members.removeAll()
            values.removeAll()
            names.removeAll()
            guard element.depth == 0 else { throw Refusal(description: "an element outside the value") }
            frames.push(Frame(kind: .value, first: 0, byteOffset: element.byteOffset))
            return
        }
        frames.push(try child(of: open, element))
    }

    /// The frame of `element`, a start tag inside `open`.
    @inline(__always)
    private func child(of open: Frame, _ element: ReaderElement) throws -> Frame {
        let name = element.name
        let inNoNamespace = !element.hasNamespace
        switch open.kind {
        case .value:
            guard values.count == open.first else { throw Refusal(description: "a second typed element") }
            guard inNoNamespace else { return try Self.extensionFrame(element, in: open) }
            guard let kind = Self.typedKind(name) else { throw Refusal(description: "an unknown element in <value>") }
            return Frame(
                kind: kind, first: kind == .structure ? members.count : values.count, byteOffset: open.byteOffset)
        case .structure:
            guard name.count == 6, name == ("member" as StaticString), inNoNamespace else {
                throw Refusal(description: "not a <member> in <struct>")
            }
            return Frame(kind: .member, first: values.count, firstName: names.count)
        case .member:
            guard inNoNamespace else { throw Refusal(description: "an element in a namespace") }
            if name.count == 5, name == ("value" as StaticString) {
                guard values.count == open.first else { throw Refusal(description: "a second <value>") }
                return Frame(kind: .value, first: values.count, byteOffset: element.byteOffset)
            }
            guard name.count == 4, name == ("name" as StaticString) else {
                throw Refusal(description: "an unknown element in <member>")
            }
            guard names.count == open.firstName else { throw Refusal(description: "a second <name>") }
            return Frame(kind: .name)
        case .array:
            guard name.count == 4, name == ("data" as StaticString), inNoNamespace, values.count == open.first else {
                throw Refusal(description: "not one <data> in <array>")
            }
            return Frame(kind: .data, first: values.count, byteOffset: open.byteOffset)
        case .data:
            guard name.count == 5, name == ("value" as StaticString), inNoNamespace else {
                throw Refusal(description: "not a <value> in <data>")
            }
            return Frame(kind: .value, first: values.count, byteOffset: element.byteOffset)
        default:
            throw Refusal(description: "an element inside a scalar")
        }
    }

    /// `<ex:i8>` or `<ex:nil>` in a `<value>`.
    @inline(never)
    private static func extensionFrame(_ element: ReaderElement, in open: Frame) throws -> Frame {
        guard element.isInNamespace(XMLRPCWire.extensionsNamespace) else {
            throw Refusal(description: "an element in a namespace")
        }
        let name = element.name
        if name == ("i8" as StaticString) { return Frame(kind: .extensionI8, byteOffset: open.byteOffset) }
        if name == ("nil" as StaticString) { return Frame(kind: .nilValue, byteOffset: open.byteOffset) }
        throw Refusal(description: "an unknown extension element")
    }

    /// The kind of a typed element in no namespace: told apart by the name's length and one
    /// byte, then confirmed by one comparison of bytes.
    @inline(__always)
    private static func typedKind(_ name: ReaderName) -> Kind? {
        let kind: Kind? =
            switch name.count {
            case 6:
                switch name.firstByte {
                case UInt8(ascii: "s"):
                    // `string` and `struct` differ in their fourth byte.
                    name.byte(at: 3) == UInt8(ascii: "i")
                        ? (name == ("string" as StaticString) ? .string : nil)
                        : (name == ("struct" as StaticString) ? .structure : nil)
                case UInt8(ascii: "d"): name == ("double" as StaticString) ? .double : nil
                case UInt8(ascii: "b"): name == ("base64" as StaticString) ? .base64 : nil
                default: nil
                }
            case 3:
                name.firstByte == UInt8(ascii: "i")
                    ? (name == ("int" as StaticString) ? .int : nil)
                    : (name == ("nil" as StaticString) ? .nilValue : nil)
            case 7: name == ("boolean" as StaticString) ? .boolean : nil
            case 5: name == ("array" as StaticString) ? .array : nil
            case 2:
                name.byte(at: 1) == UInt8(ascii: "4")
                    ? (name == ("i4" as StaticString) ? .i4 : nil)
                    : (name == ("i8" as StaticString) ? .i8 : nil)
            case 16: name == ("dateTime.iso8601" as StaticString) ? .dateTime : nil
            default: nil
            }
        return kind
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        guard let frame = frames.pop() else { throw Refusal(description: "an end without a start") }
        switch frame.kind {
        case .value:
            // With a typed element, its end made the value; else the text is a string.
            if values.count == frame.first {
                values.push(CompactValue(byteOffset: frame.byteOffset, payload: .text(text.string)))
            }
        case .string: place(.string(text.string), frame)
        case .int: place(.int(try Self.int32(text)), frame)
        case .double: place(.double(try text.converted(with: Self.double)), frame)
        case .boolean: place(.boolean(try Self.boolean(text)), frame)
        case .i4: place(.i4(try Self.int32(text)), frame)
        case .i8: place(.i8(try text.converted(with: Self.int64)), frame)
        case .extensionI8: place(.extensionI8(try text.converted(with: Self.int64)), frame)
        case .dateTime: place(.dateTime(try text.converted(with: XMLRPCWire.dateTime)), frame)
        case .base64: place(.base64(try text.converted(with: Self.base64)), frame)
        case .name:
            names.push(text.string)
        case .member:
            try Self.expectNoText(text)
            // The member's `<value>` ended inside it, so its value is the last one made.
            guard values.count > frame.first, names.count > frame.firstName, let value = values.pop(),
                let name = names.pop()
            else {
                throw Refusal(description: "a member without a name or a value")
            }
            members.push(CompactMember(name: name, value: value))
        case .structure:
            try Self.expectNoText(text)
            place(.members(members.take(from: frame.first)), frame)
        case .data:
            try Self.expectNoText(text)
            place(.values(values.take(from: frame.first)), frame)
        case .array:
            try Self.expectNoText(text)
            if values.count == frame.first { place(.values([]), frame) }
        case .nilValue:
            try Self.expectNoText(text)
            place(.nil, frame)
        }
    }

    /// The value of the `<value>` whose content `frame` is, made once, with its payload.
    @inline(__always)
    private func place(_ payload: CompactValue.Payload, _ frame: Frame) {
        values.push(CompactValue(byteOffset: frame.byteOffset, payload: payload))
    }

    func finish() throws -> CompactValue {
        guard frames.isEmpty, values.count == 1, let result = values.pop() else {
            throw Refusal(description: "no value")
        }
        return result
    }

    /// An `<int>`'s or `<i4>`'s number: the usual form read by `PlainScalarText`, anything
    /// else (whitespace, `+`, longer numbers, errors) by the reference's conversion, which gives
    /// the same number for the usual form.
    @inline(__always)
    private static func int32(_ text: ReaderText) throws -> Int32 {
        if let plain = PlainScalarText.int32(text) { return plain }
        return try text.converted(with: int32)
    }

    /// A `<boolean>`'s flag: `0` or `1` read by `PlainScalarText`, anything else by the
    /// reference's conversion.
    @inline(__always)
    private static func boolean(_ text: ReaderText) throws -> Bool {
        if let plain = PlainScalarText.boolean(text) { return plain }
        return try text.converted(with: boolean)
    }

    /// Text the reference keeps nowhere (inside `<struct>`, `<member>`, …) is refused unless
    /// it is whitespace.
    @inline(__always)
    private static func expectNoText(_ text: ReaderText) throws {
        guard text.isEmpty || text.isWhitespace else { throw Refusal(description: "text where none belongs") }
    }
}
