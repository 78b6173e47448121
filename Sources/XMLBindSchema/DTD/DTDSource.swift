import Foundation
import XMLBind

/// One stretch of DTD text being read: a file, or a parameter entity's replacement text
/// pushed where the entity is referenced. It counts lines and columns as it goes, so every
/// position has an origin in the text it came from.
struct DTDSource {
    /// The bytes, UTF-8.
    let bytes: [UInt8]
    /// The next byte to read.
    var position = 0
    /// The file the text is in, for origins.
    let file: String?
    /// The folder relative system identifiers in this text are resolved against.
    let baseDirectory: URL?
    /// The parameter entity this text is the replacement of; `nil` for a file read as such.
    let entityName: String?
    /// The local file this text was read from, for finding inclusion cycles.
    let path: String?
    /// Where the entity was referenced; `nil` for the outermost text.
    let referenceOrigin: Origin?
    /// The line and column of the next byte.
    private(set) var line: Int
    private(set) var column: Int

    init(
        bytes: [UInt8], file: String?, baseDirectory: URL?, entityName: String? = nil, path: String? = nil,
        referenceOrigin: Origin? = nil, line: Int = 1, column: Int = 1
    ) {
        self.bytes = bytes
        self.file = file
        self.baseDirectory = baseDirectory
        self.entityName = entityName
        self.path = path
        self.referenceOrigin = referenceOrigin
        self.line = line
        self.column = column
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// Where the next byte is.
    var origin: Origin { Origin(file: file, line: line, column: column) }

    /// The byte `offset` places ahead, or `nil` past the end.
    func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    /// Whether the text at the position starts with `literal`.
    func hasPrefix(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        var index = 0
        var matches = true
        literal.withUTF8Buffer { buffer in
            while index < count {
                if buffer[index] != bytes[position + index] {
                    matches = false
                    return
                }
                index += 1
            }
        }
        return matches
    }

    /// Moves past one byte, counting lines (LF, CR LF or a lone CR) and characters (a UTF-8
    /// sequence counts once, as expat counts columns).
    mutating func advance() {
        guard position < bytes.count else { return }
        let byte = bytes[position]
        position += 1
        switch byte {
        case 0x0A:
            line += 1
            column = 1
        case 0x0D:
            if peek() != 0x0A {
                line += 1
                column = 1
            }
        default:
            if byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    /// Moves past `count` bytes.
    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }
}
