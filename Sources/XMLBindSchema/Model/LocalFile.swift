import Foundation

/// What the readers check before they open a file an input names: only a regular file is
/// read, so that a schema or DTD naming a FIFO, a device (`/dev/stdin`) or a folder cannot
/// make the generator wait for input that never comes.
enum LocalFile {
    /// Why the path cannot be read as an input, or `nil` for a regular file (symbolic links
    /// followed).
    ///
    /// - Parameter path: The file's path.
    /// - Returns: `"no such file"`, `"it is a folder"`, or that it is not a regular file.
    static func problem(atPath path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // `attributesOfItem` does not follow a last link; one left (to a pipe, say) is refused.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved) else {
            return FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: return nil
        case .typeDirectory?: return "it is a folder"
        default: return "it is not a regular file (a pipe, a device or a socket is never read)"
        }
    }
}
