import XMLBind

// The tree of a WSDL 1.1 document as the core binder reads it: one small class per WSDL
// element the generator reads. They are the reader's input only; ``WSDLServiceBuilder`` turns
// them into the model's ``WebService``. Registered in `WSDLNodes+Binder.swift`.

/// `<wsdl:definitions>`.
final class WSDLDefinitions: Bindable, OriginAware {
    var name: String?
    var targetNamespace: String?
    var imports: [WSDLImport] = []
    var types: [WSDLTypes] = []
    var messages: [WSDLMessage] = []
    var portTypes: [WSDLPortType] = []
    var bindings: [WSDLBinding] = []
    var services: [WSDLService] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:import>`.
final class WSDLImport: Bindable, OriginAware {
    var namespace: String?
    var location: String?
    var origin: Origin?
    init() {}
}

/// `<wsdl:types>`: the embedded schemas, read as the XSD reader reads schema files.
final class WSDLTypes: Bindable, OriginAware {
    var schemas: [XSDSchema] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:message>`.
final class WSDLMessage: Bindable, OriginAware {
    var name: String?
    var parts: [WSDLPart] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:part>`: an element (document style) or a type (rpc style).
final class WSDLPart: Bindable, OriginAware {
    var name: String?
    var element: XMLQualifiedName?
    var type: XMLQualifiedName?
    var origin: Origin?
    init() {}
}

/// `<wsdl:portType>`.
final class WSDLPortType: Bindable, OriginAware {
    var name: String?
    var operations: [WSDLOperation] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:operation>`, of a port type (messages) or of a binding (SOAP details): one class
/// for both, since the core binder gives an element one mapping.
final class WSDLOperation: Bindable, OriginAware {
    var name: String?
    var documentation: String?
    var input: WSDLMessageReference?
    var output: WSDLMessageReference?
    var faults: [WSDLFaultReference] = []
    var soap11: WSDLSOAPOperation?
    var soap12: WSDLSOAPOperation?
    var origin: Origin?
    init() {}
}

/// `<wsdl:input>` and `<wsdl:output>`: the message (in a port type) or its SOAP body and
/// headers (in a binding).
final class WSDLMessageReference: Bindable, OriginAware {
    var name: String?
    var message: XMLQualifiedName?
    var soap11: WSDLSOAPBody?
    var soap12: WSDLSOAPBody?
    var headers11: [WSDLSOAPHeader] = []
    var headers12: [WSDLSOAPHeader] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:fault>`: the message (in a port type) or its SOAP fault (in a binding).
final class WSDLFaultReference: Bindable, OriginAware {
    var name: String?
    var message: XMLQualifiedName?
    var soap11: WSDLSOAPBody?
    var soap12: WSDLSOAPBody?
    var origin: Origin?
    init() {}
}

/// `<wsdl:binding>`.
final class WSDLBinding: Bindable, OriginAware {
    var name: String?
    var type: XMLQualifiedName?
    var soap11: WSDLSOAPBinding?
    var soap12: WSDLSOAPBinding?
    var operations: [WSDLOperation] = []
    var origin: Origin?
    init() {}
}

/// `<soap:binding>` and `<soap12:binding>`.
final class WSDLSOAPBinding: Bindable, OriginAware {
    var style: String?
    var transport: String?
    var origin: Origin?
    init() {}
}

/// `<soap:operation>` and `<soap12:operation>`.
final class WSDLSOAPOperation: Bindable, OriginAware {
    var soapAction: String?
    var style: String?
    var origin: Origin?
    init() {}
}

/// `<soap:body>` and `<soap:fault>`, in either version.
final class WSDLSOAPBody: Bindable, OriginAware {
    var name: String?
    var use: String?
    var namespace: String?
    var parts: String?
    var encodingStyle: String?
    var origin: Origin?
    init() {}
}

/// `<soap:header>` and `<soap12:header>` of a binding's input or output: a message part
/// that travels as a header block.
final class WSDLSOAPHeader: Bindable, OriginAware {
    var message: XMLQualifiedName?
    var part: String?
    var use: String?
    var namespace: String?
    var encodingStyle: String?
    var headerFaults: [WSDLSOAPHeaderFault] = []
    var origin: Origin?
    init() {}
}

/// `<soap:headerfault>` in a `<soap:header>`: the header block a fault about that header
/// carries (WSDL 1.1, section 3.7).
final class WSDLSOAPHeaderFault: Bindable, OriginAware {
    var message: XMLQualifiedName?
    var part: String?
    var use: String?
    var namespace: String?
    var origin: Origin?
    init() {}
}

/// `<wsdl:service>`.
final class WSDLService: Bindable, OriginAware {
    var name: String?
    var documentation: String?
    var ports: [WSDLPort] = []
    var origin: Origin?
    init() {}
}

/// `<wsdl:port>`.
final class WSDLPort: Bindable, OriginAware {
    var name: String?
    var binding: XMLQualifiedName?
    var soap11: WSDLAddress?
    var soap12: WSDLAddress?
    var origin: Origin?
    init() {}
}

/// `<soap:address>` and `<soap12:address>`.
final class WSDLAddress: Bindable, OriginAware {
    var location: String?
    var origin: Origin?
    init() {}
}
