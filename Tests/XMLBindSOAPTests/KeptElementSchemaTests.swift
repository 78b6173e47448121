import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// The schema written for a named element kept whole (`.element` of an `XMLElementNode?`)
/// declares it of `xs:anyType`, in its declared place (issue 31).
@Suite("XML Schema of elements kept whole")
struct KeptElementSchemaTests {
    final class Setting: Bindable {
        var name: String?
        var value: XMLElementNode?
        var notes: [XMLElementNode] = []
        var after: String?
        init() {}
    }

    @Test func keptElementsAreOfAnyTypeInTheirPlaces() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Setting.self, element: "setting").element(\.name).element(\.value)
                .elements(\.notes, xml: "note").element(\.after))
        let schema = try XMLSchemaGenerator(binder: binder).schemas()[0].element
        #expect(
            schema.contains(
                #"<xs:element name="name" type="xs:string" nillable="true" minOccurs="0"/>"#
                    + #"<xs:element name="value" type="xs:anyType" minOccurs="0"/>"#
                    + #"<xs:element name="note" type="xs:anyType" minOccurs="0" maxOccurs="unbounded"/>"#
                    + #"<xs:element name="after" type="xs:string" nillable="true" minOccurs="0"/>"#), "\(schema)")
    }
}
