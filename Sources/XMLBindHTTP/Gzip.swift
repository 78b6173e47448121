internal import CZlib
import Foundation

/// gzip compression and decompression through zlib: the only code that touches zlib.
///
/// `package`: the HTTP fuzz target (`XMLBindFuzz`) compresses its bodies and checks the
/// server's compressed answers with it.
package enum Gzip {
    /// Why a body could not be decompressed.
    package enum Failure: Error, Equatable {
        /// The data is not a well-formed gzip stream.
        case malformed
        /// The decompressed data would exceed the given limit.
        case tooLarge
    }

    /// Compresses `data` as one gzip member (zlib `deflate` with gzip framing).
    package static func compress(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        guard CZlib_DeflateInitGzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
        let status: Int32 = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                // zlib accepts no input pointer when there is no input.
                stream.next_in = input.bindMemory(to: Bytef.self).baseAddress.map { UnsafeMutablePointer(mutating: $0) }
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.count = Int(stream.total_out)
        return output
    }

    /// Decompresses a gzip stream (several members in a row are read as one, as gzip does),
    /// refusing to produce more than `limit` bytes.
    package static func decompress(_ data: Data, limit: Int) throws(Failure) -> Data {
        var stream = z_stream()
        guard CZlib_InflateInitGzip(&stream) == Z_OK else { throw .malformed }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let result: Failure? = data.withUnsafeBytes { input -> Failure? in
            guard let base = input.bindMemory(to: Bytef.self).baseAddress, input.count > 0 else { return .malformed }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(input.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer -> (Int32, Int) in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, buffer.count - Int(stream.avail_out))
                }
                if output.count + produced > limit { return .tooLarge }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    // Another gzip member may follow; anything else after the stream is an error.
                    if stream.avail_in == 0 { return nil }
                    guard inflateReset(&stream) == Z_OK else { return .malformed }
                case Z_OK, Z_BUF_ERROR:
                    // Input used up while output room is left: the stream was cut short.
                    if stream.avail_in == 0 && stream.avail_out != 0 { return .malformed }
                default:
                    return .malformed
                }
            }
        }
        if let result { throw result }
        return output
    }

    /// Whether an `Accept-Encoding` header value accepts gzip (`gzip` or `*`, with a q-value
    /// other than 0).
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let refused = parts.dropFirst().contains { parameter in
                guard parameter.hasPrefix("q=") else { return false }
                return (Double(parameter.dropFirst(2)) ?? 1) == 0
            }
            return !refused
        }
        return false
    }
}
