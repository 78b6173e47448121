import Foundation
import Testing
import XMLBind

/// What an `ElementReader` throws becomes a located diagnostic of the parse, and the rest of
/// its element is skipped; the driver's limits hold inside a reader's element; registration
/// refuses declarations only reading would honour.
@Suite("ElementReader: errors, skipping, limits and refusals")
struct ElementReaderErrorTests {
    /// What every reader call saw, across a parse (one reader per parse).
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    struct Value: Bindable {
        var total = 0
        init() {}
    }

    /// Sums `<n>` texts; throws where the element's `fail` attribute says (`start`, `end`,
    /// `finish`, `offset`, `other`), logging every call.
    final class FailingReader: ElementReader {
        struct Other: Error, CustomStringConvertible {
            var description: String { "something else went wrong" }
        }
        let log: Log
        private var value = Value()
        private var failsAtFinish = false
        init(log: Log) { self.log = log }

        func start(_ element: ReaderElement) throws {
            log.add("start \(element.name) \(element.depth)")
            if element.depth == 0 {
                value = Value()
                failsAtFinish = false
            }
            for attribute in element.attributes where attribute.name == "fail" {
                switch attribute.value {
                case "start": throw ElementReaderError("<\(element.name)> is refused")
                case "finish": failsAtFinish = true
                case "other": throw Other()
                default: break
                }
            }
        }

        func end(_ element: ReaderElement, text: ReaderText) throws {
            log.add("end \(element.name) \(element.depth)")
            if element.name == "n" { value.total += try text.converted(with: Int.xmlConversion) }
            if element.name == "late" {
                throw ElementReaderError("<late> ends too late", atByteOffset: element.byteOffset + 1)
            }
            if element.name == "bad" { throw ConversionError("not wanted here") }
            if element.name == "need", text.isWhitespace { throw ElementReaderError("<need> needs a value") }
        }

        func finish() throws -> Value {
            log.add("finish")
            if failsAtFinish { throw ElementReaderError("the sum is incomplete") }
            return value
        }
    }

    /// A parent that logs what it is given.
    final class Sums: Bindable, Ancestor {
        var log: Log?
        var totals: [Int] = []
        init() {}
        func addChild(_ child: Any) {
            if let value = child as? Value { totals.append(value.total) }
        }
    }

    static func binder(_ log: Log, mode: ParseMode = .strict) -> XMLBinder {
        XMLBinder(options: ParseOptions(mode: mode)).registeredAtSetup(
            mapping(Sums.self, element: "sums"),
            mapping(Value.self, element: "sum").reading(with: { FailingReader(log: log) }))
    }

