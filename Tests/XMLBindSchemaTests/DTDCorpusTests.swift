import Foundation
import Testing
import XMLBind
import XMLBindSchema
import XMLBindTestSupport

/// The Debian corpora, and models inferred from samples, bound and written back through
/// generated code: each model is generated into a package of its own that depends on this
/// one, built with warnings as errors in Swift 6 mode, and its program binds every instance
/// with `NAME.binder` and writes it back; the test compares what was written with what was
/// read, as information sets (DTD defaults applied to both, so a default written out or left
/// out is the same information).
@Suite("DTDs and samples: generated code round-trips the corpora")
struct DTDCorpusTests {
    /// A generated model and the documents it must bind.
    struct Model {
        let name: String
        let inputs: [URL]
        let fromSamples: Bool
        let instances: [URL]
        let dtd: DTD?
    }

    static func models() throws -> [Model] {
        var models: [Model] = []
        let names = [
            "fontconfig": "FontConfig", "xkb": "XKB", "polkit": "Polkit", "gdb": "GDBSyscalls", "catalog": "XMLCatalog",
        ]
        for corpus in DTDFixtures.all {
            let dtdURL = try DTDFixtures.dtd(corpus)
            // gdb's DTD names its root `syscalls-info`; gdb writes `syscalls_info` (see the README).
            let written =
                corpus.folder == "gdb"
                ? dtdURL.deletingLastPathComponent().appendingPathComponent("gdb-syscalls-as-written.dtd") : dtdURL
            models.append(
                Model(
                    name: names[corpus.folder] ?? corpus.folder, inputs: [written], fromSamples: false,
                    instances: try DTDFixtures.instances(corpus), dtd: try DTDReader().read(contentsOf: written)))
        }
        let samples = try #require(Bundle.module.url(forResource: "Fixtures/Samples", withExtension: nil))
        let orders = ["orders-1.xml", "orders-2.xml"].map { samples.appendingPathComponent($0) }
        models.append(Model(name: "Orders", inputs: orders, fromSamples: true, instances: orders, dtd: nil))
        // Mixed content (issue 31): text among inline elements, from a DTD and from a sample.
        let mixed = try #require(Bundle.module.url(forResource: "Fixtures/Mixed", withExtension: nil))
        let article = mixed.appendingPathComponent("article.dtd")
        models.append(
            Model(
                name: "Article", inputs: [article], fromSamples: false,
                instances: [mixed.appendingPathComponent("article.xml")],
                dtd: try DTDReader().read(contentsOf: article)))
        let memo = [mixed.appendingPathComponent("memo.xml")]
        models.append(Model(name: "Memo", inputs: memo, fromSamples: true, instances: memo, dtd: nil))
        let policies = try DTDFixtures.instances(DTDFixtures.polkit)
        models.append(Model(name: "PolicySamples", inputs: policies, fromSamples: true, instances: policies, dtd: nil))
        return models
    }

    @Test("Every instance binds through NAME.binder and writes back the same information", .timeLimit(.minutes(30)))
    func corpora() async throws {
        let models = try Self.models()
        let package = try ThrowawayPackage(
            name: "DTDCheck", targets: [.init("DTDCheck", products: ["XMLBind"])],
            scratchFolder: "dtd-generated-check")
        let sources = try package.sources("DTDCheck")
        for model in models {
            let result = ModelGenerator(name: model.name, inputs: model.inputs, fromSamples: model.fromSamples)
                .generate()
            #expect(!result.failed, "\(model.name): \(result.diagnostics)")
            try ModelGenerator.write(result.files, to: sources)
        }
        try package.addProgram(Self.program(models.map(\.name)), to: "DTDCheck")
        let build = try await package.build()
        try #require(build.status == 0, "\(build.stdout)")

        for model in models {
            let output = try temporaryDirectory()
            let run = try await package.run("DTDCheck", [model.name, output.path] + model.instances.map(\.path))
            var bound = 0
            var same = 0
            for instance in model.instances {
                let file = instance.lastPathComponent
                guard run.stdout.contains("bound \(file)\n") else {
                    Issue.record("\(model.name): \(file) does not bind: \(run.stdout)")
                    continue
                }
                bound += 1
                let original = try DTDInfoset.of(Data(contentsOf: instance), file: file, defaults: model.dtd)
                let written = try DTDInfoset.of(
                    Data(contentsOf: output.appendingPathComponent(file)), file: file, defaults: model.dtd)
                if let difference = original.firstDifference(from: written) {
                    Issue.record("\(model.name): \(file) written back differs at \(difference)")
                } else {
                    same += 1
                }
            }
            // Mixed content: the information set above joins an element's text; the text must
            // also be back in its places among the children.
            for (file, texts) in Self.textInPlace[model.name] ?? [:] {
                let written = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
                for text in texts { #expect(written.contains(text), "\(model.name): \(text) missing from \(written)") }
            }
            // The figures of the report: instances that bind, and that round-trip.
            print("\(model.name): \(bound) of \(model.instances.count) bind, \(same) round-trip")
            #expect(run.status == 0)
        }
    }

    /// For the mixed-content models, text that the written file holds, in its places.
    static let textInPlace: [String: [String: [String]]] = [
        "Article": [
            "article.xml": [
                "<para>Text <em>with <code>code</code> inside</em>, a <link href=\"https://example.org\">link</link> "
                    + "and <code>x &lt; y</code>.</para>",
                "<para>Only text, &lt;kept&gt; as text.</para>",
                "<para><em>first</em> then\n    text on two lines</para>",
            ]
        ],
        "Memo": ["memo.xml": ["<body>Please <b>read</b> the <i>notes</i> by <b>Friday</b>.</body>"]],
    ]

    @Test("gdb's DTD as shipped names a root gdb's files do not use: each is refused with a located error")
    func gdbAsShipped() throws {
        let dtd = try DTDReader().read(contentsOf: DTDFixtures.dtd(DTDFixtures.gdb))
        #expect(dtd.likelyRoots == ["syscalls-info"])
        let instance = try DTDFixtures.instances(DTDFixtures.gdb)[0]
        let text = try String(contentsOf: instance, encoding: .utf8)
        #expect(text.contains("<syscalls_info>"))
    }

    /// Binds each file with the model's binder and writes it back into the output folder.
    static func program(_ names: [String]) -> String {
        """
        import Foundation
        import XMLBind

        let binders: [String: XMLBinder] = [\(names.map { "\"\($0)\": \($0).binder" }.joined(separator: ", "))]
        let arguments = CommandLine.arguments
        guard arguments.count >= 3, let binder = binders[arguments[1]] else { exit(2) }
        let output = URL(fileURLWithPath: arguments[2])
        var failures = 0
        for path in arguments.dropFirst(3) {
            let url = URL(fileURLWithPath: path)
            do {
                let object = try binder.parse(contentsOf: url, as: Any.self)
                try binder.write(object, to: output.appendingPathComponent(url.lastPathComponent))
                print("bound \\(url.lastPathComponent)")
            } catch {
                failures += 1
                print("refused \\(url.lastPathComponent): \\(error)")
            }
        }
        exit(failures == 0 ? 0 : 1)

        """
    }
}
