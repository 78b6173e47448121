#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The two `%` formats of `gen_workloads.py` that Swift's interpolation does not write alike.
enum PythonFormat {
    /// `"%.Nf" % value`: C's `%.*f`, which rounds the exact binary value correctly, as
    /// Python does.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([Int32(decimals), value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        precondition(count > 0 && Int(count) < buffer.count, "a fraction in [0, 1) always fits")
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `"%02d" % value` for a non-negative value.
    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
