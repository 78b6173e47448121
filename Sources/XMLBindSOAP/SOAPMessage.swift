import XMLBind

/// An operation call with named parameters, written as the body of a SOAP envelope (the
/// seed's form; see ``SOAPEnvelope`` for bodies that are registered types).
///
/// The body is an element named after the action, in the given namespace, holding one
/// child element per parameter, in the order they were added:
///
/// ```swift
/// let message = SOAPMessage(soapAction: "add", nameSpace: "urn:calc").adding("a", 2).adding("b", 3)
/// // <add xmlns="urn:calc"><a>2</a><b>3</b></add>
/// ```
public struct SOAPMessage: Sendable, Hashable {
    /// The operation's name: the body element's local name, and the SOAP action.
    public var soapAction: String
    /// The namespace of the body element and its parameter elements.
    public var nameSpace: String
    /// The parameters, in order: element names and their text.
    public var parameters: [Parameter]

    /// One parameter: a child element's name and its text.
    public struct Parameter: Sendable, Hashable {
        /// The element's local name.
        public var name: String
        /// The element's text, before escaping; `nil` writes `xsi:nil="true"`.
        public var value: String?

        /// Creates a parameter.
        ///
        /// - Parameters:
        ///   - name: The element's local name.
        ///   - value: Its text, or `nil` for a nil value.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// Creates a message with no parameters.
    ///
    /// - Parameters:
    ///   - soapAction: The operation's name, used as the body element's local name and
    ///     as the SOAP action.
    ///   - nameSpace: The namespace of the body element.
    public init(soapAction: String, nameSpace: String) {
        self.soapAction = soapAction
        self.nameSpace = nameSpace
        self.parameters = []
    }

    /// This message with one more parameter, formatted by its type's built-in conversion.
    ///
    /// - Parameters:
    ///   - name: The parameter element's local name.
    ///   - value: The value; an optional that is `nil` is written as `xsi:nil="true"`.
    /// - Returns: The message with the parameter added.
    public func adding<V: XMLValueConvertible>(_ name: String, _ value: V) -> SOAPMessage {
        var copy = self
        let text: String? = Self.isNil(value) ? nil : V.xmlConversion.format(value)
        copy.parameters.append(Parameter(name: name, value: text))
        return copy
    }

    /// Whether a value is a `nil` optional.
    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
