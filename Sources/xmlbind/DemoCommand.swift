import Foundation
import XMLBind

/// `xmlbind demo`: shows the mapping code, binds the bundled configuration with it, prints
/// the graph with origins, writes it back pretty-printed and reads that again, then binds
/// a broken copy and prints what is wrong with it.
enum DemoCommand {
    /// A few lines of ``DemoModel/binder``'s registration, shown before it runs (a test
    /// checks that each line is in `DemoModel.swift`).
    static let mappingExcerpt = """
        mapping(Bean.self, element: "bean")
            .attribute(\\.id)
            .attribute(\\.clazz, xml: "class")
            .attribute(\\.scope)
            .attribute(\\.lazy)
            .children(\\.properties),
        mapping(Property.self, element: "property")
            .attribute(\\.name)
            .attribute(\\.value)
            .attribute(\\.ref)
            .text(\\.text, conversion: .trimmed)
            .child(\\.bean),
        """

    static func run() -> Int32 {
        guard let good = resource("beans"), let broken = resource("beans-broken") else {
            FileHandle.standardError.write("xmlbind: the demo's bundled files are missing\n")
            return 1
        }
        print("The mappings (from Sources/xmlbind/DemoModel.swift; <beans> and <configuration:define> likewise):\n")
        print(mappingExcerpt.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        do {
            let beans = try DemoModel.binder.parse(good, as: DemoModel.Beans.self, file: "beans.xml")
            print("\nBound beans.xml into typed objects (origin, then object):\n")
            print(describe(beans), terminator: "")
            let options = WritingOptions(
                layout: .pretty(indent: "  "), includesDeclaration: false, omitsDefaultValues: true)
            let written = try DemoModel.binder.xml(from: beans, options: options)
            let shown = written.hasSuffix("\n") ? String(written.dropLast()) : written
            print("\nWritten back with the same mappings (pretty-printed, defaults omitted):\n\n\(shown)\n")
            let again = try DemoModel.binder.parse(written, as: DemoModel.Beans.self)
            let same = describe(again, origins: false) == describe(beans, origins: false)
            print(same ? "Read back: the same graph." : "Read back: a different graph!")
            if !same { return 1 }
        } catch {
            FileHandle.standardError.write("\(error)\n")
            return 1
        }
        print("\nBinding beans-broken.xml, a copy edited by hand, reports every mistake in one run:\n")
        do {
            _ = try DemoModel.binder.parse(broken, as: DemoModel.Beans.self, file: "beans-broken.xml")
            print("(no error: the broken copy unexpectedly bound)")
            return 1
        } catch let error as XMLBindError {
            print(error.rendered(DiagnosticStyle.forStandardOutput))
        } catch {
            print(error)
        }
        return 0
    }

    private static func resource(_ name: String) -> Data? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Demo") else {
            return nil
        }
        return try? Data(contentsOf: url)
    }

    /// The object graph, one object per line, indented by depth, each with its origin
    /// unless `origins` is false.
    static func describe(_ beans: DemoModel.Beans, origins: Bool = true) -> String {
        var out = ""
        func line(_ origin: Origin?, _ depth: Int, _ text: String) {
            let place = origin.map { "\($0.line):\($0.column)" } ?? "?"
            let column = origins ? place.padding(toLength: 8, withPad: " ", startingAt: 0) : ""
            out += column + String(repeating: "  ", count: depth) + text + "\n"
        }
        func describe(_ bean: DemoModel.Bean, depth: Int) {
            var text = "Bean \(bean.id ?? "(anonymous)"): \(bean.clazz ?? "?"), \(bean.scope.rawValue)"
            if bean.lazy { text += ", lazy" }
            for attribute in bean.otherAttributes { text += ", \(attribute.name)=\(attribute.value)" }
            line(bean.origin, depth, text)
            for property in bean.properties {
                var text = "Property \(property.name ?? "?")"
                if let value = property.value { text += " = \"\(value)\"" }
                if let ref = property.ref { text += " -> \(ref)" }
                if let body = property.text, !body.isEmpty { text += " = \"\(body)\" (text)" }
                line(property.origin, depth + 1, text)
                if let nested = property.bean { describe(nested, depth: depth + 2) }
            }
        }
        line(beans.origin, 0, "Beans in \(beans.namespace ?? "no namespace")")
        for define in beans.defines {
            let name = [define.namespace, define.key].compactMap { $0 }.joined(separator: ".")
            line(define.origin, 1, "Define \(name): \(define.type ?? "?") = \"\(define.value ?? "")\"")
        }
        for bean in beans.beans { describe(bean, depth: 1) }
        return out
    }
}

extension FileHandle {
    /// Writes text as UTF-8.
    func write(_ text: String) {
        write(Data(text.utf8))
    }
}
