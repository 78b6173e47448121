import Foundation
import XMLBindTestSupport

/// A Python 3 HTTP server on 127.0.0.1, started by a test and stopped by its PID: it
/// serves each file of a folder with the `Content-Type` its `.type` companion names (or
/// `application/rss+xml`), and 404 for anything else.
final class FeedServer {
    let process = Process()
    let port: Int
    let folder: URL

    static let script = """
        import http.server, os, sys
        folder = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                path = os.path.join(folder, os.path.basename(self.path))
                if not os.path.isfile(path):
                    self.send_error(404)
                    return
                body = open(path, 'rb').read()
                kind = 'application/rss+xml'
                if os.path.isfile(path + '.type'):
                    kind = open(path + '.type').read().strip()
                self.send_response(200)
                self.send_header('Content-Type', kind)
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        with open(os.path.join(folder, 'port.tmp'), 'w') as f:
            f.write(str(server.server_address[1]))
        os.rename(os.path.join(folder, 'port.tmp'), os.path.join(folder, 'port'))
        server.serve_forever()
        """

    /// Starts the server on a free port over `files` (name → bytes, and optionally a type).
    init(files: [String: (Data, String?)]) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("feeds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, (data, type)) in files {
            try data.write(to: folder.appendingPathComponent(name))
            if let type { try Data(type.utf8).write(to: folder.appendingPathComponent(name + ".type")) }
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.script, folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server writes its port to a file once it listens. The wait sleeps as a task,
        // never blocking a thread of Swift's concurrency pool.
        var port: Int?
        for _ in 0..<200 where port == nil {
            port = (try? String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8)).flatMap { Int($0) }
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        guard let port else {
            endChildProcess(process, with: SIGKILL)
            throw CocoaError(.fileReadUnknown)
        }
        self.port = port
    }

    func url(_ name: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(name)")!
    }

    /// Stops the server (by its PID; reaped on a thread of its own) and removes its folder.
    func stop() {
        // SIGKILL: a child of the test process may inherit SIGTERM blocked.
        endChildProcess(process, with: SIGKILL)
        try? FileManager.default.removeItem(at: folder)
    }
}
