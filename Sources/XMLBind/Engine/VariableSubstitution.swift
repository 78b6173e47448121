import Foundation

/// `${NAME}` substitution in attribute values and text, before conversion.
///
/// Off unless set in ``ParseOptions/substitution``. `${NAME}` is replaced by the
/// variable's value, `${NAME:-fallback}` by the fallback when the variable is not set
/// (the fallback may itself contain `${…}`), and `$${` stands for a literal `${`. Names
/// are letters, digits, `_`, `.` and `-`. An unset variable without a fallback, or a
/// `${` without its `}`, is an error pointing at the `${`.
public struct VariableSubstitution: Sendable, Hashable {
    /// Values looked up first.
    public var variables: [String: String]
    /// Whether names not in ``variables`` are looked up in the process environment.
    public var usesEnvironment: Bool

    /// Creates a substitution.
    ///
    /// - Parameters:
    ///   - variables: Values by name, looked up first.
    ///   - usesEnvironment: Whether to look up names in the process environment next.
    public init(variables: [String: String] = [:], usesEnvironment: Bool = false) {
        self.variables = variables
        self.usesEnvironment = usesEnvironment
    }

    /// A substitution from the process environment alone.
    public static var environment: VariableSubstitution {
        VariableSubstitution(usesEnvironment: true)
    }
}

/// Performs substitutions for one parse, with the environment read once.
struct VariableResolver {
    /// Why a value could not be substituted, and where: the index (0-based) of the
    /// failing `${` among all `${` in the value.
    struct Failure: Error {
        var message: String
        var occurrence: Int
        /// A defined variable close to the name that is not set.
        var suggestion: String? = nil
    }

    private let values: [String: String]

    init(_ substitution: VariableSubstitution) {
        var values = substitution.usesEnvironment ? ProcessInfo.processInfo.environment : [:]
        values.merge(substitution.variables) { _, explicit in explicit }
        self.values = values
    }

    /// Whether the bytes contain `${` at all; most values do not.
    static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2 else { return false }
        for index in 0..<(bytes.count - 1)
        where bytes[index] == UInt8(ascii: "$") && bytes[index + 1] == UInt8(ascii: "{") {
            return true
        }
        return false
    }

    /// The value with its variables replaced.
    func substitute(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        try expand(bytes, from: &index, until: nil, into: &output)
        return output
    }

    private static let dollar = UInt8(ascii: "$")
    private static let open = UInt8(ascii: "{")
    private static let close = UInt8(ascii: "}")

    /// Copies bytes to `output`, expanding `${…}`, until `terminator` (a fallback's
    /// closing brace) or the end.
    private func expand(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, until terminator: UInt8?, into output: inout [UInt8]
    ) throws(Failure) {
        while index < bytes.count {
            let byte = bytes[index]
            if let terminator, byte == terminator { return }
            if byte == Self.dollar, index + 2 < bytes.count, bytes[index + 1] == Self.dollar,
                bytes[index + 2] == Self.open
            {
                output.append(contentsOf: [Self.dollar, Self.open])  // $${ is a literal ${
                index += 3
            } else if byte == Self.dollar, index + 1 < bytes.count, bytes[index + 1] == Self.open {
                try expandVariable(bytes, at: &index, into: &output)
            } else {
                output.append(byte)
                index += 1
            }
        }
    }

    /// Expands the `${…}` starting at `index`, leaving `index` after its `}`.
    private func expandVariable(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into output: inout [UInt8])
        throws(Failure)
    {
        let start = index
        let occurrence = Self.occurrence(of: start, in: bytes)
        index += 2
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        guard index < bytes.count else {
            throw Failure(message: "'${' has no closing '}'", occurrence: occurrence)
        }
        guard !name.isEmpty else {
            throw Failure(message: "'${' must be followed by a variable name", occurrence: occurrence)
        }
        if bytes[index] == Self.close {
            index += 1
            guard let value = values[name] else {
                throw Failure(
                    message: "variable '\(name)' is not set", occurrence: occurrence,
                    suggestion: Suggestion.closest(to: name, among: values.keys))
            }
            output.append(contentsOf: value.utf8)
            return
        }
        guard bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") else {
            throw Failure(
                message: "unexpected '\(Character(Unicode.Scalar(bytes[index])))' in variable reference; "
                    + "expected '}' or ':-'",
                occurrence: occurrence)
        }
        index += 2
        var fallback: [UInt8] = []
        try expand(bytes, from: &index, until: Self.close, into: &fallback)
        guard index < bytes.count else {
            throw Failure(message: "'${' has no closing '}'", occurrence: occurrence)
        }
        index += 1
        output.append(contentsOf: values[name].map { Array($0.utf8) } ?? fallback)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// How many `${` come before `offset`, so the locator can find the same one in the source.
    private static func occurrence(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        while index + 1 < bytes.count, index < offset {
            if bytes[index] == dollar && bytes[index + 1] == open { count += 1 }
            index += 1
        }
        return count
    }
}
