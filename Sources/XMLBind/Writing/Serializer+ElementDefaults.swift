/// Writing XML Schema's element defaults (`.defaultWhenEmpty()`): a value equal to the
/// default is written as an empty element, which reads back as that default, so writing
/// neither spells out what the document left to its schema nor drops the element.
extension Serializer {
    /// The text to write for a property whose default fills an empty element: none (an
    /// empty element) when the value is the default.
    static func emptyWhenDefault(_ text: String, _ property: PropertyBinding) -> String {
        text == property.defaultText ? "" : text
    }
}
