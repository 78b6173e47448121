import Foundation
import XMLBind

/// Builds the compact tree of one top-level `<value>` (nested structs and arrays included)
/// from the binder's reader events: what ``XMLRPCWire/fastBinder`` reads values with.
///
/// Per event it does as little as it can: one switch on the element's name at a start tag,
/// a push or pop of a small explicit stack of plain frames, and at `</struct>` and `</data>`
/// one exact-size array made from a scratch buffer that every struct and array of the value
/// reuses. Numbers, booleans, dates and base64 are converted from the bytes with the
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

    /// All of the reader's state in one value, so that each event makes one access to the
    /// reader's stored property (a class property's every access is checked for
    /// exclusivity at run time).
    private var state = WireValueReading()

    func start(_ element: ReaderElement) throws {
        try state.start(element)
    }

    func end(_ element: ReaderElement, text: ReaderText) throws {
        try state.end(text)
    }

    func finish() throws -> CompactValue {
        guard let result = state.result else { throw Refusal(description: "no value") }
        state.result = nil
        return result
    }
}

/// The state and the work of a ``WireValueReader``.
struct WireValueReading {
    /// What an open element is.
    enum Kind: UInt8 {
        case value
        case int, i4, i8, extensionI8, boolean, string, double, dateTime, base64
        case structure, member, name, array, data, nilValue
    }

    /// An open element: plain values only, so that pushing, popping and reading frames
    /// retains nothing.
    struct Frame {
        var kind: Kind
        /// A `<value>`'s typed element, a `<member>`'s `<value>`, an `<array>`'s `<data>`:
        /// whether it has been opened (a second one is refused).
        var hasChild = false
        /// Whether a `<member>`'s `<name>` has been read (it is on ``names``).
        var hasName = false
        /// A `<struct>`'s first member in ``members``, a `<data>`'s first value in ``values``.
        var first = 0
        /// A `<value>`'s start tag.
        var byteOffset = -1
    }

    /// The innermost open element, and the ones around it (outermost first): the innermost
    /// is read and changed on nearly every event, so it is kept out of the array.
    private var open = Frame(kind: .value)
    private var outer: [Frame] = []
    /// How many elements are open (`open` and `outer`).
    private var depth = 0
    /// Members of the open structs, innermost last.
    private var members: [CompactMember] = []
    /// Values of the open arrays, innermost last.
    private var values: [CompactValue] = []
    /// Names of the open members that have one, innermost last.
    private var names: [String] = []
    /// What the innermost `<value>`'s typed element gave, until its `</value>`: nothing can
    /// come between the two but whitespace, so one slot serves every value.
    private var payload: CompactValue.Payload?
    /// A `<member>`'s value, from its `</value>` until its `</member>` (only a `<name>`, which
    /// holds no elements, can come between them).
    private var memberValue: CompactValue?
    /// The top-level value, once read.
    var result: CompactValue?

    private typealias Refusal = WireValueReader.Refusal

    mutating func start(_ element: ReaderElement) throws {
        guard !element.hasAttributes else { throw Refusal(description: "an attribute") }
        guard depth > 0, element.depth > 0 else {
            // One reader reads every top-level <value> of a parse; a refused one leaves its state.
            outer.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            names.removeAll(keepingCapacity: true)
            payload = nil
            memberValue = nil
            result = nil
            guard element.depth == 0 else { throw Refusal(description: "an element outside the value") }
            open = Frame(kind: .value, byteOffset: element.byteOffset)
            depth = 1
            return
        }
        let name = element.name
        let inNoNamespace = !element.hasNamespace
        // Names are told apart by their length first: then at most one or two comparisons
        // of bytes are left (`name == "…"` with a literal compares bytes, no `String`).
        switch open.kind {
        case .value:
            guard !open.hasChild else { throw Refusal(description: "a second typed element") }
            open.hasChild = true
            guard inNoNamespace else {
                guard element.isInNamespace(XMLRPCWire.extensionsNamespace) else {
                    throw Refusal(description: "an element in a namespace")
                }
                if name == ("i8" as StaticString) {
                    push(Frame(kind: .extensionI8))
                } else if name == ("nil" as StaticString) {
                    push(Frame(kind: .nilValue))
                } else {
                    throw Refusal(description: "an unknown extension element")
                }
                return
            }
            push(Frame(kind: try Self.typedKind(name), first: members.count))
        case .structure:
            guard inNoNamespace, name.count == 6, name == ("member" as StaticString) else {
                throw Refusal(description: "not a <member> in <struct>")
            }
            push(Frame(kind: .member))
        case .member:
            guard inNoNamespace else { throw Refusal(description: "an element in a namespace") }
            if name.count == 5, name == ("value" as StaticString) {
                guard !open.hasChild else { throw Refusal(description: "a second <value>") }
                open.hasChild = true
                push(Frame(kind: .value, byteOffset: element.byteOffset))
            } else if name.count == 4, name == ("name" as StaticString) {
                guard !open.hasName else { throw Refusal(description: "a second <name>") }
                open.hasName = true
                push(Frame(kind: .name))
            } else {
                throw Refusal(description: "an unknown element in <member>")
            }
        case .array:
            guard inNoNamespace, name.count == 4, name == ("data" as StaticString), !open.hasChild else {
                throw Refusal(description: "not one <data> in <array>")
            }
            open.hasChild = true
            push(Frame(kind: .data, first: values.count))
        case .data:
            guard inNoNamespace, name.count == 5, name == ("value" as StaticString) else {
                throw Refusal(description: "not a <value> in <data>")
            }
            push(Frame(kind: .value, byteOffset: element.byteOffset))
        default:
            throw Refusal(description: "an element inside a scalar")
        }
    }

