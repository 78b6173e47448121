import Foundation

/// The command line of `xmlbind generate` (and of the build-tool plugin's generator):
/// arguments in, files and diagnostics out.
public enum GenerateTool {
    /// The help page.
    public static let help = """
        USAGE: xmlbind generate --name NAME --output DIR [--from-samples] [--single-file]
                                [--catalog LOCATION=FILE]... INPUT...

        Reads XML Schema (.xsd) files, with everything they include and import from local
        files, DTDs (.dtd, with their local parameter entities), WSDL 1.1 (.wsdl) files, or
        with --from-samples example documents, and writes Swift source into DIR: one file per
        generated type (a final class per complex type, an enum per enumeration, nested in
        NAME), NAME+Conversions.swift, and NAME.swift with
        `public enum NAME { public static let binder: XMLBinder }` registering every mapping.
        The files compile in Swift 6 mode in a target that depends on XMLBind. The same
        inputs give the same bytes. Children that may come in any order (a repeated choice
        or sequence of several names, xs:all, a DTD's (a | b)*) are written back in the
        document's order: each of their elements is then an object (an element of simple
        type gets a class holding its text). xs:QName values are XMLQualifiedName, written
        with their namespace declared. The xs:key, xs:unique and xs:keyref of global
        elements are checked when a document binds (NAME+IdentityConstraints.swift), each
        problem an error at the element at fault; their XPaths may be child steps (a/b,
        ./p:a), '.', a field's @attribute, and unions with '|' (others: a warning).

        From a WSDL (document/literal or rpc/literal, SOAP 1.1 or 1.2 binding), also
        NAME+Client.swift (NAME.Client: one async throws method per operation, over
        SOAPClient), NAME+Service.swift (the protocol NAME.Service to implement, and
        NAME.soapService(_:) that answers with it on a SOAPService) and NAME+Faults.swift
        (an error type per declared fault): the target depends on XMLBind and XMLBindSOAP.
        One-way operations return nothing; soap:header parts are typed parameters (and,
        in an answer, values returned beside the result). The ports of every service are
        listed in NAME.Client.ports; when they are bound to several port types, each one's
        client and protocol go into an enum named after its service (NAME.Quotes.Client,
        in NAME+Quotes.Client.swift).

        What the generated code cannot express yet is printed as a warning located in the
        input (file:line:column: warning: ...); errors (a missing file, an undeclared type,
        a remote schemaLocation) stop the run before anything is written.

        Exits 0 when the files are written, 1 on an error in the inputs, 2 for a usage error.

        OPTIONS:
          --name NAME       The namespace enum's name (a Swift identifier).
          --output DIR      The folder to write into (made if missing).
          --from-samples    Infer the model from sample XML documents.
          --single-file     Write everything into DIR/NAME.swift (as the build-tool plugin does).
          --catalog LOCATION=FILE
                            Read FILE where a schemaLocation or imported namespace says
                            LOCATION; nothing is ever fetched from the network.
          -h, --help        Show this help.

        """

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after `generate`.
    ///   - command: How to name the command in messages (`xmlbind generate`).
    /// - Returns: 0 when the files are written, 1 on an error in the inputs, 2 for a usage error.
    public static func run(_ arguments: [String], command: String = "xmlbind generate") -> Int32 {
        func usage(_ problem: String) -> Int32 {
            FileHandle.standardError.write(
                Data("\(command): error: \(problem)\nRun '\(command) --help' for usage.\n".utf8))
            return 2
        }
        var name: String?
        var output: String?
        var fromSamples = false
        var singleFile = false
        var catalog: [String: String] = [:]
        var inputs: [URL] = []
        var rest = arguments[...]
        var operandsOnly = false
        while let argument = rest.popFirst() {
            if operandsOnly || !argument.hasPrefix("-") {
                inputs.append(URL(fileURLWithPath: argument))
                continue
            }
            switch argument {
            case "--":
                operandsOnly = true
            case "-h", "--help":
                print(help, terminator: "")
                return 0
            case "--from-samples":
                fromSamples = true
            case "--single-file":
                singleFile = true
            case "--name", "--output", "--catalog":
                guard let value = rest.popFirst() else { return usage("\(argument) needs a value") }
                if argument == "--name" {
                    name = value
                } else if argument == "--output" {
                    output = value
                } else {
                    guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                        return usage("--catalog takes LOCATION=FILE, not '\(value)'")
                    }
                    catalog[String(value[..<equals])] = String(value[value.index(after: equals)...])
                }
            default:
                return usage("unknown option '\(argument)'")
            }
        }
        guard let name else { return usage("--name NAME is required") }
        guard let output else { return usage("--output DIR is required") }
        guard !inputs.isEmpty else { return usage("at least one INPUT is required") }
        var generator = ModelGenerator(name: name, inputs: inputs, fromSamples: fromSamples, catalog: catalog)
        generator.singleFile = singleFile
        let result = generator.generate()
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard !result.failed else { return 1 }
        do {
            try ModelGenerator.write(result.files, to: URL(fileURLWithPath: output))
        } catch {
            FileHandle.standardError.write(Data("\(command): error: cannot write into \(output): \(error)\n".utf8))
            return 1
        }
        return 0
    }
}
