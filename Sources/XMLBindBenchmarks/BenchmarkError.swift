/// A failure that ends the benchmark with a message and a non-zero exit status.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    /// The exit status: 64 (`EX_USAGE`) for bad arguments, 1 otherwise.
    let status: Int32

    init(_ description: String, status: Int32 = 1) {
        self.description = description
        self.status = status
    }

    /// A bad command line.
    static func usage(_ description: String) -> BenchmarkError {
        BenchmarkError(description + "\nRun with --help for the options.", status: 64)
    }
}
