import Synchronization
import XMLBind

/// The core binder that reads WSDL 1.1 documents into ``WSDLDefinitions`` trees, with the
/// XML Schema mappings for the schemas embedded in `<wsdl:types>`: a WSDL is read as any
/// document is, so it is held to the binder's limits and every problem in it is located.
enum WSDLBinder {
    /// WSDL 1.1's namespace.
    static let namespace = "http://schemas.xmlsoap.org/wsdl/"
    /// The SOAP 1.1 binding's namespace.
    static let soap11 = "http://schemas.xmlsoap.org/wsdl/soap/"
    /// The SOAP 1.2 binding's namespace.
    static let soap12 = "http://schemas.xmlsoap.org/wsdl/soap12/"

    /// WSDL content the reader does not take, as located warnings, beside what the schema
    /// reader reports for the embedded schemas.
    final class Skipped: Sendable {
        let schema = XSDBinder.Skipped()
        private let found = Mutex<[GenerationDiagnostic]>([])

        /// What was skipped, in document order: the WSDL's, then the schemas'.
        var diagnostics: [GenerationDiagnostic] { found.withLock { $0 } }

        func note(_ content: UnknownContent) {
            guard content.kind == .element, content.namespace != XSDBinder.namespace else {
                schema.note(content)
                return
            }
            let place = content.parent.map { " in <\($0)>" } ?? ""
            let what = "<\(content.name)>\(place) is not read by the generator; it is skipped"
            found.withLock { $0.append(GenerationDiagnostic(.warning, what, at: content.origin)) }
        }
    }

    /// A binder for WSDL documents whose unknown content goes to `skipped`.
    static func make(reporting skipped: Skipped) throws -> XMLBinder {
        var binder = try XSDBinder.make(reporting: skipped.schema)
        binder.options.unknownContent = .callback { skipped.note($0) }
        let wsdl = namespace
        let documentation = "{\(wsdl)}documentation"
        return try binder.register(
            mapping(WSDLDefinitions.self, element: "definitions", namespace: wsdl)
                .attribute(\.name).attribute(\.targetNamespace).children(\.imports).children(\.types)
                .children(\.messages).children(\.portTypes).children(\.bindings).children(\.services)
                .ignoring(documentation),
            mapping(WSDLImport.self, element: "import", namespace: wsdl)
                .attribute(\.namespace).attribute(\.location).ignoring(documentation),
            mapping(WSDLTypes.self, element: "types", namespace: wsdl).children(\.schemas).ignoring(documentation),
            mapping(WSDLMessage.self, element: "message", namespace: wsdl)
                .attribute(\.name).children(\.parts).ignoring(documentation),
            mapping(WSDLPart.self, element: "part", namespace: wsdl)
                .attribute(\.name).attribute(\.element).attribute(\.type).ignoring(documentation),
            mapping(WSDLPortType.self, element: "portType", namespace: wsdl)
                .attribute(\.name).children(\.operations).ignoring(documentation),
            mapping(WSDLOperation.self, element: "operation", namespace: wsdl)
                .attribute(\.name).element(\.documentation, xml: documentation).wholeText()
                .child(\.input, xml: "{\(wsdl)}input").child(\.output, xml: "{\(wsdl)}output").children(\.faults)
                .child(\.soap11, xml: "{\(soap11)}operation").child(\.soap12, xml: "{\(soap12)}operation")
                .ignoring("@parameterOrder"),
            messageReference("input"), messageReference("output"),
            mapping(WSDLFaultReference.self, element: "fault", namespace: wsdl)
                .attribute(\.name).attribute(\.message).child(\.soap11, xml: "{\(soap11)}fault")
                .child(\.soap12, xml: "{\(soap12)}fault").ignoring(documentation),
            mapping(WSDLBinding.self, element: "binding", namespace: wsdl)
                .attribute(\.name).attribute(\.type).child(\.soap11, xml: "{\(soap11)}binding")
                .child(\.soap12, xml: "{\(soap12)}binding").children(\.operations).ignoring(documentation),
            soapBinding(soap11), soapBinding(soap12), soapOperation(soap11), soapOperation(soap12),
            soapHeader(soap11), soapHeader(soap12), soapHeaderFault(soap11), soapHeaderFault(soap12),
            soapBody(soap11, "body"), soapBody(soap12, "body"),
            soapBody(soap11, "fault"), soapBody(soap12, "fault"),
            mapping(WSDLService.self, element: "service", namespace: wsdl)
                .attribute(\.name).element(\.documentation, xml: documentation).wholeText().children(\.ports),
            mapping(WSDLPort.self, element: "port", namespace: wsdl)
                .attribute(\.name).attribute(\.binding).child(\.soap11, xml: "{\(soap11)}address")
                .child(\.soap12, xml: "{\(soap12)}address").ignoring(documentation),
            mapping(WSDLAddress.self, element: "address", namespace: soap11).attribute(\.location),
            mapping(WSDLAddress.self, element: "address", namespace: soap12).attribute(\.location))
    }

    private static func messageReference(_ name: String) -> ClassDefinition<WSDLMessageReference> {
        mapping(WSDLMessageReference.self, element: name, namespace: namespace)
            .attribute(\.name).attribute(\.message).child(\.soap11, xml: "{\(soap11)}body")
            .child(\.soap12, xml: "{\(soap12)}body").children(\.headers11, xml: "{\(soap11)}header")
            .children(\.headers12, xml: "{\(soap12)}header").ignoring("{\(namespace)}documentation")
    }

    /// `soap:header`, with its `soap:headerfault`s.
    private static func soapHeader(_ namespace: String) -> ClassDefinition<WSDLSOAPHeader> {
        mapping(WSDLSOAPHeader.self, element: "header", namespace: namespace).attribute(\.message).attribute(\.part)
            .attribute(\.use).attribute(\.namespace).attribute(\.encodingStyle).children(\.headerFaults)
    }

    /// `soap:headerfault`: the header block a fault about its header carries.
    private static func soapHeaderFault(_ namespace: String) -> ClassDefinition<WSDLSOAPHeaderFault> {
        mapping(WSDLSOAPHeaderFault.self, element: "headerfault", namespace: namespace).attribute(\.message)
            .attribute(\.part).attribute(\.use).attribute(\.namespace).ignoring("@encodingStyle")
    }

    private static func soapBinding(_ namespace: String) -> ClassDefinition<WSDLSOAPBinding> {
        mapping(WSDLSOAPBinding.self, element: "binding", namespace: namespace).attribute(\.style)
            .attribute(\.transport)
    }

    private static func soapOperation(_ namespace: String) -> ClassDefinition<WSDLSOAPOperation> {
        mapping(WSDLSOAPOperation.self, element: "operation", namespace: namespace).attribute(\.soapAction)
            .attribute(\.style).ignoring("@soapActionRequired")
    }

    private static func soapBody(_ namespace: String, _ name: String) -> ClassDefinition<WSDLSOAPBody> {
        mapping(WSDLSOAPBody.self, element: name, namespace: namespace).attribute(\.name).attribute(\.use)
            .attribute(\.namespace).attribute(\.parts).attribute(\.encodingStyle)
    }
}
