/// A type that keeps the attributes its mapping does not declare.
///
/// Without this conformance, an attribute that maps to no property is an error in
/// ``ParseMode/strict`` mode and ignored in ``ParseMode/lenient`` mode. With it, every
/// such attribute is handed over, in document order, and nothing is lost.
/// Namespace declarations (`xmlns`, `xmlns:p`) are not attributes and are not passed.
///
/// To have the attributes written back when the object is written as XML, implement
/// ``attributesToWrite`` as well; without it, none are written.
public protocol AttributeContainer {
    /// Receives one attribute that no property took.
    ///
    /// - Parameters:
    ///   - name: The attribute's qualified name as written, such as `init-method` or
    ///     `xsi:schemaLocation`.
    ///   - value: The attribute's value, with entities and character references decoded.
    mutating func addAttribute(_ name: String, value: String)

    /// The attributes to write after the declared ones, in this order, when the object is
    /// written as XML.
    ///
    /// Return what ``addAttribute(_:value:)`` received to write a document back as it
    /// was read. Names are qualified names (`init-method`, `xsi:schemaLocation`); a
    /// prefix is declared as the binder's `prefixes:` map says (see <doc:Writing>).
    /// Values are escaped by the writer. The default implementation returns none.
    var attributesToWrite: [(name: String, value: String)] { get }
}

extension AttributeContainer {
    /// No attributes: a container that does not implement the read side writes none back.
    public var attributesToWrite: [(name: String, value: String)] { [] }
}

/// Another name for ``AttributeContainer``, for files that also import Foundation.
///
/// Foundation has a struct named `AttributeContainer` (for `AttributedString`); in a
/// file that imports both modules, write `XMLAttributeContainer` or
/// `XMLBind.AttributeContainer`.
public typealias XMLAttributeContainer = AttributeContainer
