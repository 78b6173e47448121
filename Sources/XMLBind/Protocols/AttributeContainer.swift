/// A type that keeps the attributes its mapping does not declare.
///
/// Without this conformance, an attribute that maps to no property is an error in
/// ``ParseMode/strict`` mode and ignored in ``ParseMode/lenient`` mode. With it, every
/// such attribute is handed over, in document order, and nothing is lost.
/// Namespace declarations (`xmlns`, `xmlns:p`) are not attributes and are not passed.
///
/// The binder hands each attribute to ``addAttribute(_:)``, with its namespace URI; its
/// default implementation passes the name and value on to ``addAttribute(_:value:)``,
/// which every container implements (an empty body is fine when `addAttribute(_:)` is
/// implemented too).
///
/// To have the attributes written back when the object is written as XML, implement
/// ``keptAttributesToWrite`` (with their namespaces) or ``attributesToWrite`` (names and
/// values only); without either, none are written.
///
/// ```swift
/// final class Config: Bindable, XMLAttributeContainer {
///     var name: String?
///     var others: [XMLAttribute] = []
///     init() {}
///     func addAttribute(_ attribute: XMLAttribute) { others.append(attribute) }
///     func addAttribute(_ name: String, value: String) {}
///     var keptAttributesToWrite: [XMLAttribute] { others }
///     subscript(name: String) -> String? { others.first { $0.name == name }?.value }
/// }
/// ```
public protocol AttributeContainer: SendableMetatype {
    /// Receives one attribute that no property took, by its qualified name.
    ///
    /// - Parameters:
    ///   - name: The attribute's qualified name as written, such as `init-method` or
    ///     `xsi:schemaLocation`.
    ///   - value: The attribute's value, with entities and character references decoded.
    mutating func addAttribute(_ name: String, value: String)

    /// Receives one attribute that no property took, with its namespace URI.
    ///
    /// The default implementation calls ``addAttribute(_:value:)`` with the qualified
    /// name and the value.
    ///
    /// - Parameter attribute: The attribute: its qualified name, the namespace URI its
    ///   prefix is bound to in the document (`nil` when unprefixed), and its value.
    mutating func addAttribute(_ attribute: XMLAttribute)

    /// The attributes to write after the declared ones, in this order, with their
    /// namespaces, when the object is written as XML.
    ///
    /// Return what ``addAttribute(_:)`` received to write a document back as it was read:
    /// each namespace URI is declared with the attribute's prefix (or another, when that
    /// prefix is taken). The default implementation returns ``attributesToWrite``, with no
    /// namespaces.
    var keptAttributesToWrite: [XMLAttribute] { get }

    /// The attributes to write after the declared ones, in this order, when the object is
    /// written as XML.
    ///
    /// Names are qualified names (`init-method`, `xsi:schemaLocation`); a prefix is
    /// declared as the binder's `prefixes:` map says (see <doc:Writing>); to write the
    /// namespace an attribute was read in, implement ``keptAttributesToWrite`` instead.
    /// Values are escaped by the writer. The default implementation returns none.
    var attributesToWrite: [(name: String, value: String)] { get }
}

extension AttributeContainer {
    /// Passes the qualified name and the value to ``addAttribute(_:value:)``.
    public mutating func addAttribute(_ attribute: XMLAttribute) {
        addAttribute(attribute.name, value: attribute.value)
    }

    /// No attributes: a container that does not implement the read side writes none back.
    public var attributesToWrite: [(name: String, value: String)] { [] }

    /// ``attributesToWrite``, without namespaces.
    public var keptAttributesToWrite: [XMLAttribute] {
        attributesToWrite.map { XMLAttribute(name: $0.name, value: $0.value) }
    }
}

/// Another name for ``AttributeContainer``, for files that also import Foundation.
///
/// Foundation has a struct named `AttributeContainer` (for `AttributedString`); in a
/// file that imports both modules, write `XMLAttributeContainer` or
/// `XMLBind.AttributeContainer`.
public typealias XMLAttributeContainer = AttributeContainer
