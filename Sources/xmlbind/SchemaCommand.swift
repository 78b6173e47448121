import Foundation
import XMLBind
import XMLBindSOAP

/// `xmlbind schema [NAMESPACE]`: the XML Schema of the demo's model, made from its mappings.
///
/// The tool has no model of its own to describe, so it exports the one `xmlbind demo`
/// binds (the DI configuration): a library user calls ``XMLSchemaGenerator`` on their binder.
enum SchemaCommand {
    /// The namespace of the demo's elements registered without one (`beans.xml`'s default).
    static let demoNamespace = "http://www.springframework.org/schema/beans"

    /// `xmlbind schema --help`.
    static let help = """
        USAGE: xmlbind schema [NAMESPACE]
               xmlbind schema --list

        Prints the XML Schema of the demo's model (the DI configuration 'xmlbind demo'
        binds), made from its mappings: the schema of the beans namespace unless
        NAMESPACE names another. --list prints the namespaces there are schemas for.

        Exits 0 on success, 1 for a namespace the model has no elements in.

        OPTIONS:
          -h, --help        Show this help.

        """

    /// Prints the schema of `namespace` (the demo's default namespace when `nil`), or with
    /// `--list` the namespaces there are schemas for.
    ///
    /// - Returns: 0 on success, 1 when there is no schema for the namespace or the model
    ///   cannot be described.
    static func run(_ arguments: [String]) -> Int32 {
        let generator = XMLSchemaGenerator(binder: DemoModel.binder, defaultNamespace: demoNamespace)
        let schemas: [XMLSchemaDocument]
        do {
            schemas = try generator.schemas()
        } catch {
            FileHandle.standardError.write(Data("xmlbind: \(error)\n".utf8))
            return 1
        }
        let namespaces = schemas.map { $0.targetNamespace ?? "" }
        if arguments == ["--list"] {
            print(namespaces.joined(separator: "\n"))
            return 0
        }
        let wanted = arguments.first ?? demoNamespace
        guard let schema = schemas.first(where: { ($0.targetNamespace ?? "") == wanted }) else {
            let known = namespaces.map { "  \($0)" }.joined(separator: "\n")
            FileHandle.standardError.write(
                Data(
                    "xmlbind: error: the demo's model has no elements in '\(wanted)'; its namespaces are:\n\(known)\n"
                        .utf8))
            return 1
        }
        print(schema.document, terminator: "")
        return 0
    }
}
