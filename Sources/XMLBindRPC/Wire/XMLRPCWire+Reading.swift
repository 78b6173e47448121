import XMLBind

extension XMLRPCWire {
    /// The binder that reads documents fast: the message elements as mappings with the
    /// reference's required children, each top-level `<value>` read whole by a
    /// ``WireValueReader`` into a ``CompactValue``.
    ///
    /// It only needs to agree with ``binder`` on the documents it accepts: whatever it
    /// refuses is read again through ``binder``, whose error is the one thrown
    /// (``XMLRPCCodec/readMessage(_:file:root:)``).
    static let fastBinder = XMLBinder().registeredAtSetup(
        mapping(ReadMethodCall.self, element: "methodCall")
            .element(\.methodName).required()
            .child(\.params),
        mapping(ReadMethodResponse.self, element: "methodResponse")
            .child(\.params)
            .child(\.fault),
        mapping(ReadParams.self, element: "params").children(\.params),
        mapping(ReadParam.self, element: "param").child(\.value, xml: "value").required(),
        mapping(ReadFault.self, element: "fault").child(\.value, xml: "value").required(),
        mapping(CompactValue.self, element: "value").reading(with: { WireValueReader() })
    )
}
