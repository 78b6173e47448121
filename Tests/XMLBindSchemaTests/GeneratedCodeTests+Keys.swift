import Foundation
import Testing
import XMLBindSchema
import XMLBindTestSupport

/// XML Schema's identity constraints (keys.xsd): the generated binder checks them, with each
/// problem located at the element at fault (xmlschema's verdicts are compared in
/// `checkAgainstXMLSchema`; here, the messages and places).
extension GeneratedCodeTests {
    func checkIdentityConstraints(_ run: (String, String) async throws -> ProcessRun) async throws {
        let valid = try await run("keys", "keys.xml")
        #expect(valid.status == 0, "\(valid.stdout)")
        #expect(valid.stdout.hasPrefix("round trip: same\n"), "\(valid.stdout)")

        func errors(_ instance: String) async throws -> [String] {
            let bound = try await run("keys", instance)
            #expect(bound.status == 1, "\(instance): \(bound.stdout)")
            return bound.stdout.split(separator: "\n").filter { $0.hasPrefix(instance + ":") }.map(String.init)
        }
        // Typed values: `07` is the `xs:int` 7; an `xs:token` collapses its spaces.
        #expect(
            try await errors("keys-duplicate.xml") == [
                "keys-duplicate.xml:5:5: error: <product> repeats the value ('7') of xs:key 'productId', first at "
                    + "keys-duplicate.xml:4:5",
                "keys-duplicate.xml:6:5: error: <product> repeats the value ('A-1', 'tools') of xs:unique "
                    + "'productSku', first at keys-duplicate.xml:4:5",
            ])
        #expect(
            try await errors("keys-missing.xml") == [
                "keys-missing.xml:5:5: error: <product> has no value for the field '@id' of xs:key 'productId'"
            ])
        #expect(
            try await errors("keys-dangling.xml") == [
                "keys-dangling.xml:8:5: error: <order> refers to ('5') through xs:keyref 'orderedProduct', a value "
                    + "xs:key 'productId' does not have",
                "keys-dangling.xml:11:3: error: <tag> repeats the value ('new') of xs:unique 'tagText', first at "
                    + "keys-dangling.xml:10:3",
            ])
    }

    /// Many selected nodes (a hostile document): the checks hash the values, so that the
    /// parse stays linear, and the one duplicate is the one error, at its element.
    func checkManyIdentities(_ package: ThrowawayPackage) async throws {
        let count = 50_000
        let many = try await package.run("GeneratedCheck", ["keys-many", String(count)])
        #expect(many.status == 0, "\(many.stdout.prefix(2000))")
        // The document the program builds, up to its last product: the columns of the two 7s.
        var text = "<catalog xmlns=\"urn:example:keys\"><products>"
        for id in 0..<8 { text += "<product id=\"\(id)\"><sku>S\(id)</sku></product>" }
        let first = text.count - "<product id=\"7\"><sku>S7</sku></product>".count + 1
        text = "<catalog xmlns=\"urn:example:keys\"><products>"
        for id in 0..<count { text += "<product id=\"\(id)\"><sku>S\(id)</sku></product>" }
        let last = text.count + 1
        #expect(
            many.stdout.split(separator: "\n").map(String.init) == [
                "errors: 1",
                "many.xml:1:\(last): error: <product> repeats the value ('7') of xs:key 'productId', first at "
                    + "many.xml:1:\(first)",
            ], "\(many.stdout.prefix(2000))")
    }
}
