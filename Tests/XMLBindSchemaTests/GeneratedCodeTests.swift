import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

@Suite("Generated code")
struct GeneratedCodeTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/XSD")

    /// The models the compile test builds together in one target, by name and schema.
    static let models: [(name: String, schema: String)] = [
        ("PurchaseOrders", "po.xsd"), ("Library", "library.xsd"), ("Hostile", "hostile.xsd"),
    ]

    static func generate(_ name: String, _ schema: String) -> ModelGenerator.Result {
        ModelGenerator(name: name, inputs: [URL(fileURLWithPath: schema, relativeTo: fixtures)]).generate()
    }

    @Test("The same schemas give the same bytes")
    func deterministic() {
        for (name, schema) in Self.models {
            let first = Self.generate(name, schema)
            let second = Self.generate(name, schema)
            #expect(!first.failed, "\(first.diagnostics)")
            #expect(first.files == second.files)
        }
        // An element without a type (xs:anyType) takes its whole text, with a located warning.
        let library = Self.generate("Library", "library.xsd")
        #expect(
            library.files[0].contents.contains(#".element(\.extra, xml: "{urn:example:library}extra").wholeText()"#))
        #expect(
            library.diagnostics.map(\.description).contains(
                "library.xsd:62:11: warning: <extra> is of xs:anyType: its text is kept, elements inside it are read "
                    + "as text and not written back"))
    }

    @Test("Hostile names and documentation stay inside comments and string literals")
    func hostile() throws {
        let result = Self.generate("Hostile", "hostile.xsd")
        #expect(!result.failed, "\(result.diagnostics)")
        let lines = result.files.flatMap { $0.contents.split(separator: "\n", omittingEmptySubsequences: false) }
        for line in lines {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            // Outside comments, the hostile texts appear only inside string literals.
            for needle in ["#if", "#endif", "pwned", "exit(1)", "injected", "*/"] where code.contains(needle) {
                let before = code.components(separatedBy: needle)[0]
                #expect(before.contains("\""), "\(needle) outside a literal: \(code)")
            }
            #expect(!code.contains("\u{202E}"))
        }
        let quote = try #require(result.files.first { $0.name == "Hostile+Quote.swift" })
        #expect(quote.contents.contains(#"case exit1 = "\")); exit(1); (\"""#))
        #expect(quote.contents.contains(#"case evil = "\\(evil)""#))
        #expect(quote.contents.contains("case `case` = \"case\""))
    }

    /// Generates the models into a package of their own that depends on this one, builds it
    /// with warnings as errors in Swift 6 mode, and runs its program on instances.
    @Test(
        "Generated code compiles without warnings in Swift 6, binds, writes back, and locates bad values",
        .timeLimit(.minutes(30)))
    func compilesAndRuns() throws {
        let package = try temporaryDirectory()
        let sources = package.appendingPathComponent("Sources/GeneratedCheck")
        for (name, schema) in Self.models {
            let result = Self.generate(name, schema)
            #expect(!result.failed, "\(result.diagnostics)")
            try ModelGenerator.write(result.files, to: sources)
        }
        try Data(Self.manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data(Self.program.utf8).write(to: sources.appendingPathComponent("main.swift"))
        // The build-tool plugin generates from a target's own schema at build time.
        let pluginTarget = package.appendingPathComponent("Sources/PluginCheck")
        try FileManager.default.createDirectory(at: pluginTarget, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("po.xsd"), to: pluginTarget.appendingPathComponent("po.xsd"))
        try Data(Self.pluginProgram.utf8).write(to: pluginTarget.appendingPathComponent("main.swift"))
        let scratch = TestPackage.root.appendingPathComponent(".build/generated-check")
        let swift = URL(fileURLWithPath: "/usr/bin/env")
        let build = try ProcessRun.run(
            swift, ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path],
            errorsIntoOutput: true)
        try #require(build.status == 0, "\(build.stdout)")
        let program = scratch.appendingPathComponent("debug/GeneratedCheck")
        func run(_ model: String, _ instance: String) throws -> ProcessRun {
            try ProcessRun.run(
                program, [model, Self.fixtures.appendingPathComponent(instance).path], errorsIntoOutput: true)
        }

        let order = try run("po", "po.xml")
        #expect(order.status == 0, "\(order.stdout)")
        #expect(order.stdout.hasPrefix("round trip: same\n"))
        for text in ["partNum=\"872-AA\"", ">148.95<", ">Alice Smith<", "priority=\"high\"", ">1999-05-21<"] {
            #expect(order.stdout.contains(text), "\(text) missing from \(order.stdout)")
        }
        let library = try run("library", "library.xml")
        #expect(library.status == 0, "\(library.stdout)")
        #expect(library.stdout.hasPrefix("round trip: same\n"))
        for text in [
            "xml:lang=\"en\"", "x:branch=\"north\"", "travel space<", "cover=\"CAFE\"", "currency=\"USD\"",
            "edition=\"revised\"",
        ] {
            #expect(library.stdout.contains(text), "\(text) missing from \(library.stdout)")
        }
        let hostile = try run("hostile", "hostile.xml")
        #expect(hostile.status == 0, "\(hostile.stdout)")
        #expect(hostile.stdout.contains(#">\(evil)<"#))

        let plugin = try ProcessRun.run(
            scratch.appendingPathComponent("debug/PluginCheck"), [Self.fixtures.appendingPathComponent("po.xml").path],
            errorsIntoOutput: true)
        #expect(plugin.status == 0, "\(plugin.stdout)")
        #expect(plugin.stdout == "Alice Smith, 2 items\n")

        try checkAgainstXMLSchema(run)

        let invalid = try run("po", "po-invalid.xml")
        #expect(invalid.status == 1)
        let errors = invalid.stdout.split(separator: "\n").filter { $0.hasPrefix("po-invalid.xml:") }
        #expect(
            errors == [
                #"po-invalid.xml:2:49: error: cannot convert "urgent" to Priority for property 'priority' of <purchaseOrder>: not one of low, normal, high"#,
                "po-invalid.xml:3:3: error: <USAddress> is missing required property 'name' (child element <name>)",
                #"po-invalid.xml:14:10: error: cannot convert "9581x" to Decimal for property 'zip' of <USAddress>: not a decimal number"#,
                #"po-invalid.xml:17:20: error: cannot convert "872-aa" to String for property 'partNum' of <item>: does not match the pattern ^(?:\d{3}-[A-Z]{2})$"#,
                #"po-invalid.xml:19:17: error: cannot convert "100" to UInt for property 'quantity' of <item>: the value must be less than 100"#,
            ])
    }

    /// xmlschema (PyPI) as the reference: an instance it accepts binds, and writing it back
    /// gives what it decodes to the same values; one it refuses is refused by the binder, with
    /// as many located errors as it gives reasons.
    private func checkAgainstXMLSchema(_ run: (String, String) throws -> ProcessRun) throws {
        let peers = try ProcessRun.run(
            URL(fileURLWithPath: "/bin/bash"), [TestPackage.root.appendingPathComponent("scripts/soap-peers.sh").path])
        try #require(peers.status == 0, "scripts/soap-peers.sh failed: \(peers.stderr)")
        let python = URL(fileURLWithPath: peers.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let script = Self.fixtures.deletingLastPathComponent().appendingPathComponent("Peers/xmlschema_peer.py").path
        func peer(_ arguments: [String]) throws -> [String] {
            let result = try ProcessRun.run(python, [script] + arguments, errorsIntoOutput: true)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        let cases: [(model: String, schema: String, instance: String)] = [
            ("po", "po.xsd", "po.xml"), ("po", "po.xsd", "po-invalid.xml"), ("library", "library.xsd", "library.xml"),
            ("library", "library.xsd", "library-too-many.xml"),
        ]
        let folder = try temporaryDirectory()
        for (model, schema, instance) in cases {
            let schemaPath = Self.fixtures.appendingPathComponent(schema).path
            let instancePath = Self.fixtures.appendingPathComponent(instance).path
            let verdict = try peer(["validate", schemaPath, instancePath])
            let bound = try run(model, instance)
            if verdict.first == "valid" {
                #expect(bound.status == 0, "\(instance): xmlschema accepts it, the binder does not: \(bound.stdout)")
                let written = folder.appendingPathComponent(instance)
                try Data(bound.stdout.split(separator: "\n").dropFirst().joined(separator: "\n").utf8).write(
                    to: written)
                let compared = try peer(["compare", schemaPath, instancePath, written.path])
                #expect(compared.first == "same", "\(instance): written back, it decodes differently: \(compared)")
            } else {
                #expect(verdict.first == "invalid", "\(instance): \(verdict)")
                let errors = bound.stdout.split(separator: "\n").filter { $0.hasPrefix(instance + ":") }
                #expect(bound.status == 1)
                #expect(errors.count == verdict.count - 1, "\(instance): \(verdict.dropFirst()) against \(errors)")
            }
        }
    }

    static var manifest: String {
        """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "GeneratedCheck",
            platforms: [.macOS(.v15)],
            dependencies: [.package(path: \(String(reflecting: TestPackage.root.path)))],
            targets: [
                .executableTarget(
                    name: "GeneratedCheck",
                    dependencies: [.product(name: "XMLBind", package: \(String(reflecting: TestPackage.root.lastPathComponent)))],
                    swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
                .executableTarget(
                    name: "PluginCheck",
                    dependencies: [.product(name: "XMLBind", package: \(String(reflecting: TestPackage.root.lastPathComponent)))],
                    swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
                    plugins: [.plugin(name: "XMLBindGeneratorPlugin", package: \(String(reflecting: TestPackage.root.lastPathComponent)))]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// Binds an order through the model the plugin generated at build time.
    static let pluginProgram = #"""
        import Foundation

        let url = URL(fileURLWithPath: CommandLine.arguments[1])
        let order = try PluginCheckSchema.binder.parse(
            contentsOf: url, as: PluginCheckSchema.PurchaseOrderType.self, file: url.lastPathComponent)
        print("\(order.shipTo?.name ?? "?"), \(order.items?.item.count ?? 0) items")

        """#

    /// Parses an instance through a model's binder, writes it, parses and writes that again:
    /// prints whether the two writes agree, then the first.
    static let program = #"""
        import Foundation
        import XMLBind

        func roundTrip<T>(_ binder: XMLBinder, _ type: T.Type, _ url: URL) throws {
            let first = try binder.xml(from: binder.parse(contentsOf: url, as: type, file: url.lastPathComponent))
            let second = try binder.xml(from: binder.parse(first, as: type, file: "written.xml"))
            print(first == second ? "round trip: same" : "round trip: differs\n" + second)
            print(first)
        }

        let url = URL(fileURLWithPath: CommandLine.arguments[2])
        do {
            switch CommandLine.arguments[1] {
            case "po": try roundTrip(PurchaseOrders.binder, PurchaseOrders.PurchaseOrderType.self, url)
            case "library": try roundTrip(Library.binder, Library.LibraryType.self, url)
            default: try roundTrip(Hostile.binder, Hostile.Class.self, url)
            }
        } catch {
            print(error)
            exit(1)
        }

        """#
}
