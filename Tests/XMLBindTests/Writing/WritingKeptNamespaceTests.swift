import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// Kept attributes keep their namespace: an ``AttributeContainer`` gets each one's URI,
/// and the writer declares that URI. Python's ElementTree reads the output as an
/// independent reader: namespaces, attribute values and dates.
@Suite struct WritingKeptNamespaceTests {
    static let xsi = "http://www.w3.org/2001/XMLSchema-instance"

    final class Config: Bindable, XMLAttributeContainer {
        var name: String?
        var when: Date?
        var kept: [XMLAttribute] = []
        var children: [Config] = []
        init() {}
        func addAttribute(_ attribute: XMLAttribute) { kept.append(attribute) }
        func addAttribute(_ name: String, value: String) {}
        var keptAttributesToWrite: [XMLAttribute] { kept }
        subscript(name: String) -> String? { kept.first { $0.name == name }?.value }
    }

    /// Keeps names and values only, as the seed's containers do.
    final class NamesOnly: Bindable, XMLAttributeContainer {
        var seen: [String: String] = [:]
        init() {}
        func addAttribute(_ name: String, value: String) { seen[name] = value }
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Config.self, element: "config").attribute(\.name).attribute(\.when).children(\.children))

    struct Element: Decodable, Equatable {
        let tag: String
        let attributes: [String: String]
    }

    /// Every element of a document as ElementTree reads it, in document order, with its
    /// attributes in Clark notation (`{uri}local`).
    static func elementTree(_ text: String) async throws -> [Element] {
        let script = """
            import sys, json
            import xml.etree.ElementTree as ET
            root = ET.fromstring(sys.stdin.buffer.read())
            print(json.dumps([{"tag": e.tag, "attributes": dict(e.attrib)} for e in root.iter()]))
            """
        return try JSONDecoder().decode([Element].self, from: Data(try await PythonPeer.run(script, input: text).utf8))
    }

    @Test func theIssuesExampleKeepsItsNamespace() async throws {
        let document =
            #"<config xmlns:xsi="\#(Self.xsi)" xsi:schemaLocation="urn:a a.xsd" name="x"/>"#
        let config = try Self.binder.parse(document, as: Config.self)
        #expect(config.kept == [XMLAttribute(name: "xsi:schemaLocation", namespace: Self.xsi, value: "urn:a a.xsd")])
        #expect(config["xsi:schemaLocation"] == "urn:a a.xsd")
        let text = try Self.binder.xml(
            from: config, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(text == #"<config xmlns:xsi="\#(Self.xsi)" name="x" xsi:schemaLocation="urn:a a.xsd"/>"#)
        #expect(
            try await Self.elementTree(text) == [
                Element(tag: "config", attributes: ["name": "x", "{\(Self.xsi)}schemaLocation": "urn:a a.xsd"])
            ])
    }

    @Test func onePrefixBoundToTwoURIsGetsTwoPrefixes() async throws {
        let document = #"<config xmlns:p="urn:one" p:a="1"><config xmlns:p="urn:two" p:a="2"/></config>"#
        let config = try Self.binder.parse(document, as: Config.self)
        let text = try Self.binder.xml(from: config)
        #expect(!text.contains("urn:xmlbind"))
        #expect(
            try await Self.elementTree(text) == [
                Element(tag: "config", attributes: ["{urn:one}a": "1"]),
                Element(tag: "config", attributes: ["{urn:two}a": "2"]),
            ])
        let again = try Self.binder.parse(text, as: Config.self)
        #expect(again.kept.map(\.namespace) == ["urn:one"])
        #expect(again.children.first?.kept.map(\.namespace) == ["urn:two"])
    }

    @Test func aContainerOfNamesOnlyStillGetsQualifiedNames() throws {
        let binder = XMLBinder().registeredAtSetup(mapping(NamesOnly.self, element: "config"))
        let kept = try binder.parse(#"<config xmlns:xsi="\#(Self.xsi)" xsi:type="t" plain="p"/>"#, as: NamesOnly.self)
        #expect(kept.seen == ["xsi:type": "t", "plain": "p"])
    }

    @Test func anUnprefixedAttributeWithANamespaceGetsAPrefix() async throws {
        let config = Config()
        config.kept = [XMLAttribute(name: "a", namespace: "urn:x", value: "1"), XMLAttribute(name: "b", value: "2")]
        let text = try Self.binder.xml(from: config)
        #expect(try await Self.elementTree(text) == [Element(tag: "config", attributes: ["{urn:x}a": "1", "b": "2"])])
    }

    /// Random graphs: attribute values of every awkward kind, namespaces from a pool under
    /// clashing prefixes, dates anywhere in ten thousand years. ElementTree reads what was
    /// kept, and Python's `datetime` reads the dates; the binder reads it all back.
    @Test func randomGraphsReadTheSameInElementTree() async throws {
        var random = SeededGenerator(seed: 2001)
        let pieces = ["a", "é", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "]]>", " ", "𝄞", "&amp;", "x y", "\r\n"]
        let uris = ["urn:one", "urn:two", "http://example.com/a", Self.xsi, "urn:ns1"]
        let prefixes = ["p", "q", "ns1", "xsi", "a"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        var dates: [(text: String, millis: Int64)] = []
        for _ in 0..<25 {
            let root = Config()
            var all = [root]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let child = Config()
                (all.randomElement(using: &random) ?? root).children.append(child)
                all.append(child)
            }
            for config in all {
                config.name = Bool.random(using: &random) ? text() : nil
                let micros = Int64.random(in: -62_135_596_800_000_000...253_402_300_799_999_999, using: &random)
                config.when =
                    Bool.random(using: &random) ? Date(timeIntervalSince1970: Double(micros / 1000) / 1000) : nil
                var used: Set<String> = []
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    let prefix = prefixes.randomElement(using: &random) ?? "p"
                    let uri = uris.randomElement(using: &random) ?? "urn:one"
                    let local = ["k", "type", "a"].randomElement(using: &random) ?? "k"
                    guard used.insert(uri + " " + local).inserted else { continue }
                    config.kept.append(XMLAttribute(name: prefix + ":" + local, namespace: uri, value: text()))
                }
            }
            let written = try Self.binder.xml(from: root)
            let read = try await Self.elementTree(written)
            try #require(read.count == all.count)
            // ElementTree's document order is a depth-first walk, as the writer's.
            var order: [Config] = []
            var pending = [root]
            while let next = pending.popLast() {
                order.append(next)
                pending.append(contentsOf: next.children.reversed())
            }
            for (config, element) in zip(order, read) {
                var expected: [String: String] = [:]
                if let name = config.name { expected["name"] = name }
                for kept in config.kept { expected["{\(kept.namespace ?? "")}\(kept.localName)"] = kept.value }
                var seen = element.attributes
                let when = seen.removeValue(forKey: "when")
                #expect(seen == expected, "\(written)")
                #expect((when == nil) == (config.when == nil))
                if let when, let date = config.when {
                    dates.append((when, Int64((date.timeIntervalSince1970 * 1000).rounded())))
                }
            }
            let back = try Self.binder.parse(written, as: Config.self)
            #expect(
                back.kept.map { [$0.namespace, $0.localName, $0.value] }
                    == root.kept.map { [$0.namespace, $0.localName, $0.value] })
            #expect(back.when == root.when && back.name == root.name)
        }
        let script = """
            import sys
            from datetime import datetime, timezone, timedelta
            epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
            for line in sys.stdin.read().split():
                moment = datetime.fromisoformat(line.replace("Z", "+00:00"))
                print((moment - epoch) // timedelta(milliseconds=1))
            """
        let millis = try await PythonPeer.run(script, input: dates.map(\.text).joined(separator: "\n")).split(
            separator: "\n")
        try #require(millis.count == dates.count && !dates.isEmpty)
        for (date, read) in zip(dates, millis) {
            #expect(Int64(read) == date.millis, "\(date.text)")
        }
    }
}
