import Foundation
import Testing

@testable import XMLBind

/// Children the engine remembers beyond property and object elements (`ChildNameCache`):
/// an object a slot declared with `xml:` takes (`.child(\.value, xml: "value")`), and the
/// member element of a keyed shape. The second and later parents find them in the cache;
/// each must bind, and be reported, exactly as the first one, which the full lookup found.
/// And required members checked by one mask test when nothing else is left to do.
@Suite struct RememberedSlotChildTests {
    final class Value: Bindable, ByteOffsetAware {
        var byteOffset = -1
        var text: String?
        init() {}
    }
    final class Pair: Bindable {
        var name: String?
        var value: Value?
        var other: Value?
        init() {}
    }
    final class Pairs: Bindable {
        var pairs: [Pair] = []
        init() {}
    }

    private static let binder = XMLBinder().registeredAtSetup(
        mapping(Pairs.self, element: "pairs").children(\.pairs),
        mapping(Pair.self, element: "pair").element(\.name).required()
            .child(\.value, xml: "value").required()
            .child(\.other, xml: "other"),
        mapping(Value.self, element: "value").text(\.text))

    private static func summary(_ pairs: Pairs) -> [String] {
        pairs.pairs.map { "\($0.name ?? "-")=\($0.value?.text ?? "-")/\($0.other?.text ?? "-")" }
    }

    @Test func slotChildrenBindAtEveryPlaceAsTheFirstOne() throws {
        // The first pair fills the places; later ones read the slots' names at other places
        // and beyond the last place (eight), where places are shared.
        let many = (1...9).map { "<name>n\($0)</name>" }.joined()
        let pairs = try Self.binder.parse(
            """
            <pairs><pair><name>a</name><value>1</value><other>x</other></pair>\
            <pair><name>b</name><value>2</value></pair>\
            <pair><other>y</other><value>3</value><name>c</name></pair>\
            <pair><value>4</value><name>d</name></pair></pairs>
            """, as: Pairs.self)
        #expect(Self.summary(pairs) == ["a=1/x", "b=2/-", "c=3/y", "d=4/-"])
        // Beyond the last place: a repeated name is an error, the slot after it still binds.
        #expect(throws: XMLBindError.self) {
            try Self.binder.parse("<pairs><pair>\(many)<value>5</value></pair></pairs>", as: Pairs.self)
        }
    }

    @Test func theOffsetOfEachRememberedSlotChildIsItsOwn() throws {
        let document =
            "<pairs><pair><name>a</name><value>1</value></pair><pair><name>b</name><value>2</value></pair></pairs>"
        let pairs = try Self.binder.parse(document, as: Pairs.self)
        let offsets = pairs.pairs.compactMap { $0.value?.byteOffset }
        let bytes = Array(document.utf8)
        #expect(offsets.count == 2)
        #expect(offsets.allSatisfy { String(decoding: bytes[$0..<$0 + 7], as: UTF8.self) == "<value>" })
        #expect(offsets[0] != offsets[1])
    }

    @Test func aSlotChildGivenTwiceIsReportedInEveryParent() throws {
        // The first pair's `<value>` goes the full way, the others' through the cache.
        let document = """
            <pairs>
              <pair><name>a</name><value>1</value><value>2</value></pair>
              <pair><name>b</name><value>3</value><value>4</value></pair>
            </pairs>
            """
        let error = try #require(throws: XMLBindError.self) {
            try Self.binder.parse(document, as: Pairs.self, file: "p.xml")
        }
        let given = error.diagnostics.filter { $0.message.contains("given more than once") }
        #expect(given.map { "\($0.origin?.line ?? 0):\($0.origin?.column ?? 0)" } == ["2:39", "3:39"])
        #expect(given.map { $0.notes.first?.origin?.column ?? 0 } == [23, 23])
    }

    @Test func aMissingRequiredMemberIsReportedAfterCompleteOnes() throws {
        // Complete pairs pass the mask test; the ones missing a member still report it.
        let document = """
            <pairs>
              <pair><name>a</name><value>1</value></pair>
              <pair><value>2</value></pair>
              <pair><name>c</name><value>3</value></pair>
              <pair><name>d</name></pair>
            </pairs>
            """
        let error = try #require(throws: XMLBindError.self) {
            try Self.binder.parse(document, as: Pairs.self, file: "p.xml")
        }
        #expect(
            error.diagnostics.map { "\($0.origin?.line ?? 0) \($0.message)" } == [
                "3 <pair> is missing required property 'name' (child element <name>)",
                "5 <pair> is missing required property 'value' (child element <value>)",
            ])
    }

    final class Tuned: Bindable {
        var name = ""
        var level = 0
        init() {}
    }

    final class TunedList: Bindable {
        var items: [Tuned] = []
        init() {}
    }

    @Test func aRequiredMemberBesideADefaultStillGetsTheDefault() throws {
        // A default leaves the mask test out: the completion runs for every object.
        let binder = XMLBinder().registeredAtSetup(
            mapping(TunedList.self, element: "list").children(\.items),
            mapping(Tuned.self, element: "tuned").element(\.name).required().element(\.level, default: 3))
        let list = try binder.parse(
            "<list><tuned><name>a</name></tuned><tuned><name>b</name><level>7</level></tuned></list>",
            as: TunedList.self)
        #expect(list.items.map { "\($0.name)\($0.level)" } == ["a3", "b7"])
        #expect(throws: XMLBindError.self) {
            try binder.parse(
                "<list><tuned><name>a</name></tuned><tuned><level>7</level></tuned></list>", as: TunedList.self)
        }
    }

    final class Settings: Bindable {
        var host = ""
        var port = 0
        init() {}
    }
    final class Servers: Bindable {
        var servers: [Settings] = []
        init() {}
    }

    @Test func keyedMembersBindAndAreReportedInEveryParent() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Servers.self, element: "servers").children(\.servers),
            mapping(Settings.self, element: "struct")
                .keyedMembers(element: "member", key: .child("name"), value: "value")
                .property(\.host).required()
                .property(\.port))
        let servers = try binder.parse(
            """
            <servers>\
            <struct><member><name>host</name><value>a</value></member><member><name>port</name><value>1</value></member></struct>\
            <struct><member><name>port</name><value>2</value></member><member><name>host</name><value>b</value></member></struct>\
            </servers>
            """, as: Servers.self)
        #expect(servers.servers.map { "\($0.host):\($0.port)" } == ["a:1", "b:2"])
        let error = try #require(throws: XMLBindError.self) {
            try binder.parse(
                """
                <servers>
                <struct><member><name>host</name><value>a</value></member></struct>
                <struct><member><name>host</name><value>a</value></member><member><name>host</name><value>b</value></member></struct>
                <struct><member><name>hots</name><value>c</value></member></struct>
                </servers>
                """, as: Servers.self, file: "s.xml")
        }
        #expect(
            error.diagnostics.map { "\($0.origin?.line ?? 0):\($0.origin?.column ?? 0) \($0.message)" } == [
                "3:59 member 'host' of <struct> is given more than once",
                "4:1 <struct> is missing required property 'host' (member 'host')",
                "4:9 unknown member 'hots' in <struct>; did you mean 'host'?",
            ])
    }
}
