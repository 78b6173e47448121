import Foundation
import Synchronization
import Testing
import XMLBind

/// Where a value an `ElementReader` finished goes: the root, a parent's `.child`,
/// `.children`, named slot or `Ancestor`, a stream; from every kind of input.
@Suite("ElementReader: values placed as objects of the mapping are")
struct ElementReaderPlacementTests {
    /// `<point>1 2</point>`, the shape of the Mappings article's example.
    struct Point: Bindable, Equatable {
        var x = 0.0
        var y = 0.0
        init() {}
        init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// The same as a class, which also wants its origin.
    final class Spot: Bindable, OriginAware {
        var x = 0
        var y = 0
        var origin: Origin?
        init() {}
    }

    /// Reads two numbers from the element's text, and refuses child elements.
    final class PointReader: ElementReader {
        private var point = Point()

        func start(_ element: ReaderElement) throws {
            guard element.depth == 0 else {
                throw ElementReaderError("<point> holds two numbers, not <\(element.name)>")
            }
            point = Point()
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            let parts = text.string.split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
                throw ElementReaderError("expected two numbers, found \"\(text.string)\"")
            }
            point = Point(x: x, y: y)
        }

        func finish() throws -> Point { point }
    }

    /// Reads `x` and `y` child elements with the built-in conversion of `Int`.
    final class SpotReader: ElementReader {
        private var spot = Spot()

        func start(_ element: ReaderElement) throws {
            if element.depth == 0 { spot = Spot() }
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            guard element.depth > 0 else { return }
            switch element.name {
            case "x": spot.x = try text.converted(with: Int.xmlConversion)
            case "y": spot.y = try text.converted(with: Int.xmlConversion)
            default: throw ElementReaderError("unexpected <\(element.name)>", atByteOffset: element.byteOffset)
            }
        }

        func finish() throws -> Spot { spot }
    }

    struct Shape: Bindable {
        var name: String?
        var center: Point?
        var corners: [Point] = []
        var spots: [Spot] = []
        var first: Spot?
        init() {}
    }

    static let binder = XMLBinder().registeredAtSetup(
        mapping(Shape.self, element: "shape").attribute(\.name).child(\.center, xml: "center")
            .child(\.first, xml: "first").children(\.corners).children(\.spots),
        mapping(Point.self, element: "point").reading(with: { PointReader() }),
        mapping(Point.self, element: "center").reading(with: { PointReader() }),
        mapping(Spot.self, element: "spot").reading(with: { SpotReader() }),
        mapping(Spot.self, element: "first").reading(with: { SpotReader() }))

    static let shape = """
        <shape name="box">
          <center>0.5 0.5</center>
          <point>0 0</point><point> 1 0 </point>
          <spot><x>3</x><y>4</y></spot>
          <first><x>1</x><y>2</y></first>
          <point>1 1</point>
        </shape>
        """

    @Test func valuesGoToChildChildrenAndNamedSlots() throws {
        let shape = try Self.binder.parse(Self.shape, as: Shape.self, file: "shape.xml")
        #expect(shape.name == "box")
        #expect(shape.center == Point(x: 0.5, y: 0.5))
        #expect(shape.corners == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)])
        #expect(shape.spots.map { [$0.x, $0.y] } == [[3, 4]])
        #expect(shape.spots.first?.origin == Origin(file: "shape.xml", line: 4, column: 3))
        #expect(shape.first.map { [$0.x, $0.y] } == [1, 2])
        #expect(shape.first?.origin == Origin(file: "shape.xml", line: 5, column: 3))
    }

    @Test func aStructOrAClassIsTheRoot() throws {
        #expect(try Self.binder.parse("<point>2.5 -1</point>", as: Point.self) == Point(x: 2.5, y: -1))
        let spot = try Self.binder.parse("\n <spot><y>7</y></spot>", as: Spot.self, file: "s.xml")
        #expect(spot.x == 0)
        #expect(spot.y == 7)
        #expect(spot.origin == Origin(file: "s.xml", line: 2, column: 2))
        // The root is checked against the asked type as for any mapping.
        #expect(throws: XMLBindError.self) { try Self.binder.parse("<point>1 2</point>", as: Spot.self) }
    }

