import Foundation
import XMLBindTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately plain HTTP/1.1 client over a POSIX socket, so tests see the bytes on the
/// wire (URLSession would undo gzip and add headers of its own).
struct RawHTTPClient: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let port: UInt16

    /// Sends one request with `Connection: close` and reads the whole response, on a thread of
    /// its own: blocking Swift's small concurrency pool would starve the server's handlers.
    func send(
        method: String = "POST", path: String, headers: [String: String] = [:], body: Data = Data(),
        chunked: Bool = false
    ) async throws -> Response {
        try await onOwnThread {
            try sendBlocking(method: method, path: path, headers: headers, body: body, chunked: chunked)
        }
    }

    private func sendBlocking(
        method: String, path: String, headers: [String: String], body: Data, chunked: Bool
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        var request = Data()
        if chunked {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            request.append(Data(head.utf8))
            var offset = 0
            while offset < body.count {
                let piece = body[(body.startIndex + offset)..<(body.startIndex + min(body.count, offset + 65536))]
                request.append(Data((String(piece.count, radix: 16) + "\r\n").utf8))
                request.append(piece)
                request.append(Data("\r\n".utf8))
                offset += piece.count
            }
            request.append(Data("0\r\n\r\n".utf8))
        } else {
            head += "Content-Length: \(body.count)\r\n\r\n"
            request.append(Data(head.utf8))
            request.append(body)
        }
        let raw = try exchange(request)
        return try parse(raw)
    }

    private func exchange(_ request: Data) throws -> Data {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(socketDescriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        // The server may answer (413, 404) before it has read everything: a failed write is
        // not an error as long as a response comes back.
        request.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let written = Glibc.send(
                    socketDescriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if written <= 0 { break }
                sent += written
            }
        }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socketDescriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response.append(buffer, count: count)
        }
        return response
    }

    private func parse(_ raw: Data) throws -> Response {
        guard let separator = raw.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no complete response: \(String(decoding: raw, as: UTF8.self))")
        }
        let head = String(decoding: raw[..<separator.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(raw[separator.upperBound...])
        if let length = headers["content-length"].flatMap({ Int($0) }), length < body.count {
            body = body.prefix(length)
        }
        return Response(status: status, headers: headers, body: body)
    }
}
