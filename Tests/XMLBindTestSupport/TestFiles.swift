import Foundation

/// Where the package's files are, for tests that read them or run its scripts.
public enum TestPackage {
    /// The package's root folder (this file is `Tests/XMLBindTestSupport/TestFiles.swift`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// A fresh, empty directory under the system's temporary directory.
public func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("XMLBindTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
