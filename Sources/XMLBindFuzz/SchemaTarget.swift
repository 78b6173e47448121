import Foundation
import XMLBind
import XMLBindSchema

/// The `schema` fuzz target: the generator's readers on hostile schemas, and the emitter on
/// what they make of them (issue 31 item 7: a schema is input too).
///
/// Its input is one control byte, then the bytes of one schema: bits 0–1 choose the reader
/// (0: XML Schema, from a file of this process's own, so `include`/`import` are followed as
/// they would be; 1: a DTD; 2: a sample document; 3: a WSDL, from a file too, with its
/// client and service protocol emitted). Checked per input besides
/// crashes, hangs and memory errors: the readers answer with a model or located
/// diagnostics, and the emitter, given the same model twice, writes the same bytes (or
/// refuses both times with the same diagnostic).
enum SchemaTarget {
    /// One file per process for the XML Schema reader, which reads files (for their
    /// includes); under the system's temporary folder.
    static let schemaFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("xmlbind-fuzz-schema-\(ProcessInfo.processInfo.processIdentifier).xsd")

    /// The WSDL reader's file, beside ``schemaFile``.
    static let wsdlFile = schemaFile.deletingPathExtension().appendingPathExtension("wsdl")

    static func run(_ input: Data) -> [String] {
        let (controls, text) = FocusedTargets.split(input, controls: 1)
        let model: SchemaModel
        switch controls[0] & 3 {
        case 1:
            guard let dtd = try? DTDReader().read(String(decoding: text, as: UTF8.self), file: "fuzz.dtd") else {
                return []
            }
            model = DTDModelBuilder.model(of: dtd)
        case 2:
            model = SampleReader().model(of: [(file: "fuzz.xml", data: text)])
        case 3:
            guard (try? text.write(to: wsdlFile)) != nil else { return ["cannot write \(wsdlFile.path)"] }
            model = WSDLReader().read([wsdlFile])
        default:
            guard (try? text.write(to: schemaFile)) != nil else { return ["cannot write \(schemaFile.path)"] }
            model = XMLSchemaReader().read([schemaFile])
        }
        return emitsTheSameTwice(model)
    }

    private static func emitsTheSameTwice(_ model: SchemaModel) -> [String] {
        let emitter = SwiftEmitter(name: "Fuzz")
        let first = Result { () throws(GenerationDiagnostic) in try emitter.emit(model).files }
        let second = Result { () throws(GenerationDiagnostic) in try emitter.emit(model).files }
        switch (first, second) {
        case (.success(let a), .success(let b)):
            return a == b ? [] : ["the emitter wrote different files for the same model"]
        case (.failure(let a), .failure(let b)):
            return "\(a)" == "\(b)" ? [] : ["the emitter refused the same model differently: \(a) / \(b)"]
        default:
            return ["the emitter wrote the model once and refused it once"]
        }
    }
}
