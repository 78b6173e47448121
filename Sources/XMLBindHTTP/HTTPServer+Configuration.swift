extension HTTPServer {
    /// Where an ``HTTPServer`` listens and what it accepts.
    public struct Configuration: Sendable {
        /// The IPv4 address to listen on (`127.0.0.1` by default; `0.0.0.0` for every interface).
        public var host: String
        /// The port; 0 (the default) lets the system pick a free one, which ``HTTPServer/port``
        /// then reports.
        public var port: UInt16
        /// The largest request body accepted, in bytes, before and after gzip decompression
        /// (10 MiB by default); a larger one gets 413.
        public var maximumBodySize: Int
        /// Whether responses are gzipped for clients that send `Accept-Encoding: gzip`.
        public var compressesResponses: Bool
        /// Bodies shorter than this are sent uncompressed, since gzip would not pay off.
        public var minimumCompressedSize: Int
        /// How many connections are served at once; each has a thread of its own.
        public var connectionLimit: Int
        /// Seconds an idle connection is kept open.
        public var idleTimeout: Int

        /// Creates a configuration; every parameter has the default described on its property.
        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 0,
            maximumBodySize: Int = 10 * 1024 * 1024,
            compressesResponses: Bool = true,
            minimumCompressedSize: Int = 1024,
            connectionLimit: Int = 64,
            idleTimeout: Int = 30
        ) {
            self.host = host
            self.port = port
            self.maximumBodySize = maximumBodySize
            self.compressesResponses = compressesResponses
            self.minimumCompressedSize = minimumCompressedSize
            self.connectionLimit = connectionLimit
            self.idleTimeout = idleTimeout
        }
    }
}
