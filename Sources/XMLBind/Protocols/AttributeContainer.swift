/// A type that keeps the attributes its mapping does not declare.
///
/// Without this conformance, an attribute that maps to no property is an error in
/// ``ParseMode/strict`` mode and ignored in ``ParseMode/lenient`` mode. With it, every
/// such attribute is handed over, in document order, and nothing is lost.
/// Namespace declarations (`xmlns`, `xmlns:p`) are not attributes and are not passed.
public protocol AttributeContainer {
    /// Receives one attribute that no property took.
    ///
    /// - Parameters:
    ///   - name: The attribute's qualified name as written, such as `init-method` or
    ///     `xsi:schemaLocation`.
    ///   - value: The attribute's value, with entities and character references decoded.
    mutating func addAttribute(_ name: String, value: String)
}

/// Another name for ``AttributeContainer``, for files that also import Foundation.
///
/// Foundation has a struct named `AttributeContainer` (for `AttributedString`); in a
/// file that imports both modules, write `XMLAttributeContainer` or
/// `XMLBind.AttributeContainer`.
public typealias XMLAttributeContainer = AttributeContainer
