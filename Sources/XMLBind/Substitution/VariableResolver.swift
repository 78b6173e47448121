#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Performs ``VariableSubstitution`` for one parse, with the environment read once.
///
/// One pass over the value, left to right, with an explicit stack of the fallbacks that
/// are open (`${NAME:-…`): no recursion, so nesting costs heap, not stack, and is held to
/// ``ParseLimits/maximumSubstitutionNesting``; and no rescanning, so the cost is linear
/// in the value's length. A fallback is written straight into the output; when its
/// variable turns out to be set, the fallback's bytes are cut off again and the value
/// written instead, so every output byte is written and cut at most once per level.
///
/// The bytes variables add are counted over the whole document and held to the same
/// bound as entity expansion (``ParseLimits/maximumAmplification`` once
/// ``ParseLimits/amplificationThreshold`` bytes are added), so a short document cannot
/// repeat a long variable into gigabytes.
final class VariableResolver {
    /// Why a value could not be substituted, and where: the index (0-based) of the
    /// failing `${` among all `${` in the value.
    struct Failure: Error {
        var code: XMLBindError.Code
        var message: String
        var occurrence: Int
        /// A defined variable close to the name that is not set.
        var suggestion: String? = nil
    }

    /// A fallback being read: its variable's name (as a range of the input) and where its
    /// bytes begin in the output.
    private struct OpenFallback {
        var name: Range<Int>
        var occurrence: Int
        var outputStart: Int
    }

    private let values: [String: String]
    private let maximumNesting: Int
    private let maximumAmplification: Double
    private let amplificationThreshold: Int
    /// Bytes that variables added to the document so far.
    private(set) var addedBytes = 0
    /// Reused between values: the open fallbacks of the value being substituted.
    private var open: [OpenFallback] = []

    init(_ substitution: VariableSubstitution, limits: ParseLimits = ParseLimits()) {
        var values = substitution.usesEnvironment ? ProcessInfo.processInfo.environment : [:]
        values.merge(substitution.variables) { _, explicit in explicit }
        self.values = values
        maximumNesting = max(1, limits.maximumSubstitutionNesting)
        maximumAmplification = max(1, limits.maximumAmplification)
        amplificationThreshold = max(0, limits.amplificationThreshold)
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

    private static let dollar = UInt8(ascii: "$")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

    /// The value with its variables replaced.
    ///
    /// - Parameters:
    ///   - bytes: The value as read (after entity expansion).
    ///   - documentOffset: How many bytes of the document have been read, for the
    ///     amplification bound.
    func substitute(_ bytes: UnsafeBufferPointer<UInt8>, documentOffset: Int = 0) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        open.removeAll(keepingCapacity: true)
        let budget = max(Double(amplificationThreshold), maximumAmplification * Double(max(1, documentOffset)))
        var seen = 0  // `${` pairs before `index`, as the locator counts them in the source
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == Self.closeBrace, let fallback = open.last {
                open.removeLast()
                index += 1
                if let value = values[name(fallback.name, in: bytes)] {
                    output.removeSubrange(fallback.outputStart...)
                    try add(value, to: &output, budget: budget, occurrence: fallback.occurrence)
                }
            } else if byte == Self.dollar, index + 2 < count, bytes[index + 1] == Self.dollar,
                bytes[index + 2] == Self.openBrace
            {
                output.append(Self.dollar)  // $${ is a literal ${
                output.append(Self.openBrace)
                seen += 1
                index += 3
            } else if byte == Self.dollar, index + 1 < count, bytes[index + 1] == Self.openBrace {
                let occurrence = seen
                seen += 1
                index += 2
                let nameStart = index
                while index < count, Self.isNameByte(bytes[index]) { index += 1 }
                let nameRange = nameStart..<index
                guard index < count else { throw Self.unclosed(occurrence) }
                guard !nameRange.isEmpty else {
                    throw Failure(
                        code: .substitutionFailed, message: "'${' must be followed by a variable name",
                        occurrence: occurrence)
                }
                if bytes[index] == Self.closeBrace {
                    index += 1
                    let name = name(nameRange, in: bytes)
                    guard let value = values[name] else {
                        throw Failure(
                            code: .substitutionFailed, message: "variable '\(name)' is not set",
                            occurrence: occurrence, suggestion: Suggestion.closest(to: name, among: values.keys))
                    }
                    try add(value, to: &output, budget: budget, occurrence: occurrence)
                } else if bytes[index] == UInt8(ascii: ":"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "-") {
                    guard open.count < maximumNesting else {
                        throw Failure(
                            code: .substitutionNestingLimitExceeded,
                            message: "fallbacks of '${…:-…}' nest deeper than \(maximumNesting) "
                                + "(ParseLimits.maximumSubstitutionNesting)",
                            occurrence: occurrence)
                    }
                    index += 2
                    open.append(OpenFallback(name: nameRange, occurrence: occurrence, outputStart: output.count))
                } else {
                    throw Failure(
                        code: .substitutionFailed,
                        message: "unexpected '\(Character(Unicode.Scalar(bytes[index])))' in variable reference; "
                            + "expected '}' or ':-'",
                        occurrence: occurrence)
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        if let innermost = open.last { throw Self.unclosed(innermost.occurrence) }
        return output
    }

    /// Appends a variable's value, within the document's budget for added bytes.
    private func add(_ value: String, to output: inout [UInt8], budget: Double, occurrence: Int) throws(Failure) {
        let size = value.utf8.count
        guard Double(addedBytes + size) <= budget else {
            throw Failure(
                code: .substitutionAmplificationLimitExceeded,
                message: "variables would add more than \(Int(budget)) bytes to the document: at most "
                    + "ParseLimits.maximumAmplification (\(Self.describe(maximumAmplification))) per byte read, "
                    + "once ParseLimits.amplificationThreshold (\(amplificationThreshold)) bytes are added",
                occurrence: occurrence)
        }
        addedBytes += size
        output.append(contentsOf: value.utf8)
    }

    private func name(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func unclosed(_ occurrence: Int) -> Failure {
        Failure(code: .substitutionFailed, message: "'${' has no closing '}'", occurrence: occurrence)
    }

    private static func describe(_ factor: Double) -> String {
        factor == factor.rounded() ? String(Int(factor)) : String(factor)
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
}
