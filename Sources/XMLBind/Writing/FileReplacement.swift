import Foundation

/// Replaces a file the way editors do: the new contents go to a temporary file next to
/// the file, which takes the file's place only once it is complete.
///
/// A symbolic link is followed to the file it names (through any chain of links), so the
/// link stays a link and its target gets the new contents. A file that exists keeps its
/// permission bits and its owner and group; a new file gets the usual `0666` less the
/// process's umask.
struct FileReplacement {
    /// The file that is replaced: `path` with its symbolic links followed.
    let target: String
    /// The temporary file, open for writing.
    let handle: FileHandle
    private let temporary: String
    /// The path the user gave, for messages.
    private let path: String

    /// Creates the temporary file next to the target, with the target's mode and owner.
    ///
    /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io``.
    init(replacing path: String) throws(XMLBindError) {
        self.path = path
        target = try Self.followingLinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(UUID().uuidString).tmp"
        var existing = stat()
        let exists = stat(target, &existing) == 0
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw Self.error(path, "cannot create a file in its folder (\(Self.reason()))")
        }
        if exists {
            var created = stat()
            let kept =
                fchmod(descriptor, existing.st_mode & 0o7777) == 0
                && (fstat(descriptor, &created) == 0
                    && (created.st_uid == existing.st_uid && created.st_gid == existing.st_gid
                        || fchown(descriptor, existing.st_uid, existing.st_gid) == 0))
            if !kept {
                let reason = Self.reason()
                close(descriptor)
                unlink(temporary)
                throw Self.error(
                    path,
                    "cannot give the new file the mode and owner of the old one (\(reason)); the file is unchanged")
            }
        }
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Puts the complete temporary file in the target's place.
    func commit() throws(XMLBindError) {
        do {
            try handle.close()
        } catch {
            abort()
            throw Self.error(path, error.localizedDescription)
        }
        guard rename(temporary, target) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw Self.error(path, reason)
        }
    }

    /// Removes the temporary file; the target is unchanged.
    func abort() {
        try? handle.close()
        unlink(temporary)
    }

    /// `path` with its symbolic links followed, to the file they finally name (which
    /// need not exist yet).
    private static func followingLinks(_ path: String) throws(XMLBindError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw error(path, "cannot read the symbolic link '\(current)' (\(reason()))") }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent(destination)
        }
        throw error(path, "too many levels of symbolic links")
    }

    private static func reason() -> String {
        String(cString: strerror(errno))
    }

    private static func error(_ path: String, _ reason: String) -> XMLBindError {
        XMLBindError(
            code: .io, message: "cannot write '\(path)': \(reason)", origin: Origin(file: path, line: 0, column: 0))
    }
}
