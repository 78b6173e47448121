import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Replacing a file keeps what the file was: its mode, its owner and group, and a
/// symbolic link stays a link whose target gets the new contents.
@Suite struct WritingFileTests {
    static let binder = WritingOutputTests.binder

    static func mode(_ path: String) -> (mode: mode_t, uid: uid_t, gid: gid_t, isLink: Bool) {
        var status = stat()
        _ = lstat(path, &status)
        return (status.st_mode & 0o7777, status.st_uid, status.st_gid, status.st_mode & S_IFMT == S_IFLNK)
    }

    @Test(arguments: [0o600, 0o640, 0o755, 0o444] as [mode_t])
    func theModeOfTheReplacedFileIsKept(_ mode: mode_t) throws {
        let url = try temporaryDirectory().appendingPathComponent("log.xml")
        try Data("<log/>".utf8).write(to: url)
        #expect(chmod(url.path, mode) == 0)
        try Self.binder.write(WritingOutputTests.log(count: 2), to: url)
        #expect(Self.mode(url.path).mode == mode)
        #expect(try Self.binder.parse(contentsOf: url, as: WritingOutputTests.Log.self).entries.count == 2)
    }

    @Test func theOwnerAndGroupOfTheReplacedFileAreKept() throws {
        let url = try temporaryDirectory().appendingPathComponent("log.xml")
        try Data("<log/>".utf8).write(to: url)
        // As root the file can belong to someone else; otherwise it is ours, and stays so.
        if getuid() == 0 { #expect(chown(url.path, 4_321, 8_765) == 0) }
        let before = Self.mode(url.path)
        try Self.binder.write(WritingOutputTests.log(count: 1), to: url)
        let after = Self.mode(url.path)
        #expect(after.uid == before.uid && after.gid == before.gid)
        #expect(try String(contentsOf: url, encoding: .utf8).contains("message number 0"))
    }

    @Test func aNewFileGetsTheUsualMode() throws {
        let url = try temporaryDirectory().appendingPathComponent("new.xml")
        try Self.binder.write(WritingOutputTests.log(count: 1), to: url)
        let mask = umask(0o022)
        umask(mask)
        #expect(Self.mode(url.path).mode == 0o666 & ~mask)
    }

    @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
        let folder = try temporaryDirectory()
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("log.xml")
        try Data("<log/>".utf8).write(to: target)
        #expect(chmod(target.path, 0o600) == 0)
        // A relative link to a relative link.
        let first = folder.appendingPathComponent("first.xml")
        let second = folder.appendingPathComponent("second.xml")
        #expect(symlink("real/log.xml", first.path) == 0)
        #expect(symlink("first.xml", second.path) == 0)
        try Self.binder.write(WritingOutputTests.log(count: 3), to: second)
        #expect(Self.mode(second.path).isLink && Self.mode(first.path).isLink)
        #expect(try Self.binder.parse(contentsOf: target, as: WritingOutputTests.Log.self).entries.count == 3)
        #expect(Self.mode(target.path).mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["log.xml"])
    }

    @Test func aDanglingLinkCreatesItsTarget() throws {
        let folder = try temporaryDirectory()
        let link = folder.appendingPathComponent("link.xml")
        #expect(symlink("made.xml", link.path) == 0)
        try Self.binder.write(WritingOutputTests.log(count: 1), to: link)
        #expect(Self.mode(link.path).isLink)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("made.xml").path))
    }

    @Test func aLinkLoopIsAnIOError() throws {
        let folder = try temporaryDirectory()
        let link = folder.appendingPathComponent("loop.xml")
        #expect(symlink("loop.xml", link.path) == 0)
        let error = bindError { try Self.binder.write(WritingOutputTests.log(count: 1), to: link) }
        #expect(error?.code == .io)
        #expect(error?.message == "cannot write '\(link.path)': too many levels of symbolic links")
    }
}
