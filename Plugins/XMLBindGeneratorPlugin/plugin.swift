import Foundation
import PackagePlugin

/// Generates Swift models from the `.xsd`, `.dtd` and `.wsdl` files of a target at build time,
/// as `xmlbind generate` does, the way swift-protobuf's plugin does for `.proto` files. A
/// target with a `.wsdl` gets its client and service protocol too, and must depend on
/// XMLBindSOAP.
///
/// Every schema of the target is read into one model (so schemas that import each other
/// generate together), written as one file, `NAME.swift`, compiled with the target's own
/// sources. `NAME` is the target's name followed by `Schema` (`Orders` → `OrdersSchema`),
/// unless a file `xmlbind-generate.name` in the target holds another.
@main
struct XMLBindGeneratorPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let schemas = ["xsd", "dtd", "wsdl"].flatMap { target.sourceFiles(withSuffix: $0) }
            .map(\.url).sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        let name = modelName(of: target)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated")
        let tool = try context.tool(named: "XMLBindGenerator")
        return [
            .buildCommand(
                displayName: "Generating \(name) from \(schemas.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool.url,
                arguments: ["--name", name, "--output", output.path, "--single-file"] + schemas.map(\.path),
                inputFiles: schemas,
                outputFiles: [output.appendingPathComponent("\(name).swift")])
        ]
    }

    private func modelName(of target: SourceModuleTarget) -> String {
        let file = target.directoryURL.appendingPathComponent("xmlbind-generate.name")
        if let text = try? String(contentsOf: file, encoding: .utf8) {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return target.name.filter { $0.isLetter || $0.isNumber || $0 == "_" } + "Schema"
    }
}
