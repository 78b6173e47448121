/// A keyed shape (`.keyedMembers`) as one document writes it: every name of the shape
/// qualified once (when the binding's ``WritingForm`` is made, after the namespace plan has
/// given every URI its prefix), each member's key escaped once, and each property's typed
/// wrapper chosen once.
///
/// The serializer then writes a scalar member by copying these bytes around its escaped
/// value (Serializer+Keyed.swift): no name, tree or `String` per member, and no look at
/// a value's type.
final class KeyedForm {
    /// An element of the shape: its name as written (for the path frames of members that
    /// hold objects) and its tags.
    struct Element {
        let name: String
        let tags: WritingForm.ElementTags

        init(_ name: String) {
            self.name = name
            tags = WritingForm.ElementTags(name)
        }

        /// `<name`: the start tag before its attributes.
        var start: [UInt8] { tags.start }
    }

    /// A member's key as written: `<name>key</name>` for a key element, ` key="key"` for
    /// a key attribute; or the character XML cannot hold that the key has.
    enum Key {
        case written([UInt8])
        case refused(XMLWriter.InvalidCharacter)
    }

    let member: Element
    /// The key attribute's name as written, when the key is an attribute.
    let keyAttribute: String?
    let keyElement: Element?
    /// The value element, or `nil` when the member's own content is the value.
    let value: Element?
    let wrappers: [Element]
    /// Each wrapper's rewrite of the value's text (`true` → `1`), if it has one.
    let wrapperWritten: [(@Sendable (String) -> String)?]
    /// The list path's steps before its item, and the item's value element (`array`,
    /// `data`; `value`); `item` is `nil` when each member holds one value.
    let listSteps: [Element]
    let item: Element?
    /// Each property's key (or `nil` for one that is not a member) and the wrapper its
    /// value's type is written in (-1: bare text), by property index.
    let propertyKeys: [Key?]
    let propertyWrappers: [Int]
    /// Each child slot's key (or `nil`), by slot index.
    let slotKeys: [Key?]
    /// For each property written as one scalar member in a value element: the markup
    /// before its value (`<member><name>id</name><value><int>`) and after it, as ranges
    /// of ``scalarBytes``, for a compact document (nothing indented between them); `nil`
    /// for the other properties. A member is then three appends around its escaped value.
    let scalarMarkup: [(open: Range<Int>, close: Range<Int>)?]
    let scalarBytes: [UInt8]

    /// - Parameter owner: The namespace of the keyed element: the shape's unprefixed names
    ///   are written in it, as they are read.
    init(_ layout: KeyedLayout, _ binding: ElementBinding, plan: NamespacePlan, owner: NamespacePlan.Target) {
        func element(_ name: XMLName) -> Element {
            Element(plan.qualified(name.local, plan.child(plan.target(of: name, attribute: false), of: owner)))
        }
        let member = element(layout.member)
        self.member = member
        let keyAttribute = layout.keyAttribute.map { plan.qualified($0.local, plan.target(of: $0, attribute: true)) }
        self.keyAttribute = keyAttribute
        let keyElement = layout.keyElement.map(element)
        self.keyElement = keyElement
        let value = layout.valueElement.map(element)
        self.value = value
        let wrappers = layout.wrappers.map(element)
        self.wrappers = wrappers
        wrapperWritten = layout.wrapperWritten
        let steps = layout.listSteps.map(element)
        listSteps = Array(steps.dropLast())
        item = steps.last
        func key(_ text: String?) -> Key? {
            guard let text else { return nil }
            var writer = XMLWriter(reservingCapacity: text.utf8.count + 32)
            do throws(XMLWriter.InvalidCharacter) {
                if let keyAttribute {
                    try writer.attribute(keyAttribute, text)
                } else if let keyElement {
                    writer.raw(keyElement.tags.open)
                    try writer.text(text)
                    writer.raw(keyElement.tags.close)
                }
            } catch {
                return .refused(error)
            }
            return .written(writer.buffer)
        }
        let propertyKeys = binding.properties.map { key($0.memberKey) }
        self.propertyKeys = propertyKeys
        let propertyWrappers = binding.properties.map { property in
            guard property.isKeyed else { return -1 }
            return layout.wrapper(for: property.collection?.elementType ?? property.valueType) ?? -1
        }
        self.propertyWrappers = propertyWrappers
        slotKeys = binding.childSlots.map { key($0.memberKey) }
        var bytes: [UInt8] = []
        scalarMarkup = binding.properties.indices.map { index in
            guard binding.properties[index].collection == nil, let value,
                case .written(let key) = propertyKeys[index]
            else { return nil }
            let wrapper = propertyWrappers[index] >= 0 ? wrappers[propertyWrappers[index]].tags : nil
            let start = bytes.count
            bytes += member.start + (keyAttribute == nil ? [] : key) + [UInt8(ascii: ">")]
            bytes += (keyElement == nil ? [] : key) + value.tags.open + (wrapper?.open ?? [])
            let middle = bytes.count
            bytes += (wrapper?.close ?? []) + value.tags.close + member.tags.close
            return (start..<middle, middle..<bytes.count)
        }
        scalarBytes = bytes
    }
}
