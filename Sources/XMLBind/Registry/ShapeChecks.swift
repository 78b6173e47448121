/// Registration checks for the shapes of issue 13 (whole text, lists, keyed maps,
/// ignored names, slots through paths): a declaration the binder cannot honour exactly is
/// refused when the mapping is registered, with the mapping's other problems (see
/// ``ElementBinding/ownProblems(misplacedModifiers:)``).
enum ShapeChecks {
    /// The problems of a mapping's declarations, one message each; empty when there are none.
    static func problems(
        _ properties: [PropertyBinding], slots: [ChildSlot] = [], paths: PathNode?, ignoredElements: [XMLName]
    ) -> [String] {
        var problems: [String] = []
        for slot in slots where slot.namesAttribute {
            problems.append(
                "the child slot '\(slot.propertyName)' takes elements: its xml: cannot end in an attribute")
        }
        for (index, property) in properties.enumerated() {
            // Formatted only for a message: most mappings have no problem to report.
            var name: String { "'\(property.propertyName)'" }
            if property.takesWholeText, property.form == .attribute {
                problems.append("wholeText() applies to .text, .element or .property, not to attribute \(name)")
            }
            guard let collection = property.collection else { continue }
            if collection.isMap {
                if !property.path.isEmpty || property.form != .element {
                    problems.append(
                        "the keyed map \(name) reads child elements: its xml: must be an element name, not a path "
                            + "or an attribute")
                }
                if collection.key?.local.isEmpty ?? true {
                    problems.append("the keyed map \(name) needs a key attribute name")
                }
            } else if property.form == .attribute, property.path.isEmpty {
                problems.append(
                    "the list \(name) cannot come from an attribute of the element itself (an element has one "
                        + "attribute of each name): name a repeated element, such as 'item/@\(property.xmlName)'")
            } else if let node = paths.flatMap({ holder(of: index, in: $0) }),
                node.children.count + node.attributes.count + node.slots.count + (node.textProperty == nil ? 0 : 1)
                    != 1,
                !holdsOnlyOptionalLists(node, properties)
            {
                let onlyAttributes = node.children.isEmpty && node.slots.isEmpty && node.textProperty == nil
                problems.append(
                    "the list \(name) repeats <\(node.name)>, so nothing else may be declared in <\(node.name)>"
                        + (onlyAttributes
                            ? " (except other lists from its attributes, when each is a list of optionals such as "
                                + "[String?]: those keep one entry per element and so line up)" : ""))
            }
        }
        for ignored in ignoredElements {
            if let clash = properties.first(where: {
                $0.path.isEmpty && $0.form.acceptsElement && $0.xmlName.local == ignored.local
            }) {
                problems.append("<\(ignored)> is both ignored and declared as property '\(clash.propertyName)'")
            }
        }
        return problems
    }

    /// Whether a repeated path element holds only lists of optionals from its attributes
    /// (`param/@name`, `param/@type` into `[String?]`): each keeps an entry per element, so
    /// the lists line up and the writer writes element *i* from entry *i* of each.
    private static func holdsOnlyOptionalLists(_ node: PathNode, _ properties: [PropertyBinding]) -> Bool {
        node.children.isEmpty && node.slots.isEmpty && node.textProperty == nil
            && node.attributes.allSatisfy { properties[$0].collection?.makeGapFiller != nil }
    }

    /// The path element that repeats for a list value: the one whose text or attribute it is.
    private static func holder(of index: Int, in node: PathNode) -> PathNode? {
        for child in node.children {
            if child.textProperty == index || child.attributes.contains(index) { return child }
            if let found = holder(of: index, in: child) { return found }
        }
        return nil
    }
}
