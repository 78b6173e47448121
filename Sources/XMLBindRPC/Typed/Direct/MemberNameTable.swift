import Foundation

/// The declared member names of a struct mapping as a direct typed decode looks them up: by
/// their UTF-8 bytes, the next declared name first (servers usually send members in the
/// order they are declared).
struct MemberNameTable: Sendable {
    /// The declared names' UTF-8 bytes, by position.
    private let nameBytes: [[UInt8]]
    /// The positions by name, for names that are not ASCII.
    private let positions: [String: Int]

    init(names: [String], positions: [String: Int]) {
        nameBytes = names.map { Array($0.utf8) }
        self.positions = positions
    }

    /// The declared position of a name; -1 when it is not declared. ASCII names are compared
    /// as bytes; others as `String`s, which compare by canonical equivalence as the reading
    /// plan's dictionary does.
    func position(of name: UnsafeBufferPointer<UInt8>, next: Int) -> Int {
        if name.contains(where: { $0 >= 0x80 }) {
            return positions[String(decoding: name, as: UTF8.self)] ?? -1
        }
        if next < nameBytes.count, Self.equal(nameBytes[next], name) { return next }
        for (index, bytes) in nameBytes.enumerated() where Self.equal(bytes, name) { return index }
        return -1
    }

    private static func equal(_ bytes: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == name.count else { return false }
        return bytes.withUnsafeBufferPointer { own in
            guard let start = own.baseAddress, let other = name.baseAddress else { return true }
            return memcmp(start, other, own.count) == 0
        }
    }
}
