extension SwiftSourceWriter {
    /// `NAME+IdentityConstraints.swift`, when an element declares `xs:key`, `xs:unique` or
    /// `xs:keyref`: what the generated `.validate` checks hand their rows to.
    func identityConstraintsFile() -> String {
        var text = header + "\n" + imports + "\n"
        text += "extension \(plan.moduleName) {\n"
        text += Self.identitySupport
        text += "}\n"
        return text
    }

    /// The checks, the same for every model. A field's value is compared as its typed value
    /// (the bound property's: `010` and `10` are one `xs:int`, a string keeps its spaces as
    /// its type's whitespace facet leaves them), tagged with its kind, so that a number and a
    /// string of the same text differ, as XML Schema's value spaces do.
    static let identitySupport = #"""
            /// XML Schema's identity constraints (`xs:key`, `xs:unique`, `xs:keyref`), checked on
            /// the bound objects when the element declaring them is complete; each problem is an
            /// error at the element at fault.
            enum IdentityConstraints {
                /// A field's value: its typed form, to compare, and its text, for messages.
                struct Value: Hashable {
                    let key: String
                    let text: String
                }

                /// What a field selects in one node.
                enum Field {
                    case absent
                    case one(Value)
                    case several(Int)
                }

                /// A problem found, reported once all the constraints are checked, in document order.
                struct Problem {
                    let message: String
                    let origin: Origin?
                }

                /// One selected node: where it is, its name, and its fields.
                struct Row {
                    let origin: Origin?
                    let element: String
                    let fields: [Field]
                }

                /// How a type's `whiteSpace` facet normalizes a string before it is compared.
                enum WhiteSpace {
                    case preserve, replace, collapse
                }

                static func values<V>(_ values: [V], _ whiteSpace: WhiteSpace = .preserve) -> [Value] {
                    values.map { value(of: $0, whiteSpace) }
                }

                static func value(of raw: Any, _ whiteSpace: WhiteSpace = .preserve) -> Value {
                    switch raw {
                    case let text as String:
                        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                        let normal =
                            switch whiteSpace {
                            case .preserve: text
                            case .replace: String(text.map { isSpace($0) ? " " : $0 })
                            case .collapse: text.split(whereSeparator: isSpace).joined(separator: " ")
                            }
                        return Value(key: "s" + normal, text: normal)
                    case let flag as Bool: return Value(key: "b\(flag)", text: String(flag))
                    case let number as any BinaryInteger:
                        let text = String(describing: number)
                        return Value(key: "n" + text, text: text)
                    case let number as Decimal:
                        let text = number.description
                        return Value(key: "n" + text, text: text)
                    case let number as Double: return Value(key: "f\(number)", text: String(number))
                    case let number as Float: return Value(key: "f\(Double(number))", text: String(number))
                    case let name as XMLQualifiedName:
                        return Value(key: "q{\(name.namespace ?? "")}" + name.localName, text: name.description)
                    case let enumerated as any RawRepresentable: return value(of: enumerated.rawValue, whiteSpace)
                    default:
                        let text = String(describing: raw)
                        return Value(key: "o" + text, text: text)
                    }
                }

                static func field(_ values: [Value]) -> Field {
                    switch values.count {
                    case 0: .absent
                    case 1: .one(values[0])
                    default: .several(values.count)
                    }
                }

                /// The complete tuples of rows in document order, each with its row; the problems of
                /// the incomplete ones reported (a key needs every field, any field at most one value).
                private static func tuples(
                    _ rows: [Row], _ constraint: String, fields: [String], isKey: Bool, problems: inout [Problem]
                ) -> [(keys: [String], texts: [String], row: Row)] {
                    let ordered = rows.enumerated().sorted {
                        ($0.element.origin?.line ?? 0, $0.element.origin?.column ?? 0, $0.offset)
                            < ($1.element.origin?.line ?? 0, $1.element.origin?.column ?? 0, $1.offset)
                    }
                    var result: [(keys: [String], texts: [String], row: Row)] = []
                    result.reserveCapacity(rows.count)
                    for row in ordered.map(\.element) {
                        var keys: [String] = []
                        var texts: [String] = []
                        for (index, field) in row.fields.enumerated() {
                            switch field {
                            case .one(let value):
                                keys.append(value.key)
                                texts.append(value.text)
                            case .absent:
                                if isKey {
                                    let message =
                                        "\(row.element) has no value for the field '\(fields[index])' of \(constraint)"
                                    problems.append(Problem(message: message, origin: row.origin))
                                }
                            case .several(let count):
                                let message =
                                    "the field '\(fields[index])' of \(constraint) selects \(count) values in "
                                    + "\(row.element), not one"
                                problems.append(Problem(message: message, origin: row.origin))
                            }
                        }
                        if keys.count == row.fields.count { result.append((keys, texts, row)) }
                    }
                    return result
                }

                /// Checks a key or uniqueness constraint, and returns its tuples, for key references.
                static func unique(
                    _ rows: [Row], _ constraint: String, fields: [String], isKey: Bool, problems: inout [Problem]
                ) -> Set<[String]> {
                    var first: [[String]: Origin?] = [:]
                    for tuple in tuples(rows, constraint, fields: fields, isKey: isKey, problems: &problems) {
                        if let earlier = first[tuple.keys] {
                            let message =
                                "\(tuple.row.element) repeats the value \(written(tuple.texts)) of \(constraint)"
                                + (earlier.map { ", first at \($0)" } ?? "")
                            problems.append(Problem(message: message, origin: tuple.row.origin))
                        } else {
                            first[tuple.keys] = tuple.row.origin
                        }
                    }
                    return Set(first.keys)
                }

                /// Checks a key reference against the tuples of the key it refers to.
                static func references(
                    _ rows: [Row], _ constraint: String, fields: [String], to keys: Set<[String]>, _ key: String,
                    problems: inout [Problem]
                ) {
                    for tuple in tuples(rows, constraint, fields: fields, isKey: false, problems: &problems)
                    where !keys.contains(tuple.keys) {
                        let message =
                            "\(tuple.row.element) refers to \(written(tuple.texts)) through \(constraint), a value "
                            + "\(key) does not have"
                        problems.append(Problem(message: message, origin: tuple.row.origin))
                    }
                }

                /// Reports the problems, in document order.
                static func report(_ problems: [Problem], to context: ValidationContext) {
                    let ordered = problems.enumerated().sorted {
                        ($0.element.origin?.line ?? 0, $0.element.origin?.column ?? 0, $0.offset)
                            < ($1.element.origin?.line ?? 0, $1.element.origin?.column ?? 0, $1.offset)
                    }
                    for problem in ordered.map(\.element) {
                        context.error(problem.message, at: problem.origin)
                    }
                }

                private static func written(_ texts: [String]) -> String {
                    "(" + texts.map { "'" + $0 + "'" }.joined(separator: ", ") + ")"
                }
            }

        """#
}
