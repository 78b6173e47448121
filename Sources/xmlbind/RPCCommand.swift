import Dispatch
import Foundation
import Synchronization
import XMLBind
import XMLBindHTTP
import XMLBindRPC
import XMLBindRPCServer

/// `xmlbind rpc URL METHOD [ARG…]` and `xmlbind rpc serve [--port N]`.
enum RPCCommand {
    /// `xmlbind rpc --help`.
    static let help = """
        USAGE: xmlbind rpc URL METHOD [ARG...]
               xmlbind rpc serve [--port N]

        Calls an XML-RPC method and prints the result as an indented tree. Each ARG is
        typed by its form: 42 (int; i8 beyond 32 bits), 2.5 or 1e-3 (double), true or
        false (boolean), null (nil), 2024-05-01T12:00:00Z or 20240501T12:00:00
        (dateTime.iso8601), base64:AAEC (base64), JSON [..] and {..} (array, struct),
        "quoted" (a string, e.g. "42"); anything else is a string. A fault, an HTTP
        error or a malformed response is printed to standard error as a diagnostic.

        'serve' serves a demo XML-RPC service on 127.0.0.1 (port 8080 unless given; 0
        picks a free one): echo, demo.add, demo.upper, demo.stats, demo.now, demo.fail
        and the system.* introspection methods. It prints its URL and runs until
        interrupted.

        Exits 0 on success, 1 for a fault or a failed call, 2 for a usage error.

        OPTIONS:
          -h, --help        Show this help.

        """

    /// Runs the subcommand for `arguments` (after `rpc`); nil when they fit neither form.
    static func run(_ arguments: [String]) -> Int32? {
        if arguments.first == "serve" {
            let options = Array(arguments.dropFirst())
            if options.isEmpty { return serve(port: 8080) }
            guard options.count == 2, options[0] == "--port", let port = UInt16(options[1]) else { return nil }
            return serve(port: port)
        }
        guard arguments.count >= 2, let url = URL(string: arguments[0]), url.scheme?.hasPrefix("http") == true else {
            return nil
        }
        return call(url: url, method: arguments[1], arguments: Array(arguments.dropFirst(2)))
    }

    private static func call(url: URL, method: String, arguments: [String]) -> Int32 {
        let values: [XMLRPCValue]
        do {
            values = try arguments.map(RPCArgument.value)
        } catch {
            FileHandle.standardError.write("xmlbind: error: \(error)\n")
            return 2
        }
        let outcome = waitFor { () async throws(XMLRPCError) -> XMLRPCNode in
            try await XMLRPCClient(url: url, timeout: 30).call(method, values: values)
        }
        switch outcome {
        case .success(let node):
            // A response holds one parameter; print that, or every one if a server sends more.
            print(node.count == 1 ? node[0].description : node.description)
            return 0
        case .failure(let error):
            let text =
                error.diagnostics.isEmpty
                ? "\(error.origin?.description ?? url.absoluteString): error: \(error.message)"
                : XMLBindError(diagnostics: error.diagnostics).rendered(DiagnosticStyle.forStandardError)
            FileHandle.standardError.write(text + "\n")
            return 1
        }
    }

    /// Runs `work` on Swift's concurrency pool and waits for it on this thread.
    private static func waitFor(
        _ work: @escaping @Sendable () async throws(XMLRPCError) -> XMLRPCNode
    ) -> Result<XMLRPCNode, XMLRPCError> {
        final class Box: Sendable {
            let result = Mutex<Result<XMLRPCNode, XMLRPCError>?>(nil)
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(XMLRPCError) {
                let node = try await work()
                box.result.withLock { $0 = .success(node) }
            } catch {
                box.result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        return box.result.withLock { $0 } ?? .failure(XMLRPCError(code: .transport, message: "the call did not finish"))
    }

    private static func serve(port: UInt16) -> Int32 {
        let server = XMLRPCServer(dispatcher: DemoService.dispatcher(), configuration: .init(port: port))
        do {
            try server.start()
        } catch {
            FileHandle.standardError.write("xmlbind: error: \(error.message)\n")
            return 1
        }
        print("serving XML-RPC at \(server.url?.absoluteString ?? "?") (Ctrl-C stops)")
        fflush(nil)
        let stopped = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        stopped.wait()
        signals.forEach { $0.cancel() }
        server.stop()
        print("stopped")
        return 0
    }
}

/// The demo service of `xmlbind rpc serve`.
enum DemoService {
    static func dispatcher() -> XMLRPCDispatcher {
        var dispatcher = XMLRPCDispatcher()
        dispatcher.register("echo", help: "Returns its parameter unchanged.") { (value: XMLRPCValue) in value }
        dispatcher.register("demo.add", help: "Adds two ints.") { (a: Int32, b: Int32) -> Int64 in Int64(a) + Int64(b) }
        dispatcher.register("demo.upper", help: "Returns the string in upper case.") { (text: String) in
            text.uppercased()
        }
        dispatcher.register("demo.stats", help: "Returns {count, sum, mean} of an array of doubles.") {
            (numbers: [Double]) -> XMLRPCValue in
            let sum = numbers.reduce(0, +)
            return [
                "count": .int(Int32(clamping: numbers.count)), "sum": .double(sum),
                "mean": .double(numbers.isEmpty ? 0 : sum / Double(numbers.count)),
            ]
        }
        dispatcher.register("demo.now", help: "Returns the server's time.") { () in Date() }
        dispatcher.register("demo.fail", help: "Sends the fault it is given.") {
            (code: Int32, message: String) -> Bool in
            throw XMLRPCError.fault(code: Int(code), message)
        }
        return dispatcher
    }
}
