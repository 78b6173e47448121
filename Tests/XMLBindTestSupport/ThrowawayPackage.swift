import Foundation

/// A package of its own that depends on this one, written into a temporary folder and built
/// with `swift build`: how the generator's tests prove that generated code compiles without
/// warnings in Swift 6 mode, and that the build-tool plugin runs.
public struct ThrowawayPackage: Sendable {
    /// One executable target: its products of this package, and whether the generator's
    /// build-tool plugin runs on it.
    public struct Target: Sendable {
        public var name: String
        public var products: [String]
        public var usesGeneratorPlugin: Bool

        public init(_ name: String, products: [String], usesGeneratorPlugin: Bool = false) {
            self.name = name
            self.products = products
            self.usesGeneratorPlugin = usesGeneratorPlugin
        }
    }

    /// The package's folder.
    public let folder: URL
    /// Where it is built: under this package's `.build`, so that a second run reuses the
    /// first's build of this package.
    public let scratch: URL

    /// Writes the manifest of a package `name` holding `targets`, each built with warnings as
    /// errors in Swift 6 mode, to be built in this package's `.build/<scratchFolder>`.
    public init(name: String, targets: [Target], scratchFolder: String) throws {
        folder = try temporaryDirectory()
        scratch = TestPackage.root.appendingPathComponent(".build/\(scratchFolder)")
        try Data(Self.manifest(name: name, targets: targets).utf8).write(
            to: folder.appendingPathComponent("Package.swift"))
    }

    /// The source folder of `target`, created when missing.
    public func sources(_ target: String) throws -> URL {
        let url = folder.appendingPathComponent("Sources/\(target)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `program` as `target`'s `main.swift`, and copies `inputs` (schemas the plugin
    /// generates from) beside it.
    public func addProgram(_ program: String, to target: String, copying inputs: [URL] = []) throws {
        let sources = try sources(target)
        try Data(program.utf8).write(to: sources.appendingPathComponent("main.swift"))
        for input in inputs {
            try FileManager.default.copyItem(at: input, to: sources.appendingPathComponent(input.lastPathComponent))
        }
    }

    /// Builds the package (debug) and answers the build's output and status.
    public func build() async throws -> ProcessRun {
        try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "build", "--package-path", folder.path, "--scratch-path", scratch.path], errorsIntoOutput: true)
    }

    /// Runs a built executable of the package to its end, standard error with its output.
    public func run(_ target: String, _ arguments: [String]) async throws -> ProcessRun {
        try await ProcessRun.run(
            scratch.appendingPathComponent("debug/\(target)"), arguments, errorsIntoOutput: true)
    }

    static func manifest(name: String, targets: [Target]) -> String {
        let root = String(reflecting: TestPackage.root.path)
        let package = String(reflecting: TestPackage.root.lastPathComponent)
        let declared = targets.map { target in
            let products = target.products.map { ".product(name: \(String(reflecting: $0)), package: \(package))" }
            let plugin =
                target.usesGeneratorPlugin
                ? ",\n            plugins: [.plugin(name: \"XMLBindGeneratorPlugin\", package: \(package))]" : ""
            return """
                    .executableTarget(
                        name: \(String(reflecting: target.name)),
                        dependencies: [\(products.joined(separator: ", "))],
                        swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]\(plugin)),
                """
        }
        return """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: \(String(reflecting: name)),
                platforms: [.macOS(.v15)],
                dependencies: [.package(path: \(root))],
                targets: [
            \(declared.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}
