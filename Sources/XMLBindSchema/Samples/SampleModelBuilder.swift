import XMLBind

/// Turns ``SampleStatistics`` into the generator's ``SchemaModel``.
enum SampleModelBuilder {
    static func model(of statistics: SampleStatistics) -> SchemaModel {
        var model = SchemaModel(prefixes: statistics.prefixes)
        for name in statistics.order {
            guard let record = statistics.records[name], !record.isSimple else { continue }
            var fields: [Field] = []
            for attribute in record.attributeOrder {
                let count = record.attributeCounts[attribute] ?? 0
                fields.append(
                    Field(
                        name: attribute.localName, namespace: attribute.namespace, kind: .attribute,
                        type: .builtin((record.attributeTypes[attribute] ?? []).builtin),
                        occurrence: count < record.occurrences ? .optional : .required))
            }
            let isMixed = record.hasText && !record.childOrder.isEmpty
            if record.hasText {
                let type: BuiltinType = isMixed ? .string : record.textType.builtin
                fields.append(Field(name: "", kind: .text, type: .builtin(type), occurrence: .optional))
            }
            for child in record.childOrder {
                let minimum = record.childMinimum[child] ?? 0
                let maximum = record.childMaximum[child] ?? 1
                let type: TypeReference
                if let childRecord = statistics.records[child], childRecord.isSimple {
                    type = .builtin(childRecord.hasText ? childRecord.textType.builtin : .string)
                } else {
                    type = .named(child)
                }
                fields.append(
                    Field(
                        name: child.localName, namespace: child.namespace, kind: .element, type: type,
                        occurrence: Occurrence(minimum: min(minimum, 1), maximum: maximum > 1 ? nil : 1)))
            }
            let documentation =
                "Inferred from \(record.occurrences) occurrence\(record.occurrences == 1 ? "" : "s") in the samples."
            model.types.append(
                ModelType(
                    name: name, kind: .complex(ComplexType(fields: fields, isMixed: isMixed)),
                    documentation: documentation, origin: record.origin))
            // Mixed content keeps its children's order with its text (the emitter's `.mixedText`).
            if record.interleavesChildren && !isMixed {
                model.diagnostics.append(
                    GenerationDiagnostic(
                        .warning,
                        "<\(name.localName)> holds children of different names interleaved in the samples; "
                            + "they are kept per name, not in one order",
                        at: record.origin))
            }
        }
        for root in statistics.roots {
            guard let record = statistics.records[root] else { continue }
            let type: TypeReference =
                record.isSimple ? .builtin(record.hasText ? record.textType.builtin : .string) : .named(root)
            model.rootElements.append(RootElement(name: root, type: type, origin: record.origin))
        }
        return model
    }
}
