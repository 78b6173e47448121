import XMLBind

extension XMLRPCWire {
    /// The first `<value>` (in document order) under `roots` that holds more than one typed
    /// element, or nil.
    ///
    /// This is the one rule of the wire format the mappings do not declare: XMLBind has no
    /// "one of these elements" declaration, and a `.validate` check on `<value>` costs the
    /// engine a `ValidationContext` for every value of the document. A walk over the bound
    /// values after the parse costs a few field reads each, and the value's origin still
    /// locates the error.
    static func valueWithSeveralTypes(in roots: [WireValue]) -> WireValue? {
        var pending = roots.reversed() as [WireValue]
        while let value = pending.popLast() {
            if value.typedElementCount > 1 { return value }
            if let members = value.structValue?.members {
                for member in members.reversed() {
                    if let child = member.value { pending.append(child) }
                }
            } else if let values = value.arrayValue?.data?.values {
                pending.append(contentsOf: values.reversed())
            }
        }
        return nil
    }

    /// Throws, as the binder's own diagnostics are thrown, for a `<value>` with several
    /// typed elements under `roots`.
    static func checkValues(in roots: [WireValue], document: XMLRPCDocument) throws(XMLRPCError) {
        guard let value = valueWithSeveralTypes(in: roots) else { return }
        let error = XMLBindError(
            code: .validationFailed, message: "a <value> holds one typed element, and this one holds several",
            origin: value.origin, sourceLine: value.origin.flatMap { document.line($0.line) })
        throw .malformed(error, what: "XML-RPC document")
    }
}
