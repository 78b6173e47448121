import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

#if canImport(Glibc)
    import Glibc
#endif

/// Writing a file under faults (issue 33 item 4): a full disk, a read-only or missing
/// folder, a directory in the file's place, a temporary a killed writer left, a pipe whose
/// reader has gone. Each is an ``XMLBindError`` with code `.io` naming the path, the old
/// file is unchanged, and no temporary stays.
@Suite(.serialized) struct WritingFaultTests {
    static let binder = WritingOutputTests.binder

    /// The temporaries in `folder`: `.NAME.<UUID>.tmp`.
    static func temporaries(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasPrefix(".") && $0.hasSuffix(".tmp")
        }
    }

    /// Whether this process may mount a tmpfs (root, and a kernel that lets it): tried once.
    static let canMount: Bool = {
        guard getuid() == 0, let folder = try? temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard mount(folder.path) else { return false }
        return unmount(folder.path)
    }()

    /// Mounts a 64 KiB tmpfs on `path` with mount(2): a system call, not a `mount` child
    /// process a test would wait for.
    static func mount(_ path: String, readOnly: Bool = false) -> Bool {
        Glibc.mount("tmpfs", path, "tmpfs", readOnly ? UInt(MS_RDONLY) : 0, "size=64k") == 0
    }

    @discardableResult
    static func unmount(_ path: String) -> Bool {
        umount(path) == 0
    }

    @Test(
        .enabled(if: canMount, "mounting a tmpfs needs root (`id -u` 0) and a kernel that permits it"))
    func aFullDiskLeavesTheOldFileAndNoTemporary() throws {
        let folder = try temporaryDirectory()
        #expect(Self.mount(folder.path))
        defer { Self.unmount(folder.path) }
        let url = folder.appendingPathComponent("log.xml")
        try Self.binder.write(WritingOutputTests.log(count: 3), to: url)
        let old = try Data(contentsOf: url)
        // About 250 KB: four times the disk.
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.write(WritingOutputTests.log(count: 5_000), to: url)
        }
        #expect(error?.code == .io)
        #expect(error?.message.contains("'\(url.path)'") == true)
        #expect(error?.message.contains("the disk is full") == true)
        #expect(try Data(contentsOf: url) == old)
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    @Test func aReadOnlyFolderIsAClearError() throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("log.xml")
        try Self.binder.write(WritingOutputTests.log(count: 3), to: url)
        let old = try Data(contentsOf: url)
        // Root writes through a folder's mode bits; a read-only mount stops it.
        if Self.canMount {
            #expect(Self.mount(folder.path, readOnly: true))
        } else {
            #expect(chmod(folder.path, 0o555) == 0)
        }
        defer {
            if Self.canMount { Self.unmount(folder.path) } else { chmod(folder.path, 0o755) }
        }
        let target = Self.canMount ? folder.appendingPathComponent("log.xml") : url
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.write(WritingOutputTests.log(count: 10), to: target)
        }
        #expect(error?.code == .io)
        #expect(error?.message.contains("'\(target.path)'") == true)
        #expect(error?.message.contains("cannot create a file in its folder") == true)
        if !Self.canMount { #expect(try Data(contentsOf: url) == old) }
    }

    @Test func aDirectoryInTheFilesPlaceIsAClearError() throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("log.xml")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.write(WritingOutputTests.log(count: 1), to: url)
        }
        #expect(error?.code == .io)
        #expect(error?.message == "cannot write '\(url.path)': it is a directory")
        #expect(Self.temporaries(in: folder).isEmpty)
    }

    @Test func aMissingFolderIsAClearError() throws {
        let folder = try temporaryDirectory().appendingPathComponent("missing")
        let url = folder.appendingPathComponent("log.xml")
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.write(WritingOutputTests.log(count: 1), to: url)
        }
        #expect(error?.code == .io)
        #expect(
            error?.message.contains("cannot write '\(url.path)': its folder '\(folder.path)' does not exist") == true)
    }

    @Test func theNextWriteRemovesAStaleTemporaryAndKeepsALiveOne() throws {
        let folder = try temporaryDirectory()
        let url = folder.appendingPathComponent("log.xml")
        // What a killed writer leaves: nobody holds its lock.
        let stale = folder.appendingPathComponent(".log.xml.\(UUID().uuidString).tmp")
        try Data("<log><entry".utf8).write(to: stale)
        // A writer still at work: its lock is held.
        let live = folder.appendingPathComponent(".log.xml.\(UUID().uuidString).tmp")
        try Data("<log>".utf8).write(to: live)
        let held = open(live.path, O_RDONLY)
        #expect(flock(held, LOCK_EX) == 0)
        defer { close(held) }
        // Another file's temporary, and a name that only looks like one, are not ours.
        let other = folder.appendingPathComponent(".other.xml.\(UUID().uuidString).tmp")
        let lookalike = folder.appendingPathComponent(".log.xml.mine.tmp")
        try Data().write(to: other)
        try Data().write(to: lookalike)
        try Self.binder.write(WritingOutputTests.log(count: 1), to: url)
        let kept = Set([live, other, lookalike].map(\.lastPathComponent))
        #expect(Set(Self.temporaries(in: folder)) == kept)
    }

    @Test func aClosedPipeIsAnErrorNotASignal() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        // Before the fix, SIGPIPE ended the whole test process here.
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.write(WritingOutputTests.log(count: 1_000), to: pipe.fileHandleForWriting)
        }
        #expect(error?.code == .io)
        #expect(error?.message.contains("the reader has closed its end") == true)
        try pipe.fileHandleForWriting.close()
    }
}
