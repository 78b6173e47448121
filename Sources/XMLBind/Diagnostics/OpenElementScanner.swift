/// Reads a document's bytes again, up to the place where expat found it malformed, to
/// tell which elements were open there and what markup was being read.
///
/// expat says "mismatched tag" or "no element found" without naming the element that is
/// still open; its callbacks do not keep a stack of names (a skipped element costs
/// nothing), so the stack is rebuilt here, only on that error path. Everything before the
/// error offset has been accepted by expat, so a small tokenizer (tags, comments, CDATA,
/// processing instructions, a DOCTYPE with its internal subset) reads it correctly.
/// Only ASCII-compatible encodings are read.
struct OpenElementScanner {
    /// An element whose start tag has been read and whose end tag has not.
    struct OpenElement: Equatable {
        /// The qualified name as written (`cfg:item`).
        var name: String
        /// The byte offset of the start tag's `<`.
        var offset: Int
    }

    /// What the scan was inside of when it stopped.
    enum Context: Equatable {
        /// Character data (or nothing yet).
        case text
        /// A start tag that begins at the offset, outside any attribute value.
        case startTag(Int)
        /// An attribute value of the start tag that begins at the offset.
        case attributeValue(Int)
        /// Other markup: an end tag, comment, CDATA section, processing instruction or DOCTYPE.
        case otherMarkup
    }

    private enum State {
        case text
        case afterLessThan
        case startName
        case inTag
        case quoted(UInt8)
        case endTag
        case processingInstruction
        case markupDeclaration
        case comment
        case cdata
        case doctype
        case doctypeQuoted(UInt8)
    }

    /// The open elements, outermost first.
    private(set) var open: [OpenElement] = []
    /// The root element, once its start tag has been read.
    private(set) var root: OpenElement?

    /// How an element ends, for ``closing(of:in:)``.
    enum Closing: Equatable {
        /// Its start tag ends with `/>`.
        case selfClosing
        /// Its end tag's `<` is at this offset.
        case endTag(Int)
    }

    /// The element whose end ``closing(of:in:)`` looks for, and what it found.
    private var watched: Int?
    private var closing: Closing?

    private var state = State.text
    private var markupStart = 0
    private var name: [UInt8] = []
    private var lastInTag: UInt8 = 0
    /// The bytes after `<!`, until they tell a comment, CDATA section and DOCTYPE apart.
    private var declaration: [UInt8] = []
    /// Recent bytes of a comment or CDATA section, to find its end.
    private var tail: (UInt8, UInt8) = (0, 0)
    private var subsetDepth = 0
    private let decode: ([UInt8]) -> String

    private static let commentOpen = Array("--".utf8)
    private static let cdataOpen = Array("[CDATA[".utf8)

    /// Scans `source` from its first byte up to (not including) `end`, or to its last
    /// byte when `end` is `nil`.
    ///
    /// - Returns: `nil` when the source cannot be read from its start (a stream whose
    ///   early part is gone), ends before `end`, or is not in an ASCII-compatible encoding.
    static func scan(_ locator: SourceLocator, upTo limit: Int?) -> OpenElementScanner? {
        let end = limit ?? Int.max
        guard locator.unitSize == 1, locator.source.base?.offset == 0, end >= 0 else { return nil }
        let singleByte = locator.encoding == .singleByte
        var scanner = OpenElementScanner(
            decode: singleByte
                ? { String(String.UnicodeScalarView($0.map { Unicode.Scalar($0) })) }
                : { String(decoding: $0, as: UTF8.self) })
        var position = 0
        locator.source.forEachChunk(from: 0) { chunk, _ in
            for byte in chunk {
                guard position < end else { return false }
                scanner.read(byte, at: position)
                position += 1
            }
            return position < end
        }
        return position == end || limit == nil ? scanner : nil
    }

    /// How the element whose start tag's `<` is at `elementOffset` ends, read from that
    /// start tag on (a start tag begins in character data, so the scan starts in step;
    /// comments and CDATA sections inside are skipped as expat skips them, and only the
    /// element itself is read); `nil` when the source cannot be read or the element does
    /// not end.
    static func closing(of elementOffset: Int, in locator: SourceLocator) -> Closing? {
        guard locator.unitSize == 1, let base = locator.source.base, elementOffset >= base.offset else { return nil }
        var scanner = OpenElementScanner(decode: { _ in "" })
        scanner.watched = elementOffset
        var position = elementOffset
        locator.source.forEachChunk(from: elementOffset) { chunk, _ in
            for byte in chunk {
                scanner.read(byte, at: position)
                position += 1
                if scanner.closing != nil { return false }
            }
            return true
        }
        return scanner.closing
    }

    private init(decode: @escaping ([UInt8]) -> String) {
        self.decode = decode
    }

    /// Where the scan stopped.
    var context: Context {
        switch state {
        case .text: .text
        case .afterLessThan, .startName, .inTag: .startTag(markupStart)
        case .quoted: .attributeValue(markupStart)
        default: .otherMarkup
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func read(_ byte: UInt8, at position: Int) {
        switch state {
        case .text:
            if byte == UInt8(ascii: "<") {
                state = .afterLessThan
                markupStart = position
            }
        case .afterLessThan:
            switch byte {
            case UInt8(ascii: "/"): state = .endTag
            case UInt8(ascii: "?"): state = .processingInstruction
            case UInt8(ascii: "!"):
                declaration = []
                state = .markupDeclaration
            default:
                name = [byte]
                state = .startName
            }
        case .startName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                state = .inTag
                lastInTag = 0
                read(byte, at: position)
            } else {
                name.append(byte)
            }
        case .inTag:
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .quoted(byte)
            } else if byte == UInt8(ascii: ">") {
                let element = OpenElement(name: decode(name), offset: markupStart)
                if root == nil { root = element }
                if lastInTag != UInt8(ascii: "/") {
                    open.append(element)
                } else if markupStart == watched {
                    closing = .selfClosing
                }
                state = .text
            } else if !Self.isSpace(byte) {
                lastInTag = byte
            }
        case .quoted(let quote):
            if byte == quote {
                state = .inTag
                lastInTag = byte
            }
        case .endTag:
            if byte == UInt8(ascii: ">") {
                if let closed = open.popLast(), closed.offset == watched { closing = .endTag(markupStart) }
                state = .text
            }
        case .processingInstruction:
            if byte == UInt8(ascii: ">"), tail.1 == UInt8(ascii: "?") { state = .text }
            tail = (tail.1, byte)
        case .markupDeclaration:
            declaration.append(byte)
            tail = (0, 0)
            if declaration == Self.commentOpen {
                state = .comment
            } else if declaration == Self.cdataOpen {
                state = .cdata
            } else if !Self.commentOpen.starts(with: declaration), !Self.cdataOpen.starts(with: declaration) {
                subsetDepth = 0
                state = .doctype
                read(byte, at: position)
            }
        case .comment:
            if byte == UInt8(ascii: ">"), tail == (UInt8(ascii: "-"), UInt8(ascii: "-")) { state = .text }
            tail = (tail.1, byte)
        case .cdata:
            if byte == UInt8(ascii: ">"), tail == (UInt8(ascii: "]"), UInt8(ascii: "]")) { state = .text }
            tail = (tail.1, byte)
        case .doctype:
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): state = .doctypeQuoted(byte)
            case UInt8(ascii: "["): subsetDepth += 1
            case UInt8(ascii: "]"): subsetDepth -= 1
            case UInt8(ascii: ">") where subsetDepth <= 0: state = .text
            default: break
            }
        case .doctypeQuoted(let quote):
            if byte == quote { state = .doctype }
        }
    }
}
