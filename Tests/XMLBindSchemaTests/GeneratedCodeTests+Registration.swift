import Foundation
import Testing
import XMLBindSchema

/// The shape of the binder's file, which decides how long a big model takes to compile.
extension GeneratedCodeTests {
    @Test("Each mapping is registered by a function of its own, called in order from one function")
    func registrationFunctions() throws {
        let result = Self.generate("Library", "library.xsd")
        #expect(!result.failed, "\(result.diagnostics)")
        let binder = try #require(result.files.first { $0.name == "Library.swift" }).contents
        // Inside one closure, MathML's 405 mappings kept the compiler's emit-module job busy for
        // over ten minutes: the initializer calls a function, whose body the interface skips.
        #expect(binder.contains("    public static let binder: XMLBinder = makeBinder()\n"))
        #expect(!binder.contains("= {"))
        let count = binder.components(separatedBy: "binder = try binder.register(definition)").count - 1
        #expect(count > 3)
        for index in 0..<count {
            #expect(binder.contains("            try register\(index)(&binder)\n"), "call \(index)")
            #expect(
                binder.contains("    private static func register\(index)(_ binder: inout XMLBinder) throws {\n"),
                "function \(index)")
        }
        #expect(!binder.contains("register\(count)("))
        // A check's closure moves left with its statement.
        let check = "        definition = definition.validate { value, context in\n"
        #expect(binder.contains(check + "            if value.section.count > 3 {"))
        let end = " + String(value.section.count)) }\n        }\n        definition = definition.attribute("
        #expect(binder.contains(end))
    }
}
