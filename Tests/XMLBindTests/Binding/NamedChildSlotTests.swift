import Foundation
import Testing
import XMLBind

/// `.child(_:xml:)` and `.children(_:xml:)`: slots that name the elements they take, so
/// that several slots of one type each get their own children.
@Suite("Child slots named with xml:")
struct NamedChildSlotTests {
    final class Message: Bindable {
        var n: String?
        init() {}
    }

    final class Exchange: Bindable {
        var request: Message?
        var response: Message?
        init() {}
    }

    final class Pipeline: Bindable {
        var inputs: [Message] = []
        var outputs: [Message] = []
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Exchange.self, element: "exchange")
            .child(\.request, xml: "request")
            .child(\.response, xml: "response"),
        mapping(Pipeline.self, element: "pipeline")
            .children(\.inputs, xml: "in")
            .children(\.outputs, xml: "out"),
        mapping(Message.self, element: "message").attribute(\.n))

    @Test func twoSingleSlotsOfOneTypeEachTakeTheirElement() throws {
        let exchange = try Self.binder.parse(
            #"<exchange><request n="req"/><response n="resp"/></exchange>"#, as: Exchange.self)
        #expect(exchange.request?.n == "req")
        #expect(exchange.response?.n == "resp")
        let reversed = try Self.binder.parse(#"<exchange><response n="r"/></exchange>"#, as: Exchange.self)
        #expect(reversed.request == nil)
        #expect(reversed.response?.n == "r")
    }

    @Test func twoArraysOfOneTypeEachTakeTheirElements() throws {
        let pipeline = try Self.binder.parse(
            #"<pipeline><in n="a"/><out n="x"/><in n="b"/><out n="y"/><in n="c"/></pipeline>"#, as: Pipeline.self)
        #expect(pipeline.inputs.map(\.n) == ["a", "b", "c"])
        #expect(pipeline.outputs.map(\.n) == ["x", "y"])
    }

    @Test func aNamedSlotDoesNotTakeTheTypesOwnElement() {
        let error = bindError {
            _ = try Self.binder.parse(#"<exchange><message n="m"/></exchange>"#, as: Exchange.self)
        }
        #expect(error?.code == .unplacedChild)
    }

    @Test func namedChildrenAreWrittenUnderTheirSlotsNames() throws {
        let pipeline = try Self.binder.parse(
            #"<pipeline><in n="a"/><out n="x"/><in n="b"/></pipeline>"#, as: Pipeline.self)
        let written = try Self.binder.xml(
            from: pipeline, options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(written == #"<pipeline><in n="a"/><in n="b"/><out n="x"/></pipeline>"#)
        let again = try Self.binder.parse(written, as: Pipeline.self)
        #expect(again.inputs.map(\.n) == ["a", "b"])
        #expect(again.outputs.map(\.n) == ["x"])
    }

    struct Point: Bindable {
        var x = 0
        var y = 0
        init() {}
    }

    struct Segment: Bindable {
        var from = Point()
        var to = Point()
        init() {}
    }

    @Test func structSlotsOfOneType() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Segment.self, element: "segment").child(\.from, xml: "from").child(\.to, xml: "to"),
            mapping(Point.self, element: "point").attribute(\.x).attribute(\.y))
        let segment = try binder.parse(
            #"<segment><to x="3" y="4"/><from x="1" y="2"/></segment>"#, as: Segment.self)
        #expect((segment.from.x, segment.from.y, segment.to.x, segment.to.y) == (1, 2, 3, 4))
    }

    @Test func namesWithNamespaces() throws {
        let binder = XMLBinder(prefixes: ["m": "urn:m"]).registeredAtSetup(
            mapping(Exchange.self, element: "exchange")
                .child(\.request, xml: "m:request")
                .child(\.response, xml: "{urn:other}response"),
            mapping(Message.self, element: "message").attribute(\.n))
        let exchange = try binder.parse(
            #"<exchange xmlns:a="urn:m" xmlns:o="urn:other"><a:request n="q"/><o:response n="r"/></exchange>"#,
            as: Exchange.self)
        #expect(exchange.request?.n == "q")
        #expect(exchange.response?.n == "r")
        let error = bindError {
            _ = try binder.parse(#"<exchange xmlns:a="urn:x"><a:request n="q"/></exchange>"#, as: Exchange.self)
        }
        #expect(error?.message == "unknown element <a:request> inside <exchange>")
    }

    @Test func aSlotWhoseTypeHasNoMappingIsReported() {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Exchange.self, element: "exchange").child(\.request, xml: "request"))
        let error = bindError { _ = try binder.parse(#"<exchange><request n="q"/></exchange>"#, as: Exchange.self) }
        #expect(
            error?.message
                == "<request> inside <exchange> cannot be bound: no mapping is registered for Message, "
                + "the type of its property 'request'")
    }
}

extension NamedChildSlotTests {
    @Test func namedChildrenAreStreamedToo() throws {
        var streamed: [String?] = []
        try Self.binder.stream(
            #"<pipeline><in n="a"/><out n="x"/><in n="b"/></pipeline>"#, as: Message.self
        ) { message in
            streamed.append(message.n)
            return .continue
        }
        #expect(streamed == ["a", "x", "b"])
    }
}