    /// Opens `frame` inside the innermost open element.
    @inline(__always)
    private mutating func push(_ frame: Frame) {
        outer.append(open)
        open = frame
        depth &+= 1
    }

    /// The kind of a typed element in no namespace (a `<struct>`'s frame keeps where its
    /// members start: the caller passes it along).
    @inline(__always)
    private static func typedKind(_ name: ReaderName) throws -> Kind {
        let kind: Kind? =
            switch name.count {
            case 6:
                if name == ("string" as StaticString) {
                    .string
                } else if name == ("struct" as StaticString) {
                    .structure
                } else if name == ("double" as StaticString) {
                    .double
                } else if name == ("base64" as StaticString) {
                    .base64
                } else {
                    nil
                }
            case 3:
                name == ("int" as StaticString) ? .int : name == ("nil" as StaticString) ? .nilValue : nil
            case 7: name == ("boolean" as StaticString) ? .boolean : nil
            case 5: name == ("array" as StaticString) ? .array : nil
            case 2: name == ("i4" as StaticString) ? .i4 : name == ("i8" as StaticString) ? .i8 : nil
            case 16: name == ("dateTime.iso8601" as StaticString) ? .dateTime : nil
            default: nil
            }
        guard let kind else { throw Refusal(description: "an unknown element in <value>") }
        return kind
    }

    mutating func end(_ text: ReaderText) throws {
        guard depth > 0 else { throw Refusal(description: "an end without a start") }
        let frame = open
        depth &-= 1
        if depth > 0, let parent = outer.popLast() { open = parent }
        switch frame.kind {
        case .value:
            let value = CompactValue(byteOffset: frame.byteOffset, payload: payload ?? .text(text.string))
            payload = nil
            guard depth > 0 else {
                result = value
                return
            }
            if open.kind == .member {
                memberValue = value
            } else {
                values.append(value)
            }
        case .string: payload = .string(text.string)
        case .int: payload = .int(try text.converted(with: Int32.xmlConversion))
        case .double: payload = .double(try text.converted(with: Double.xmlConversion))
        case .boolean: payload = .boolean(try text.converted(with: Bool.xmlConversion))
        case .i4: payload = .i4(try text.converted(with: Int32.xmlConversion))
        case .i8: payload = .i8(try text.converted(with: Int64.xmlConversion))
        case .extensionI8: payload = .extensionI8(try text.converted(with: Int64.xmlConversion))
        case .dateTime: payload = .dateTime(try text.converted(with: XMLRPCWire.dateTime))
        case .base64: payload = .base64(try text.converted(with: Data.xmlConversion))
        case .name:
            names.append(text.string)
        case .member:
            try Self.expectNoText(text)
            guard frame.hasName, frame.hasChild, let value = memberValue, let name = names.popLast() else {
                throw Refusal(description: "a member without a name or a value")
            }
            memberValue = nil
            members.append(CompactMember(name: name, value: value))
        case .structure:
            try Self.expectNoText(text)
            payload = .members(Self.taking(&members, from: frame.first))
        case .data:
            try Self.expectNoText(text)
            payload = .values(Self.taking(&values, from: frame.first))
        case .array:
            try Self.expectNoText(text)
            if !frame.hasChild { payload = .values([]) }
        case .nilValue:
            try Self.expectNoText(text)
            payload = .nil
        }
    }

    /// The elements of `scratch` from `first` on, as an array of their own of exactly their
    /// size, and removed from `scratch`, which keeps its capacity for the next struct or
    /// array. (`Array(scratch[first...])` of the whole buffer would share its storage, and
    /// the removal would then copy the buffer.)
    @inline(__always)
    private static func taking<Element>(_ scratch: inout [Element], from first: Int) -> [Element] {
        var taken: [Element] = []
        taken.reserveCapacity(scratch.count &- first)
        taken.append(contentsOf: scratch[first...])
        scratch.removeSubrange(first...)
        return taken
    }

    /// Text the reference keeps nowhere (inside `<struct>`, `<member>`, …) is refused unless
    /// it is whitespace.
    @inline(__always)
    private static func expectNoText(_ text: ReaderText) throws {
        guard text.isWhitespace else { throw Refusal(description: "text where none belongs") }
    }
}
