import Foundation
import Testing

@testable import XMLBind

@Suite("xsi:type chooses among mappings of one element (.xsiType)")
struct SchemaTypeTests {
    protocol Shape {}
    final class Circle: Bindable, Shape {
        var radius = 0
        init() {}
    }
    final class Square: Bindable, Shape {
        var side = 0
        init() {}
    }
    final class Blob: Bindable, Shape {
        var name: String?
        init() {}
    }
    final class Drawing: Bindable {
        var shapes: [any Shape] = []
        init() {}
    }

    static let binder = XMLBinder(prefixes: ["geo": "urn:geo"]).registeredAtSetup(
        mapping(Drawing.self, element: "drawing").children(\.shapes),
        mapping(Circle.self, element: "shape").xsiType("geo:Circle").attribute(\.radius),
        mapping(Blob.self, element: "shape").attribute(\.name),
        mapping(Square.self, element: "shape").xsiType("geo:Square").attribute(\.side)
    )

    static func describe(_ drawing: Drawing) -> String {
        drawing.shapes.map { shape -> String in
            switch shape {
            case let circle as Circle: "circle(\(circle.radius))"
            case let square as Square: "square(\(square.side))"
            case let blob as Blob: "blob(\(blob.name ?? "-"))"
            default: "?"
            }
        }.joined(separator: " ")
    }

    static let document = """
        <drawing xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:g="urn:geo">
          <shape xsi:type="g:Circle" radius="2"/>
          <shape xsi:type="g:Square" side="3"/>
          <shape name="plain"/>
          <shape xsi:type="g:Circle" radius="5"/>
        </drawing>
        """

    @Test func theTypeChoosesTheMappingWhateverThePrefix() throws {
        let drawing = try Self.binder.parse(Self.document, as: Drawing.self)
        #expect(Self.describe(drawing) == "circle(2) square(3) blob(plain) circle(5)")
    }

    @Test func anUnknownTypeIsAnErrorAndANamespaceMustMatch() throws {
        let error = #expect(throws: XMLBindError.self) {
            try Self.binder.parse(
                #"<drawing xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:o="urn:other">"#
                    + #"<shape xsi:type="o:Circle" radius="1"/></drawing>"#, as: Drawing.self)
        }
        #expect(
            error?.message
                == #"<shape> has xsi:type "o:Circle", which names none of its mappings ('geo:Circle', 'geo:Square')"#)
    }

    @Test func writingPutsTheTypeBack() throws {
        try expectStableRoundTrip(Self.binder, Self.document, as: Drawing.self, describe: Self.describe)
        let written = try Self.binder.xml(
            from: try Self.binder.parse(Self.document, as: Drawing.self),
            options: WritingOptions(layout: .compact, includesDeclaration: false))
        #expect(
            written
                == #"<drawing xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:geo="urn:geo">"#
                + #"<shape xsi:type="geo:Circle" radius="2"/><shape xsi:type="geo:Square" side="3"/>"#
                + #"<shape name="plain"/><shape xsi:type="geo:Circle" radius="5"/></drawing>"#)
    }

    @Test func typesStream() throws {
        var seen: [String] = []
        try Self.binder.stream(Self.document, as: Circle.self) { circle in
            seen.append("\(circle.radius)")
            return .continue
        }
        #expect(seen == ["2", "5"])
    }

    @Test func withoutAnUntypedMappingTheTypeIsNeeded() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Drawing.self, element: "drawing").children(\.shapes),
            mapping(Circle.self, element: "shape").xsiType("Circle").attribute(\.radius),
            mapping(Square.self, element: "shape").xsiType("Square").attribute(\.side))
        let error = #expect(throws: XMLBindError.self) {
            try binder.parse("<drawing><shape radius='1'/></drawing>", as: Drawing.self)
        }
        #expect(error?.message == "<shape> needs an xsi:type to choose its mapping ('Circle', 'Square')")
        let drawing = try binder.parse(
            "<drawing xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'><shape xsi:type='Square' side='4'/></drawing>",
            as: Drawing.self)
        #expect(Self.describe(drawing) == "square(4)")
    }
}
