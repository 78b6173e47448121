import Foundation
import Testing
import XMLBind
import XMLBindSOAP

@Suite("XML Schema generation")
struct SchemaGenerationTests {
    @Test func catalogSchema() throws {
        let schemas = try XMLSchemaGenerator(binder: catalogBinder).schemas()
        #expect(schemas.map(\.targetNamespace) == ["urn:catalog"])
        #expect(
            schemas[0].element == """
                <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:catalog" targetNamespace="urn:catalog" \
                elementFormDefault="qualified">\
                <xs:element name="catalog" type="tns:Catalog"/>\
                <xs:element name="item" type="tns:CatalogItem"/>\
                <xs:element name="note" type="tns:CatalogNote"/>\
                <xs:complexType name="Catalog"><xs:sequence>\
                <xs:element ref="tns:item" minOccurs="0" maxOccurs="unbounded"/>\
                <xs:element ref="tns:note" minOccurs="0"/>\
                </xs:sequence><xs:attribute name="title" type="xs:string"/></xs:complexType>\
                <xs:complexType name="CatalogItem"><xs:sequence>\
                <xs:element name="name" type="xs:string" minOccurs="0"/>\
                <xs:element name="details" minOccurs="0"><xs:complexType><xs:sequence>\
                <xs:element name="price" minOccurs="0"><xs:complexType><xs:simpleContent>\
                <xs:extension base="xs:decimal"><xs:attribute name="currency" type="xs:string"/></xs:extension>\
                </xs:simpleContent></xs:complexType></xs:element>\
                </xs:sequence></xs:complexType></xs:element>\
                <xs:element name="color" type="tns:Color" minOccurs="0"/>\
                <xs:element name="sizes" type="tns:IntList"/>\
                <xs:element name="added" type="xs:dateTime" minOccurs="0"/>\
                <xs:element name="picture" type="xs:base64Binary" minOccurs="0"/>\
                <xs:element name="link" type="xs:anyURI" minOccurs="0"/>\
                <xs:element name="small" type="xs:short"/>\
                <xs:element name="ratio" type="xs:double"/>\
                <xs:element name="inStock" type="xs:boolean"/>\
                </xs:sequence><xs:attribute name="id" type="xs:long" use="required"/></xs:complexType>\
                <xs:complexType name="CatalogNote"><xs:simpleContent><xs:extension base="xs:string">\
                <xs:attribute name="language" type="xs:string"/></xs:extension></xs:simpleContent></xs:complexType>\
                <xs:simpleType name="Color"><xs:restriction base="xs:string">\
                <xs:enumeration value="red"/><xs:enumeration value="green"/></xs:restriction></xs:simpleType>\
                <xs:simpleType name="IntList"><xs:list itemType="xs:long"/></xs:simpleType>\
                </xs:schema>
                """)
    }
}
