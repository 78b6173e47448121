import Foundation
import XMLBind

/// `xmlbind demo`: binds the bundled configuration, prints the graph with origins, writes
/// it back as compact XML and reads that again, then binds a broken copy and prints what
/// is wrong with it.
enum DemoCommand {
    static func run() -> Int32 {
        guard let good = resource("beans"), let broken = resource("beans-broken") else {
            FileHandle.standardError.write("xmlbind: the demo's bundled files are missing\n")
            return 1
        }
        do {
            let beans = try DemoModel.binder.parse(good, as: DemoModel.Beans.self, file: "beans.xml")
            print("Bound beans.xml into typed objects (origin, then object):\n")
            print(describe(beans), terminator: "")
            let options = WritingOptions(layout: .compact, includesDeclaration: false, omitsDefaultValues: true)
            let written = try DemoModel.binder.xml(from: beans, options: options)
            print("\nWritten back with the same mappings (compact, defaults omitted):\n\n\(written)\n")
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
        } catch {
            print(error.rendered(DiagnosticStyle.forStandardOutput))
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
