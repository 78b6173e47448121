import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// The WSDL a service describes itself with: fault messages for declared fault details,
/// lists and nil as the messages carry them (issue 28, item 4).
@Suite("WSDL")
struct WSDLTests {
    let wsdl: String

    init() throws {
        wsdl = try testService.wsdl(soap11Endpoint: "http://h/soap11", soap12Endpoint: "http://h/soap12")
    }

    @Test func declaredFaultDetailsAreFaultMessages() {
        let m = "m2"  // the service's namespace: the calculator's (add, first) is m1
        #expect(
            wsdl.contains(
                #"<wsdl:message name="divideErrorFault"><wsdl:part name="detail" element="\#(m):divideError"/></wsdl:message>"#
            ), "\(wsdl)")
        #expect(
            wsdl.contains(
                #"<wsdl:output message="tns:divideResponse"/><wsdl:fault name="divideErrorFault" message="tns:divideErrorFault"/></wsdl:operation>"#
            ))
        for soap in ["soap", "soap12"] {
            #expect(
                wsdl.contains(
                    #"<wsdl:fault name="divideErrorFault"><\#(soap):fault name="divideErrorFault" use="literal"/></wsdl:fault></wsdl:operation>"#
                ))
        }
        // Operations that declare none have none.
        #expect(wsdl.components(separatedBy: "<wsdl:fault ").count == 4)
    }

    @Test func faultTypeWithoutMappingIsAnError() {
        struct Unmapped {}
        let service = SOAPService(name: "S", namespace: "urn:s", binder: serviceBinder)
            .operation("echo", request: SvcEcho.self, response: SvcEchoResponse.self, faults: [Unmapped.self]) { _ in
                SvcEchoResponse()
            }
        #expect(throws: XMLSchemaError.self) {
            try service.wsdl(soap11Endpoint: "http://h", soap12Endpoint: String?.none)
        }
    }

    @Test("An action one SOAP version's binding gives is listed in that binding, the other keeps its own")
    func versionAction() throws {
        let service = SOAPService(name: "S", namespace: "urn:s", binder: serviceBinder)
            .operation("echo", request: SvcEcho.self, response: SvcEchoResponse.self, action: "urn:s#echo") { _ in
                SvcEchoResponse()
            }
            .action("urn:s#echo12", for: .version1point2, ofOperation: "echo")
        let wsdl = try service.wsdl(soap11Endpoint: "http://h/11", soap12Endpoint: "http://h/12")
        #expect(wsdl.contains(#"<soap:operation soapAction="urn:s#echo" style="document"/>"#), "\(wsdl)")
        #expect(wsdl.contains(#"<soap12:operation soapAction="urn:s#echo12" style="document"/>"#), "\(wsdl)")
        #expect(!wsdl.contains(#"<soap12:operation soapAction="urn:s#echo" "#))
    }

    @Test func listsAndNilAsTheMessagesCarryThem() {
        #expect(
            wsdl.contains(
                #"<xs:element name="values" minOccurs="0"><xs:complexType><xs:sequence><xs:element name="int" type="xs:long" minOccurs="0" maxOccurs="unbounded"/>"#
            ), "\(wsdl)")
        #expect(wsdl.contains(#"<xs:element name="nickname" type="xs:string" nillable="true" minOccurs="0"/>"#))
    }
}
