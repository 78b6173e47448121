#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a file the way editors do: the new contents go to a temporary file next to
/// the file, which takes the file's place only once it is complete.
///
/// A symbolic link is followed to the file it names (through any chain of links), so the
/// link stays a link and its target gets the new contents. A file that exists keeps its
/// permission bits and its owner and group; a new file gets the usual `0666` less the
/// process's umask.
///
/// Durability: the temporary file is `fsync`ed before the rename, and the folder after
/// it, so that after a power loss the file is the old document or the new one, never an
/// empty or partial file (a rename can otherwise reach the disk before the data does).
///
/// A process killed while writing leaves its temporary behind: `.name.<UUID>.tmp` in the
/// file's folder. The writer holds an exclusive `flock` on its temporary for as long as
/// it writes; the lock dies with the process. Each later replacement of the same file
/// removes the temporaries of that file that nobody holds, so a stale temporary lives
/// only until the next write of that path.
struct FileReplacement {
    /// The file that is replaced: `path` with its symbolic links followed.
    let target: String
    /// The temporary file, open for writing and locked.
    private let descriptor: Int32
    private let temporary: String
    /// The path the user gave, for messages.
    private let path: String

    /// Creates the temporary file next to the target, with the target's mode and owner.
    ///
    /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io``.
    init(replacing path: String) throws(XMLBindError) {
        self.path = path
        target = try Self.followingLinks(path)
        let folder = Self.folder(of: target)
        let name = Self.lastComponent(of: target)
        let prefix = ".\(name)."
        let directory = folder.isEmpty ? "." : folder
        Self.removeStaleTemporaries(in: directory, prefix: prefix)
        var status = stat()
        if stat(directory, &status) != 0 {
            throw Self.error(
                path,
                errno == ENOENT
                    ? "its folder '\(directory)' does not exist"
                    : "cannot reach its folder '\(directory)' (\(Self.reason()))")
        }
        if stat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
            throw Self.error(path, "it is a directory")
        }
        var existing = stat()
        let exists = stat(target, &existing) == 0
        var created: (descriptor: Int32, temporary: String)?
        // A cleaner that took the lock between `open` and `flock` has unlinked the file:
        // then again, with another name.
        for _ in 0..<8 where created == nil {
            let candidate = directory + "/" + prefix + UUID().uuidString + ".tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                throw Self.error(path, "cannot create a file in its folder '\(directory)' (\(Self.reason()))")
            }
            var locked = stat()
            while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
            if fstat(descriptor, &locked) == 0 && locked.st_nlink > 0 {
                created = (descriptor, candidate)
            } else {
                close(descriptor)
            }
        }
        guard let created else { throw Self.error(path, "cannot keep a temporary file in its folder") }
        descriptor = created.descriptor
        temporary = created.temporary
        if exists {
            var made = stat()
            let kept =
                fchmod(descriptor, existing.st_mode & 0o7777) == 0
                && (fstat(descriptor, &made) == 0
                    && (made.st_uid == existing.st_uid && made.st_gid == existing.st_gid
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
    }

    /// Appends bytes to the temporary file.
    ///
    /// - Throws: ``XMLBindError`` with code ``XMLBindError/Code/io`` naming the path and
    ///   the reason (a full disk says so); the file is unchanged.
    func write(_ bytes: UnsafeRawBufferPointer) throws(XMLBindError) {
        do {
            try DescriptorOutput(descriptor: descriptor).write(bytes)
        } catch {
            throw Self.error(path, "\(error.reason); the file is unchanged")
        }
    }

    /// Puts the complete temporary file in the target's place, once it is on the disk.
    func commit() throws(XMLBindError) {
        // Some file systems report a full disk only here (or at `close`).
        var synced = fsync(descriptor)
        while synced != 0 && errno == EINTR { synced = fsync(descriptor) }
        if synced != 0 {
            let reason = DescriptorOutput.Failure(code: errno).reason
            abort()
            throw Self.error(path, "\(reason); the file is unchanged")
        }
        if close(descriptor) != 0 && errno != EINTR {
            let reason = DescriptorOutput.Failure(code: errno).reason
            unlink(temporary)
            throw Self.error(path, "\(reason); the file is unchanged")
        }
        guard rename(temporary, target) == 0 else {
            let reason = Self.reason()
            unlink(temporary)
            throw Self.error(path, "\(reason); the file is unchanged")
        }
        // The rename itself reaches the disk with the folder's own `fsync`.
        let folder = open(
            Self.folder(of: target).isEmpty ? "." : Self.folder(of: target), O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// Removes the temporary file; the target is unchanged.
    func abort() {
        close(descriptor)
        unlink(temporary)
    }

    /// Removes `prefix<UUID>.tmp` files in `folder` whose writer is gone: those whose
    /// lock can be taken. Best effort: what cannot be removed stays.
    private static func removeStaleTemporaries(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(4)
            guard middle.count == 36, UUID(uuidString: String(middle)) != nil else { continue }
            let candidate = folder + "/" + name
            let descriptor = open(candidate, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { unlink(candidate) }
            close(descriptor)
        }
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` gives it
    /// (`a/b` → `a`, `/a` → `/`, `a` → empty), in plain Swift: the core has no `NSString`.
    private static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(withoutTrailingSlashes(trimmed[..<slash]))
    }

    /// The last component of `path`, as `NSString.lastPathComponent` gives it.
    private static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `name` inside `folder`, as `NSString.appendingPathComponent` gives it.
    private static func joined(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    private static func withoutTrailingSlashes<S: StringProtocol>(_ path: S) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
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
                : Self.joined(Self.folder(of: current), destination)
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
