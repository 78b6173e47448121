import XMLBind

/// The common forms of `<int>`/`<i4>` and `<boolean>` text, read without the conversion's
/// general path: what servers send nearly always. Anything else (a sign other than `-`,
/// whitespace, ten or more digits, another spelling of a flag) is left to the reference
/// mapping's conversion, so a value reads exactly as the reference reads it.
enum PlainScalarText {
    /// An optional `-` and one to nine ASCII digits, or nil for any other text.
    @inline(__always)
    static func int32(_ text: ReaderText) -> Int32? {
        text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return nil }
            let negative = start.pointee == UInt8(ascii: "-")
            var index = negative ? 1 : 0
            // Nine digits cannot overflow an Int32.
            guard bytes.count &- index > 0, bytes.count &- index <= 9 else { return nil }
            var value: Int32 = 0
            while index < bytes.count {
                let digit = start[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int32(truncatingIfNeeded: digit)
                index &+= 1
            }
            return negative ? 0 &- value : value
        }
    }

    /// `0` or `1`, or nil for any other text.
    @inline(__always)
    static func boolean(_ text: ReaderText) -> Bool? {
        text.withUTF8 { bytes in
            guard bytes.count == 1, let byte = bytes.first, byte & 0xFE == UInt8(ascii: "0") else { return nil }
            return byte == UInt8(ascii: "1")
        }
    }
}
