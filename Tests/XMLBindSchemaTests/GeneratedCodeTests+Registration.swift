import Foundation
import Testing
import XMLBindSchema

/// The shape of the binder's file, which decides how long a big model takes to compile.
extension GeneratedCodeTests {
    @Test("Each mapping is added to one batch by a function of its own, called in order from one function")
    func registrationFunctions() throws {
        let result = Self.generate("Library", "library.xsd")
        #expect(!result.failed, "\(result.diagnostics)")
        let binder = try #require(result.files.first { $0.name == "Library.swift" }).contents
        // Inside one closure, MathML's 405 mappings kept the compiler's emit-module job busy for
        // over ten minutes: the initializer calls a function, whose body the interface skips.
        #expect(binder.contains("    public static let binder: XMLBinder = makeBinder()\n"))
        #expect(!binder.contains("= {"))
        // Registered one at a time, the registry was compiled again for each mapping: IP-XACT's
        // 485 took two minutes to register. One batch, registered once.
        let count = binder.components(separatedBy: "        batch.add(definition)\n").count - 1
        #expect(count > 3)
        #expect(binder.contains("        var batch = MappingBatch()\n"))
        #expect(binder.components(separatedBy: ".register(").count == 2)
        #expect(
            binder.contains(
                #"            return try XMLBinder(prefixes: ["lib": "urn:example:library"]).register(batch: batch)"#))
        for index in 0..<count {
            #expect(binder.contains("        add\(index)(to: &batch)\n"), "call \(index)")
            #expect(
                binder.contains("    private static func add\(index)(to batch: inout MappingBatch) {\n"),
                "function \(index)")
        }
        #expect(!binder.contains("add\(count)("))
        // A check's closure moves left with its statement.
        let check = "        definition = definition.validate { value, context in\n"
        #expect(binder.contains(check + "            if value.section.count > 3 {"))
        let end = " + String(value.section.count)) }\n        }\n        definition = definition.attribute("
        #expect(binder.contains(end))
    }
}