    @Test func dataStringsAndFilesGiveTheSameValues() throws {
        let data = Data(Self.shape.utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reader-shape-\(UUID()).xml")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromData = try Self.binder.parse(data, as: Shape.self)
        let fromFile = try Self.binder.parse(contentsOf: url, as: Shape.self)
        let fromString = try Self.binder.parse(Self.shape, as: Shape.self)
        for shape in [fromData, fromFile, fromString] {
            #expect(shape.corners.count == 3)
            #expect(shape.center == Point(x: 0.5, y: 0.5))
        }
    }

    @Test(arguments: ["UTF-16LE", "UTF-16BE", "ISO-8859-15", "windows-1252"])
    func documentsInOtherEncodingsAreReadAsUTF8(_ encoding: String) throws {
        let document = "<?xml version='1.0' encoding='\(encoding)'?><shape name='é'><point>1 2</point></shape>"
        let converted: String.Encoding =
            switch encoding {
            case "UTF-16LE": .utf16LittleEndian
            case "UTF-16BE": .utf16BigEndian
            default: .isoLatin1  // é is the same byte in all three
            }
        let data = try #require(document.data(using: converted))
        let shape = try Self.binder.parse(data, as: Shape.self)
        #expect(shape.name == "é")
        #expect(shape.corners == [Point(x: 1, y: 2)])
    }

    @Test func streamingHandsOutEachValue() throws {
        var seen: [Point] = []
        try Self.binder.stream(Self.shape, as: Point.self) { point in
            seen.append(point)
            return .continue
        }
        // The center is a Point too: every outermost Point is streamed.
        #expect(seen == [Point(x: 0.5, y: 0.5), Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1)])
        var spots: [Int] = []
        try Self.binder.stream(Data(Self.shape.utf8), as: Spot.self) { spot in
            spots.append(spot.x * 10 + spot.y)
            return .continue
        }
        #expect(spots == [34, 12])
    }

    @Test func parsesOnManyThreadsEachHaveTheirOwnReaders() throws {
        let documents = (0..<16).map { index in
            "<shape>" + (0..<50).map { "<point>\(index) \($0)</point>" }.joined() + "</shape>"
        }
        let sums = Mutex([Double](repeating: -1, count: documents.count))
        DispatchQueue.concurrentPerform(iterations: documents.count) { index in
            let shape = try? Self.binder.parse(documents[index], as: Shape.self)
            let sum = shape.map { $0.corners.reduce(0) { $0 + $1.x * 100 + $1.y } } ?? -1
            sums.withLock { $0[index] = sum }
        }
        #expect(sums.withLock { $0 } == documents.indices.map { Double($0 * 100 * 50 + 49 * 50 / 2) })
    }

    /// A class parent: a class value goes straight into its field, structs into arrays.
    final class Board: Bindable {
        var spot: Spot?
        var spots: [Spot] = []
        var points: [Point] = []
        init() {}
    }

    @Test func aClassParentTakesClassAndStructValues() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Board.self, element: "board").child(\.spot, xml: "first").children(\.spots).children(\.points),
            mapping(Point.self, element: "point").reading(with: { PointReader() }),
            mapping(Spot.self, element: "spot").reading(with: { SpotReader() }),
            mapping(Spot.self, element: "first").reading(with: { SpotReader() }))
        let board = try binder.parse(
            "<board><spot><x>1</x></spot><first><y>2</y></first><point>3 4</point><spot><x>5</x></spot></board>",
            as: Board.self)
        #expect(board.spot.map { [$0.x, $0.y] } == [0, 2])
        #expect(board.spots.map(\.x) == [1, 5])
        #expect(board.points == [Point(x: 3, y: 4)])
    }

    /// An Ancestor parent receives the values as children.
    final class Bag: Bindable, Ancestor {
        var points: [Point] = []
        init() {}
        func addChild(_ child: Any) {
            if let point = child as? Point { points.append(point) }
        }
    }

    @Test func anAncestorReceivesTheValues() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Bag.self, element: "bag"), mapping(Point.self, element: "point").reading(with: { PointReader() }))
        let bag = try binder.parse("<bag><point>1 2</point><point>3 4</point></bag>", as: Bag.self)
        #expect(bag.points == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
    }

    @Test func checksRunOnTheFinishedValue() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Shape.self, element: "shape").children(\.corners),
            mapping(Point.self, element: "point").reading(with: { PointReader() })
                .validate { point, context in
                    if point.x < 0 { context.error("x must not be negative, found \(point.x)") }
                })
        #expect(try binder.parse("<shape><point>1 2</point></shape>", as: Shape.self).corners.count == 1)
        let error = try #require(throws: XMLBindError.self) {
            try binder.parse("<shape>\n  <point>-1 2</point></shape>", as: Shape.self, file: "v.xml")
        }
        #expect(
            error.description == """
                v.xml:2:3: error: x must not be negative, found -1.0
                    2 |   <point>-1 2</point></shape>
                      |   ^
                """)
        #expect(error.code == .validationFailed)
    }
}
