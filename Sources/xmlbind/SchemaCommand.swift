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
               xmlbind schema --output DIR
               xmlbind schema --list

        Prints the XML Schema of the demo's model (the DI configuration 'xmlbind demo'
        binds), made from its mappings: the schema of the beans namespace unless
        NAMESPACE names another. The model spans two namespaces, one schema each; each
        xs:import names the other's file (beans.xsd, configuration.xsd) as its
        schemaLocation. --output writes the whole set into DIR (made when missing) and
        prints the paths written, the beans schema first: 'xmllint --schema
        DIR/beans.xsd beans.xml' then validates the demo's document. --list prints the
        namespaces there are schemas for.

        Exits 0 on success, 1 for a namespace the model has no elements in or a folder
        that cannot be written.

        OPTIONS:
          -o, --output DIR  Write every schema into DIR.
          --list            Print the namespaces.
          -h, --help        Show this help.

        """

    /// Whether the arguments are the command's: none, `--list`, a namespace, or
    /// `--output DIR`.
    static func accepts(_ arguments: [String]) -> Bool {
        let output = ["-o", "--output"]
        if arguments.count == 2 { return output.contains(arguments[0]) }
        return arguments.count == 0 || (arguments.count == 1 && !output.contains(arguments[0]))
    }

    /// Prints the schema of `namespace` (the demo's default namespace when `nil`), or with
    /// `--list` the namespaces there are schemas for, or with `--output DIR` writes them all.
    ///
    /// - Returns: 0 on success, 1 when there is no schema for the namespace, the model
    ///   cannot be described or the folder cannot be written.
    static func run(_ arguments: [String]) -> Int32 {
        // `.property` declarations are described as attributes, as the demo writes them.
        let generator = XMLSchemaGenerator(
            binder: DemoModel.binder, defaultNamespace: demoNamespace, propertyForm: .attribute)
        if arguments.count == 2 {
            return write(generator, to: arguments[1])
        }
        let files: [XMLSchemaFile]
        do {
            files = try generator.linkedSchemas()
        } catch {
            return fail("\(error)")
        }
        let namespaces = files.map { $0.schema.targetNamespace ?? "" }
        if arguments == ["--list"] {
            print(namespaces.joined(separator: "\n"))
            return 0
        }
        let wanted = arguments.first ?? demoNamespace
        guard let file = files.first(where: { ($0.schema.targetNamespace ?? "") == wanted }) else {
            let known = namespaces.map { "  \($0)" }.joined(separator: "\n")
            return fail("error: the demo's model has no elements in '\(wanted)'; its namespaces are:\n\(known)")
        }
        print(file.schema.document, terminator: "")
        return 0
    }

    /// `--output DIR`: writes the set and prints each file's path.
    private static func write(_ generator: XMLSchemaGenerator, to folder: String) -> Int32 {
        do {
            let urls = try generator.writeSchemas(to: URL(fileURLWithPath: folder, isDirectory: true))
            let paths = urls.map { (folder as NSString).appendingPathComponent($0.lastPathComponent) }
            print(paths.joined(separator: "\n"))
            return 0
        } catch let error as XMLSchemaError {
            return fail("\(error)")
        } catch {
            return fail("error: cannot write the schemas into '\(folder)': \(reason(for: error))")
        }
    }

    /// The system's words for a file error (`Not a directory`), not Foundation's wrapper's.
    private static func reason(for error: any Error) -> String {
        var current = error as NSError
        while let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error { current = underlying as NSError }
        if current.domain == NSPOSIXErrorDomain, let text = strerror(Int32(current.code)) {
            return String(cString: text)
        }
        return current.localizedDescription
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("xmlbind: \(message)\n".utf8))
        return 1
    }
}
