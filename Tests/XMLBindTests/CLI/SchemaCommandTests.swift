import Foundation
import Testing
import XMLBindTestSupport

/// `xmlbind schema`, run as the built binary.
@Suite struct SchemaCommandTests {
    func run(_ arguments: [String]) async throws -> ProcessRun {
        try await ProcessRun.run(CLITests.binary, arguments)
    }

    @Test func listsTheDemoModelsNamespaces() async throws {
        let result = try await run(["schema", "--list"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "http://www.springframework.org/schema/beans\nhttp://www.example.com/schema/configuration\n")
    }

    @Test func printsTheBeansSchema() async throws {
        let result = try await run(["schema"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"<?xml version="1.0" encoding="utf-8"?>"#)
        for expected in [
            #"  <xs:import namespace="http://www.example.com/schema/configuration" schemaLocation="configuration.xsd"/>"#,
            #"  <xs:element name="beans" type="tns:Beans"/>"#,
            // <bean> and <define> may mix: a repeated choice.
            #"      <xs:choice minOccurs="0" maxOccurs="unbounded">"#,
            #"        <xs:element ref="ns1:define"/>"#,
            // Attributes no property takes (init-method) are kept.
            #"    <xs:anyAttribute processContents="lax"/>"#,
            #"    <xs:attribute name="lazy" type="xs:boolean"/>"#,
            #"      <xs:enumeration value="prototype"/>"#,
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
        #expect(lines.last == "</xs:schema>")
    }

    @Test func printsTheConfigurationSchema() async throws {
        let result = try await run(["schema", "http://www.example.com/schema/configuration"])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#"<xs:element name="define" type="tns:Define"/>"#))
    }

    @Test func unknownNamespaceIsAnError() async throws {
        let result = try await run(["schema", "urn:nothing"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                xmlbind: error: the demo's model has no elements in 'urn:nothing'; its namespaces are:
                  http://www.springframework.org/schema/beans
                  http://www.example.com/schema/configuration

                """)
    }
}
