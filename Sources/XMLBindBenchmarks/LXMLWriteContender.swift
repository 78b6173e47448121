import Foundation

/// lxml's C serializer writing the same document as ``WriteContender``: Python's
/// `lxml.etree.tostring` of the tree lxml parsed from the workload, run in a child Python
/// (`--python PATH`, by default the peers' environment `.build/soap-peers` that
/// `scripts/soap-peers.sh` makes) with its own clock.
///
/// Each timed run starts one child: it parses the document (outside its clock), serialises
/// the tree once as its own warm-up, then times one more `tostring` (wall clock and process
/// CPU time) and writes those bytes to a file. The runner takes the child's time in place
/// of its own (``ParseResult/peerWritten(_:_:seconds:cpuSeconds:)``), so the figure is
/// lxml's objects-to-bytes time, without the interpreter's start or the parse; the file is
/// read back with the binder for the checksum, as the other writers' bytes are.
struct LXMLWriteContender: Contender {
    let name = Contenders.lxmlName
    let writesGraph = true
    /// A Python that can `import lxml`.
    let python: String
    private let source = DocumentFile(label: "lxml")

    static let script = """
        import sys, time
        from lxml import etree
        source, target = sys.argv[1], sys.argv[2]
        tree = etree.parse(source, etree.XMLParser(huge_tree=True))
        etree.tostring(tree, encoding="UTF-8")
        start, cpu = time.perf_counter(), time.process_time()
        written = etree.tostring(tree, encoding="UTF-8")
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        with open(target, "wb") as output:
            output.write(written)
        print(seconds, cpu, len(written), "lxml", etree.__version__, "libxml2", etree.LIBXML_VERSION)
        """

    func prepare(_ document: Document) throws {
        _ = try source.path(of: document)
    }

    func parse(_ document: Document) throws -> ParseResult {
        let target = URL(fileURLWithPath: NSTemporaryDirectory() + "xmlbind-bench-lxml-\(getpid())-written.xml")
        let result = try ChildProcess.run([python, "-c", Self.script, try source.path(of: document), target.path])
        let fields = result.text.split(separator: " ")
        guard result.succeeded, fields.count >= 3, let seconds = Double(fields[0]), let cpu = Double(fields[1]) else {
            throw BenchmarkError(
                "lxml: \(python) did not write the document (wait status \(result.status)): \(result.text); "
                    + "make the peers' environment with scripts/soap-peers.sh or give --python PATH")
        }
        return .peerWritten(target, document.workload, seconds: seconds, cpuSeconds: cpu)
    }

    /// The peers' environment in the current directory, when it has been made.
    static var defaultPython: String? {
        let path = FileManager.default.currentDirectoryPath + "/.build/soap-peers/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}

/// A file holding a document's bytes: its own file, or a temporary copy of a generated one
/// (removed when the holder goes).
final class DocumentFile {
    private let label: String
    private var copy: (bytes: Data, path: String)?

    init(label: String) {
        self.label = label
    }

    deinit {
        if let copy { try? FileManager.default.removeItem(atPath: copy.path) }
    }

    func path(of document: Document) throws -> String {
        if let path = document.path { return path }
        if let copy, copy.bytes == document.bytes { return copy.path }
        let path = NSTemporaryDirectory() + "xmlbind-bench-\(getpid())-\(label).xml"
        try document.bytes.write(to: URL(fileURLWithPath: path))
        copy = (document.bytes, path)
        return path
    }
}
