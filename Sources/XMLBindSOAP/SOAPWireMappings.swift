import XMLBind

/// The envelope's mappings for both versions, registered into a copy of the caller's binder.
enum SOAPWireMappings {
    /// The namespace of `xml:lang`.
    static let xmlNamespace = XMLNamespaceScope.xmlNamespace

    /// `binder` with the envelope, header, body and fault elements of both SOAP versions.
    ///
    /// A caller's binder can refuse them: a mapping of its own that takes children by type
    /// and also names a `detail` element, say, would take SOAP 1.1's `detail` two ways.
    static func adding(to binder: XMLBinder) throws(RegistrationError) -> XMLBinder {
        let soap11 = SOAPVersion.version1point1.envelopeNamespace
        let soap12 = SOAPVersion.version1point2.envelopeNamespace
        return try binder.register(
            envelope(soap11), header(soap11), body(soap11), envelope(soap12), header(soap12), body(soap12),
            mapping(Fault11Node.self, element: "Fault", namespace: soap11)
                .element(\.faultcode).required()
                .element(\.faultstring).required()
                .element(\.faultactor)
                .child(\.detail),
            // SOAP 1.1 writes the fault's children, `detail` among them, in no namespace.
            mapping(DetailNode.self, element: "detail", namespace: "").text(\.text).unknownContent(.ignore),
            mapping(Fault12Node.self, element: "Fault", namespace: soap12)
                .child(\.code)
                .child(\.reason)
                .element(\.node, xml: "Node")
                .element(\.role, xml: "Role")
                .child(\.detail),
            mapping(Detail12Node.self, element: "Detail", namespace: soap12).text(\.text).unknownContent(.ignore),
            mapping(CodeNode.self, element: "Code", namespace: soap12)
                .element(\.value, xml: "Value").required()
                .child(\.subcode),
            mapping(SubcodeNode.self, element: "Subcode", namespace: soap12)
                .element(\.value, xml: "Value").required()
                .child(\.subcode),
            mapping(ReasonNode.self, element: "Reason", namespace: soap12).children(\.texts),
            mapping(ReasonTextNode.self, element: "Text", namespace: soap12)
                .attribute(\.lang, xml: "{\(xmlNamespace)}lang")
                .text(\.text)
        )
    }

    private static func envelope(_ uri: String) -> ClassDefinition<EnvelopeNode> {
        mapping(EnvelopeNode.self, element: "Envelope", namespace: uri).child(\.header).child(\.body)
    }

    private static func header(_ uri: String) -> ClassDefinition<HeaderNode> {
        mapping(HeaderNode.self, element: "Header", namespace: uri)
    }

    private static func body(_ uri: String) -> ClassDefinition<BodyNode> {
        mapping(BodyNode.self, element: "Body", namespace: uri)
    }
}