    static func failure(_ document: String, mode: ParseMode = .strict, log: Log = Log()) throws -> XMLBindError {
        try #require(throws: XMLBindError.self) {
            _ = try binder(log, mode: mode).parse(document, as: Sums.self, file: "sums.xml")
        }
    }

    @Test func valuesAreSummedWithoutErrors() throws {
        let sums = try Self.binder(Log()).parse(
            "<sums><sum><n>1</n><n> 2 </n></sum><sum/><sum><n>40</n></sum></sums>", as: Sums.self)
        #expect(sums.totals == [3, 0, 40])
    }

    @Test func anErrorInAStartTagPointsAtIt() throws {
        let error = try Self.failure("<sums>\n  <sum><n>1</n>\n    <x fail='start'/></sum>\n</sums>")
        #expect(error.code == .elementReaderFailed)
        #expect(
            error.description == """
                sums.xml:3:5: error: <x> is refused
                    3 |     <x fail='start'/></sum>
                      |     ^
                """)
    }

    @Test func anErrorInAnEndTagPointsAtTheElementsStart() throws {
        let error = try Self.failure("<sums><sum><n>1</n>\n  <need>  </need></sum></sums>")
        #expect(
            error.description == """
                sums.xml:2:3: error: <need> needs a value
                    2 |   <need>  </need></sum></sums>
                      |   ^
                """)
    }

    @Test func anErrorWithAnOffsetPointsThere() throws {
        let error = try Self.failure("<sums><sum>\n <late/></sum></sums>")
        #expect(error.errors.map(\.origin) == [Origin(file: "sums.xml", line: 2, column: 3)])
        #expect(error.message == "<late> ends too late")
    }

    @Test func aFailedConversionReadsAsTheBindersOwn() throws {
        let error = try Self.failure("<sums><sum>\n  <n>1</n>\n  <n>twelve</n></sum></sums>")
        #expect(error.code == .elementReaderFailed)
        #expect(
            error.description == """
                sums.xml:3:6: error: cannot convert "twelve" to Int for <n> in <sum>: not an integer
                    3 |   <n>twelve</n></sum></sums>
                      |      ^
                """)
        let thrown = try Self.failure("<sums><sum><bad>text</bad></sum></sums>")
        #expect(thrown.message == "cannot convert \"text\" for <bad> in <sum>: not wanted here")
    }

    @Test func otherErrorsAreDescribed() throws {
        let error = try Self.failure("<sums><sum fail='other'/></sums>")
        #expect(error.message == "something else went wrong")
        #expect(error.origin == Origin(file: "sums.xml", line: 1, column: 7))
    }

    @Test func anErrorInFinishPointsAtTheMappedElement() throws {
        let error = try Self.failure("<sums>\n<sum fail='finish'><n>1</n></sum></sums>")
        #expect(
            error.description == """
                sums.xml:2:1: error: the sum is incomplete
                    2 | <sum fail='finish'><n>1</n></sum></sums>
                      | ^
                """)
    }

    @Test(arguments: [ParseMode.strict, .lenient])
    func theRestOfTheElementIsSkippedAfterAnError(_ mode: ParseMode) throws {
        let log = Log()
        let error = try Self.failure(
            "<sums><sum><n>1</n><x fail='start'><n>2</n></x><n>3</n></sum><sum><n>4</n></sum></sums>",
            mode: mode, log: log)
        #expect(error.errors.count == 1)
        #expect(error.code == .elementReaderFailed)
        // After <x> nothing of the first <sum> reaches the reader: the next <sum> starts afresh.
        #expect(
            log.all == [
                "start sum 0", "start n 1", "end n 1", "start x 1", "start sum 0", "start n 1", "end n 1",
                "end sum 0", "finish",
            ])
    }

    @Test func everyFailingElementIsReported() throws {
        let error = try Self.failure(
            "<sums><sum><n>x</n></sum><sum fail='start'/><sum><n>1</n></sum><sum fail='finish'/></sums>")
        #expect(error.errors.map(\.origin?.column) == [15, 26, 64])
    }

    // MARK: Limits

    @Test func aTooDeepDocumentUnderAReaderIsRefused() throws {
        var options = ParseOptions()
        options.limits.maximumDepth = 10
        let binder = XMLBinder(options: options).registeredAtSetup(
            mapping(Sums.self, element: "sums"),
            mapping(Value.self, element: "sum").reading(with: { FailingReader(log: Log()) }))
        let deep =
            "<sums><sum>" + String(repeating: "<d>", count: 9) + String(repeating: "</d>", count: 9) + "</sum></sums>"
        let error = try #require(throws: XMLBindError.self) { try binder.parse(deep, as: Sums.self, file: "d.xml") }
        #expect(error.code == .depthLimitExceeded)
        #expect(error.origin == Origin(file: "d.xml", line: 1, column: 1 + 6 + 5 + 3 * 8))
        let fits =
            "<sums><sum>" + String(repeating: "<d>", count: 8) + String(repeating: "</d>", count: 8) + "</sum></sums>"
        #expect(try binder.parse(fits, as: Sums.self).totals == [0])
    }

    @Test func aTooLongTextUnderAReaderIsRefused() throws {
        var options = ParseOptions()
        options.limits.maximumTextLength = 100
        let binder = XMLBinder(options: options).registeredAtSetup(
            mapping(Sums.self, element: "sums"),
            mapping(Value.self, element: "sum").reading(with: { FailingReader(log: Log()) }))
        let error = try #require(throws: XMLBindError.self) {
            try binder.parse("<sums><sum><t>" + String(repeating: "x", count: 101) + "</t></sum></sums>", as: Sums.self)
        }
        #expect(error.code == .textLengthLimitExceeded)
    }

    // MARK: Registration

    final class Kept: Bindable, XMLBind.AttributeContainer {
        var count = 0
        var label: String?
        init() {}
        func addAttribute(_ name: String, value: String) {}
    }

    final class KeptReader: ElementReader {
        func start(_ element: ReaderElement) throws {}
        func end(_ element: ReaderElement, text: ReaderText) throws {}
        func finish() throws -> Kept { Kept() }
    }

    @Test func declarationsOnlyReadingWouldHonourAreRefused() throws {
        let error = try #require(throws: RegistrationError.self) {
            try XMLBinder().register(
                mapping(Kept.self, element: "kept").attribute(\.count).required().text(\.label).wholeText()
                    .reading(with: { KeptReader() }))
        }
        #expect(
            error.description == """
                XMLBind: cannot register the mappings:
                  Kept <kept>, declaration 1 .attribute(\\.count): .required() only changes reading, and this \
                mapping is read by its ElementReader (.reading(with:)): drop it
                  Kept <kept>, declaration 2 .text(\\.label): .wholeText() only changes reading, and this mapping \
                is read by its ElementReader (.reading(with:)): drop it
                  Kept <kept>: Kept is an AttributeContainer, but its element's attributes go to its ElementReader \
                (ReaderElement.attributes), never to the container; read them there, or drop the conformance
                """)
    }

    @Test func aPlainReadingMappingRegisters() throws {
        struct Plain: Bindable {
            var count = 0
            init() {}
        }
        final class PlainReader: ElementReader {
            func start(_ element: ReaderElement) throws {}
            func end(_ element: ReaderElement, text: ReaderText) throws {}
            func finish() throws -> Plain { Plain() }
        }
        let binder = try XMLBinder().register(
            mapping(Plain.self, element: "plain").attribute(\.count).reading(with: { PlainReader() }))
        #expect(try binder.parse("<plain count='3'/>", as: Plain.self).count == 0)
        var plain = Plain()
        plain.count = 5
        #expect(try binder.xml(from: plain).contains("count=\"5\""))
    }
}
