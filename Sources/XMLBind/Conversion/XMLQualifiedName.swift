/// A qualified name written in a value, such as a SOAP fault code `soap:Client` or an
/// `xsi:type`-like reference `xs:string`, with its prefix resolved to a namespace URI.
///
/// As a property's type it is resolved by the binder against the namespace declarations in
/// force at the element that holds the value (the attribute's element, or the element
/// whose text it is), so `cfg:define` and `c:define` bound to the same URI read as the
/// same name. An unprefixed value takes the default namespace; an unbound prefix leaves
/// ``namespace`` `nil`. Written back as `prefix:local` with the prefix the written document
/// declares for ``namespace`` (the value's own when it is free), so that the value means
/// the same name wherever it is written; a name without a namespace is written as
/// ``qualifiedName``, and an unprefixed one in no namespace keeps the document free of a
/// default namespace.
///
/// ```swift
/// final class Fault: Bindable { var code: XMLQualifiedName?; init() {} }
/// mapping(Fault.self, element: "Fault").element(\.code, xml: "faultcode")
/// // <faultcode xmlns:s="http://schemas.xmlsoap.org/soap/envelope/">s:Client</faultcode>
/// // fault.code?.namespace == "http://schemas.xmlsoap.org/soap/envelope/", localName == "Client"
/// ```
///
/// Text in Clark notation, `{uri}local` (or `{uri}prefix:local`), is read with that URI as
/// its namespace. A property of type `[XMLQualifiedName]` (a list of `xs:QName`) has each of
/// its whitespace-separated items resolved and written the same way.
public struct XMLQualifiedName: Sendable, Hashable, CustomStringConvertible {
    /// The namespace URI the prefix is bound to, or `nil`.
    public var namespace: String?
    /// The prefix as written, or `nil`.
    public var prefix: String?
    /// The name after the prefix.
    public var localName: String

    /// Creates a name.
    ///
    /// - Parameters:
    ///   - namespace: Its namespace URI, or `nil`.
    ///   - localName: The local part.
    ///   - prefix: The prefix to write it with, or `nil`.
    public init(namespace: String?, localName: String, prefix: String? = nil) {
        self.namespace = namespace
        self.localName = localName
        self.prefix = prefix
    }

    /// A name as written (`prefix:local`, `local`, or `{uri}local`), with no namespace
    /// resolved unless written in Clark notation; surrounding whitespace is removed.
    public init(_ text: String) {
        var rest = Substring(XMLWhitespace.trimmed(text))
        namespace = nil
        if rest.first == "{", let close = rest.firstIndex(of: "}") {
            let uri = rest[rest.index(after: rest.startIndex)..<close]
            namespace = uri.isEmpty ? nil : String(uri)
            rest = rest[rest.index(after: close)...]
        }
        if let colon = rest.firstIndex(of: ":") {
            prefix = String(rest[..<colon])
            localName = String(rest[rest.index(after: colon)...])
        } else {
            prefix = nil
            localName = String(rest)
        }
    }

    /// `prefix:local`, or `local`.
    public var qualifiedName: String {
        prefix.map { "\($0):\(localName)" } ?? localName
    }

    /// `{uri}local` (Clark notation), or `local` in no namespace.
    public var description: String {
        namespace.map { "{\($0)}\(localName)" } ?? localName
    }
}

extension XMLQualifiedName: XMLValueConvertible {
    /// Reads `prefix:local` (or Clark notation, which the binder hands over once it has
    /// resolved the prefix) and writes ``qualifiedName``, in Clark notation
    /// (`{uri}prefix:local`) when ``namespace`` is known: the binder's writer turns that into
    /// the prefix it declares for the namespace.
    public static var xmlConversion: Conversion<XMLQualifiedName> {
        Conversion(
            parse: { XMLQualifiedName($0) },
            format: { name in name.namespace.map { "{\($0)}" + name.qualifiedName } ?? name.qualifiedName })
    }
}

extension PropertyBinding {
    /// Whether values of `type` are qualified names the engine resolves before converting
    /// (``XMLQualifiedName`` or its optional, or a list of them: see ``isQualifiedNameList(_:)``).
    static func isQualifiedName(_ type: Any.Type) -> Bool {
        type == XMLQualifiedName.self || type == XMLQualifiedName?.self || isQualifiedNameList(type)
    }

    /// Whether values of `type` are whitespace-separated lists of qualified names
    /// (`[XMLQualifiedName]` or its optional, XML Schema's list of `xs:QName`): each item is
    /// resolved where it is written, and written with the prefix its namespace is declared with.
    static func isQualifiedNameList(_ type: Any.Type) -> Bool {
        type == [XMLQualifiedName].self || type == [XMLQualifiedName]?.self
    }
}
