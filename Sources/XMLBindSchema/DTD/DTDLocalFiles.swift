import Foundation

/// The one place the DTD reader touches the file system: system identifiers resolved to
/// local files, and those files read within a size limit. Nothing else is ever fetched.
enum DTDLocalFiles {
    /// Why a file cannot be used, said after the thing that named it.
    struct Failure: Error {
        let reason: String
    }

    /// The local file `systemID` names: a path (relative to `baseDirectory`, or the current
    /// folder) or a `file:` URL.
    static func resolve(_ systemID: String, relativeTo baseDirectory: URL?) throws(Failure) -> URL {
        if let scheme = scheme(of: systemID) {
            guard scheme.lowercased() == "file", let url = URL(string: systemID), url.isFileURL else {
                throw Failure(
                    reason:
                        "'\(systemID)', which is not a local file: DTDs are read from local files only, nothing is fetched"
                )
            }
            return url
        }
        if systemID.hasPrefix("/") { return URL(fileURLWithPath: systemID) }
        let base = baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return base.appendingPathComponent(systemID)
    }

    /// The file's bytes, a UTF-8 byte order mark dropped.
    static func read(_ url: URL, limit: Int) throws(Failure) -> [UInt8] {
        let path = url.path
        if let problem = LocalFile.problem(atPath: path) { throw Failure(reason: problem) }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw Failure(reason: "it is \(size) bytes long, more than the limit of \(limit)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Failure(reason: "it cannot be read") }
        guard data.count <= limit else {
            throw Failure(reason: "it is \(data.count) bytes long, more than the limit of \(limit)")
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return bytes
    }

    /// A URI's scheme (`http`, `file`), if it has one; a Windows drive letter is not one.
    private static func scheme(of systemID: String) -> String? {
        guard let colon = systemID.firstIndex(of: ":") else { return nil }
        let scheme = systemID[..<colon]
        guard scheme.count > 1, let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return String(scheme)
    }
}
