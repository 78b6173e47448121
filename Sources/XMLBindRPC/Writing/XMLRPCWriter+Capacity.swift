import Foundation

extension XMLRPCWriter {
    /// The buffer to reserve for a document holding `values`: their estimated size (at
    /// most 256 MB up front), at least 4 KB.
    ///
    /// Reserved once, the buffer is never regrown: growing it from a small start copies
    /// the document into fresh memory about once over (for an 8 MB response, seven copies
    /// adding up to 8 MB). Pages reserved but not written are never touched.
    static func capacity(for values: [XMLRPCValue]) -> Int {
        let estimate = values.reduce(256) { saturating($0, estimatedSize(of: $1, depth: 0)) }
        return min(max(estimate, 1 << 12), 1 << 28)
    }

    /// About the bytes `value` takes written, a little more rather than less. A struct's
    /// members are summed; an array is its count times the mean of up to eight elements
    /// spread over it (sampled, so that the estimate stays cheap for a large array, and
    /// spread, because values often grow along an array: ids, names with a counter).
    static func estimatedSize(of value: XMLRPCValue, depth: Int) -> Int {
        // Past a few levels, a fixed guess: the estimate only sizes a buffer.
        guard depth < 8 else { return 64 }
        switch value {
        // The longest text of each scalar with its markup
        // (`<value><i8>-9223372036854775808</i8></value>`).
        case .int: return 36
        case .i8: return 44
        case .boolean, .nil: return 36
        case .double: return 56
        case .dateTime: return 68
        case .string(let text): return 32 + text.utf8.count + text.utf8.count / 8
        case .base64(let data): return 32 + (data.count + 2) / 3 * 4
        case .struct(let members):
            return members.reduce(32) { total, member in
                saturating(
                    saturating(total, 36 + member.name.utf8.count), estimatedSize(of: member.value, depth: depth + 1))
            }
        case .array(let elements):
            guard !elements.isEmpty else { return 48 }
            let samples = Swift.min(elements.count, 8)
            let stride = elements.count / samples
            let sampled = (0..<samples).reduce(0) { total, sample in
                saturating(total, estimatedSize(of: elements[sample * stride], depth: depth + 1))
            }
            // The mean sample, an eighth more for the elements not seen.
            let perElement = sampled / samples + sampled / samples / 8
            let (size, overflow) = elements.count.multipliedReportingOverflow(by: perElement)
            return overflow ? .max : saturating(48, size)
        }
    }

    /// The sum, or `Int.max` past it: an estimate of an enormous value stays enormous.
    private static func saturating(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? .max : sum
    }
}
