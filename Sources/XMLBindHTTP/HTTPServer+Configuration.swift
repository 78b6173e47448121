import Foundation

extension HTTPServer {
    /// Where an ``HTTPServer`` listens, what it accepts, and how it holds out against slow or
    /// greedy clients.
    ///
    /// Connections are served by an event loop (libmicrohttpd's epoll loop on
    /// ``eventThreads`` threads), so an idle or slow connection costs a socket and a few
    /// kilobytes, not a thread. Handlers run on threads of their own (at most
    /// ``handlerThreadLimit``), never on the event loop. Every limit below has a default
    /// chosen for a service on the open internet; a test or a trusted network may raise them.
    public struct Configuration: Sendable {
        /// The IPv4 address to listen on (`127.0.0.1` by default; `0.0.0.0` for every interface).
        public var host: String
        /// The port; 0 (the default) lets the system pick a free one, which ``HTTPServer/port``
        /// then reports.
        public var port: UInt16
        /// The largest request body accepted, in bytes, before and after gzip decompression
        /// (10 MiB by default).
        ///
        /// A larger body gets `413 Payload Too Large` with a short text body. When the client
        /// sent `Expect: 100-continue` the 413 comes instead of `100 Continue`, so the body is
        /// never sent. Otherwise the server reads and discards the body (up to four times the
        /// limit plus 1 MiB; a longer one has its connection closed) so that the client, still
        /// sending, reads the 413 rather than a reset connection; the connection is closed after it.
        public var maximumBodySize: Int
        /// Whether responses are gzipped for clients that send `Accept-Encoding: gzip`.
        public var compressesResponses: Bool
        /// Bodies shorter than this are sent uncompressed, since gzip would not pay off.
        public var minimumCompressedSize: Int
        /// The most connections open at once, from all clients (1,000 by default); the next
        /// one is closed as soon as it is accepted. Each connection holds a socket: keep it
        /// under the process's file limit (`ulimit -n`).
        public var connectionLimit: Int
        /// The most connections open at once from one IP address (64 by default; 0 for no
        /// limit). A client that opens many idle connections takes at most these, leaving
        /// the rest of ``connectionLimit`` to everyone else.
        public var perIPConnectionLimit: Int
        /// Seconds a connection may stay without sending a byte, between requests or in the
        /// middle of one, before it is closed (15 by default; 0 for never).
        public var idleTimeout: Int
        /// Seconds a client has to send a request's headers, counted from its connection or
        /// from the end of its previous response (10 by default; 0 for no limit). Drops
        /// clients that send a header a byte at a time, which ``idleTimeout`` alone cannot.
        public var headerTimeout: Int
        /// Seconds a client has to send a whole request, headers and body, counted like
        /// ``headerTimeout`` (60 by default; 0 for no limit). Drops clients that trickle a
        /// body. Time a request spends in its handler does not count.
        public var requestTimeout: Int
        /// Threads of the event loop that reads and writes every connection (the number of
        /// cores by default, at most 4).
        public var eventThreads: Int
        /// The most handlers running at once, each on a thread of its own (64 by default).
        /// Requests that arrive while all are busy wait, in order, for a free one; their
        /// connections are suspended meanwhile and do not time out.
        public var handlerThreadLimit: Int
        /// Seconds ``HTTPServer/stop()`` waits for handlers in flight to answer (5 by
        /// default). A request still in its handler after that is answered
        /// `503 Service Unavailable`; its handler runs on to its end, unheard.
        public var shutdownGracePeriod: Int

        /// Creates a configuration; every parameter has the default described on its property.
        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            maximumBodySize: Int = 10 * 1024 * 1024,
            compressesResponses: Bool = true,
            minimumCompressedSize: Int = 1024,
            connectionLimit: Int = 1000,
            idleTimeout: Int = 15,
            perIPConnectionLimit: Int = 64,
            headerTimeout: Int = 10,
            requestTimeout: Int = 60,
            eventThreads: Int = min(4, ProcessInfo.processInfo.activeProcessorCount),
            handlerThreadLimit: Int = 64,
            shutdownGracePeriod: Int = 5
        ) {
            self.host = host
            self.port = port
            self.maximumBodySize = maximumBodySize
            self.compressesResponses = compressesResponses
            self.minimumCompressedSize = minimumCompressedSize
            self.connectionLimit = connectionLimit
            self.idleTimeout = idleTimeout
            self.perIPConnectionLimit = perIPConnectionLimit
            self.headerTimeout = headerTimeout
            self.requestTimeout = requestTimeout
            self.eventThreads = eventThreads
            self.handlerThreadLimit = handlerThreadLimit
            self.shutdownGracePeriod = shutdownGracePeriod
        }
    }
}
