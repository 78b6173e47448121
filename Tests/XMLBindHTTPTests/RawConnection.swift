import Foundation
import XMLBindTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP connection to the server under test, for the tests that misbehave on
/// purpose (half a header, a trickled body) and watch what the server does.
///
/// Blocking calls must not run on Swift's small concurrency pool (the server's handlers
/// need it): tests call ``onOwnThread(_:)``.
final class RawConnection: @unchecked Sendable {
    let socketDescriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source` (any 127.x.y.z address is the loopback).
    init(port: UInt16, from source: String = "127.0.0.1", receiveTimeout: Int = 20) throws {
        socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw RawHTTPClient.Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(socketDescriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = local
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        remote.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            close(socketDescriptor)
            throw RawHTTPClient.Failure(description: "cannot connect to port \(port) from \(source)")
        }
    }

    deinit {
        close(socketDescriptor)
    }

    /// Sends `text`; false when the connection is closed.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            Glibc.send(socketDescriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) == buffer.count
        }
    }

    /// What the server sends until it closes the connection or the receive timeout passes;
    /// `closed` tells which.
    func receiveAll() -> (text: String, closed: Bool) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socketDescriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(buffer, count: count)
                continue
            }
            let timedOut = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
            return (String(decoding: received, as: UTF8.self), !timedOut)
        }
    }
}
