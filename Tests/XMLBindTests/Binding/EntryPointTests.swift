import Foundation
import Synchronization
import Testing
import XMLBindFoundation
import XMLBindTestSupport

@testable import XMLBind

/// The entry points' one scheme: every input kind of `parse` binds what `parse(Data)`
/// binds and reports what it reports; warnings come through a ``WarningLog``; a binder is
/// reconfigured through its `options`; a bad mapping is an error a caller catches.
@Suite("Entry points: inputs, warning logs, options and registration errors")
struct EntryPointTests {
    final class Beans: Bindable {
        var beans: [Bean] = []
        init() {}
    }
    final class Bean: Bindable, OriginAware {
        var origin: Origin?
        var id = ""
        var timeout = 0
        init() {}
    }

    static let binder = XMLBinder(options: ParseOptions(unknownContent: .warning)).registeredAtSetup(
        mapping(Beans.self, element: "beans").children(\.beans),
        mapping(Bean.self, element: "bean").attribute(\.id).property(\.timeout)
    )

    static let document =
        "<beans>\n  <bean id='a' colour='red'><timeout>1</timeout></bean>\n  <bean id='b'>\n    <timeout>2</timeout>\n  </bean>\n</beans>\n"
    static let broken = "<beans>\n  <bean id='a'><timeout>soon</timeout></bean>\n  <bean id='b'>\n</beans>\n"

    /// Each input kind, as the parse it makes of a document.
    enum Input: String, CaseIterable, CustomStringConvertible, Sendable {
        case data, string, file, fileHandle, asyncBytes, asyncData, asyncByteArrays, asyncStream, fileChunks

        var description: String { rawValue }

        func parse<T>(
            _ document: String, as type: T.Type, binder: XMLBinder = EntryPointTests.binder,
            warnings: WarningLog? = nil
        ) async throws -> T {
            let bytes = Array(document.utf8)
            let chunks = stride(from: 0, to: bytes.count, by: 7).map { Array(bytes[$0..<min($0 + 7, bytes.count)]) }
            switch self {
            case .data:
                return try binder.parse(Data(bytes), as: type, file: "b.xml", warnings: warnings)
            case .string:
                return try binder.parse(document, as: type, file: "b.xml", warnings: warnings)
            case .file, .fileChunks:
                let folder = try temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: folder) }
                let url = folder.appendingPathComponent("b.xml")
                try Data(bytes).write(to: url)
                if self == .fileChunks {
                    return try await binder.parse(
                        FileChunks(contentsOf: url, chunkSize: 5), as: type, file: "b.xml", warnings: warnings)
                }
                return try binder.parse(contentsOf: url, as: type, file: "b.xml", warnings: warnings)
            case .fileHandle:
                let pipe = Pipe()
                let writer = PipeWriter(pipe.fileHandleForWriting, bytes: bytes)
                writer.start()
                defer {
                    try? pipe.fileHandleForReading.close()
                    writer.finish()
                }
                return try binder.parse(pipe.fileHandleForReading, as: type, file: "b.xml", warnings: warnings)
            case .asyncBytes:
                return try await binder.parse(ByteSequence(bytes: bytes), as: type, file: "b.xml", warnings: warnings)
            case .asyncData:
                return try await binder.parse(
                    ChunkSequence(chunks: chunks.map { Data($0) }), as: type, file: "b.xml", warnings: warnings)
            case .asyncByteArrays:
                return try await binder.parse(
                    ChunkSequence(chunks: chunks), as: type, file: "b.xml", warnings: warnings)
            case .asyncStream:
                let stream = AsyncStream<Data> { continuation in
                    for chunk in chunks { continuation.yield(Data(chunk)) }
                    continuation.finish()
                }
                return try await binder.parse(stream, as: type, file: "b.xml", warnings: warnings)
            }
        }
    }

    @Test(arguments: Input.allCases)
    func everyInputBindsWhatDataBinds(_ input: Input) async throws {
        let log = WarningLog()
        let beans = try await input.parse(Self.document, as: Beans.self, warnings: log)
        #expect(beans.beans.map(\.id) == ["a", "b"])
        #expect(beans.beans.map(\.timeout) == [1, 2])
        #expect(
            beans.beans.map(\.origin) == [
                Origin(file: "b.xml", line: 2, column: 3), Origin(file: "b.xml", line: 3, column: 3),
            ])
        #expect(
            log.warnings.map(\.description) == [
                """
                b.xml:2:16: warning: unknown attribute 'colour' on <bean>
                    2 |   <bean id='a' colour='red'><timeout>1</timeout></bean>
                      |                ^
                """
            ])
    }

    @Test(arguments: Input.allCases)
    func everyInputReportsWhatDataReports(_ input: Input) async throws {
        let expected = await Self.failure { try await Input.data.parse(Self.broken, as: Beans.self) }
        #expect(expected.contains("b.xml:2:25: error:"))
        #expect(expected.contains("    2 |   <bean id='a'><timeout>soon</timeout></bean>"))
        let log = WarningLog()
        #expect(await Self.failure { try await input.parse(Self.broken, as: Beans.self, warnings: log) } == expected)
        #expect(log.warnings.isEmpty)
    }

    @Test(arguments: [Input.fileHandle, .asyncBytes, .asyncData])
    func theLimitsHoldForEveryInput(_ input: Input) async throws {
        var binder = Self.binder
        binder.options.limits.maximumDocumentSize = 40
        let message = await Self.failure { try await input.parse(Self.document, as: Beans.self, binder: binder) }
        let expected = await Self.failure { try await Input.data.parse(Self.document, as: Beans.self, binder: binder) }
        #expect(message == expected)
        #expect(message.contains("error:"))
    }

    @Test func anyAnyObjectAndOptionalAnyAskForTheRootWhateverItsType() throws {
        let data = Data(Self.document.utf8)
        #expect((try Self.binder.parse(data, as: Any.self) as? Beans)?.beans.count == 2)
        #expect((try Self.binder.parse(data, as: AnyObject.self) as? Beans)?.beans.count == 2)
        #expect((try Self.binder.parse("<bean id='x'/>", as: Any?.self) as? Bean)?.id == "x")
        // A lenient parse skips an unregistered root: `Any?` is nil, `Any` is an error that says so.
        var lenient = Self.binder
        lenient.options.mode = .lenient
        #expect(try lenient.parse("<unknown/>", as: Any?.self) == nil)
        #expect(throws: XMLBindError.self) { try lenient.parse("<unknown/>", as: Any.self) }
    }

    @Test func aLogWithAHandlerSeesEachWarningAsItIsAdded() async throws {
        let seen = Mutex<[String]>([])
        let log = WarningLog { warning in seen.withLock { $0.append(warning.message) } }
        _ = try Self.binder.parse(Self.document, as: Beans.self, warnings: log)
        try Self.binder.stream(Self.document, as: Bean.self, warnings: log) { _ in .continue }
        for try await _ in Self.binder.objects(
            ByteSequence(bytes: Array(Self.document.utf8)), as: Bean.self, warnings: log)
        {}
        let message = "unknown attribute 'colour' on <bean>"
        #expect(seen.withLock { $0 } == [message, message, message])
        #expect(log.warnings.map(\.message) == [message, message, message])
    }

    @Test func aThrownErrorsWarningsReachTheLogToo() throws {
        let log = WarningLog()
        let document = "<beans><bean id='a' colour='red'><timeout>soon</timeout></bean></beans>"
        let error = try #require(throws: XMLBindError.self) {
            try Self.binder.parse(document, as: Beans.self, warnings: log)
        }
        #expect(error.diagnostics.map(\.severity) == [.warning, .error])
        #expect(log.warnings.map(\.code) == [.unknownAttribute])
    }

    @Test func aStoppedStreamHandsOverTheWarningsFoundSoFar() throws {
        let log = WarningLog()
        var ids: [String] = []
        try Self.binder.stream(Self.document, as: Bean.self, warnings: log) { bean in
            ids.append(bean.id)
            return .stop
        }
        #expect(ids == ["a"])
        #expect(log.warnings.map(\.code) == [.unknownAttribute])
    }

    @Test func aCopysOptionsChangeOnlyTheCopy() throws {
        var strict = Self.binder
        strict.options = ParseOptions()
        var lenient = strict
        lenient.options.mode = .lenient
        let document = "<beans><bean id='a' colour='red'/></beans>"
        #expect(throws: XMLBindError.self) { try strict.parse(document, as: Beans.self) }
        #expect(try lenient.parse(document, as: Beans.self).beans.map(\.id) == ["a"])
        #expect(strict.options.mode == .strict)
        #expect(Self.binder.options.unknownContent != nil)
        // The copies share the compiled mappings: no registration happened again.
        #expect(lenient.registry === Self.binder.registry)
    }

    @Test func aBadMappingIsARegistrationErrorTheCallerCatches() {
        final class Counter: Bindable {
            var count = 0
            var doubled: Int {
                get { count * 2 }
                set { count = newValue / 2 }
            }
            init() {}
        }
        do {
            _ = try XMLBinder().register(mapping(Counter.self, element: "counter").attribute(\.doubled))
            Issue.record("a computed property was registered")
        } catch {
            // Typed throws: `error` is a RegistrationError, no cast needed.
            #expect(error.problems.count == 1)
            #expect(error.problems.first?.message.contains("computed property") == true)
        }
    }

    @Test func aBatchRegistersItsMappingsAsOneCallWould() throws {
        var batch = MappingBatch()
        batch.add(mapping(Beans.self, element: "beans").children(\.beans))
        // Replaced by the next mapping for <bean>, as in one `register` call.
        batch.add(mapping(Bean.self, element: "bean").attribute(\.id))
        batch.add(mapping(Bean.self, element: "bean").attribute(\.id).property(\.timeout))
        #expect(batch.count == 3)
        let binder = try XMLBinder().register(batch: batch)
        let beans = try binder.parse(Self.document.replacingOccurrences(of: " colour='red'", with: ""), as: Beans.self)
        #expect(beans.beans.map(\.id) == ["a", "b"])
        #expect(beans.beans.map(\.timeout) == [1, 2])
        #expect(binder.registry.bindings.count == 3)
        // Every problem of every mapping at once, as the variadic call reports them.
        final class Counter: Bindable {
            var count = 0
            var doubled: Int {
                get { count * 2 }
                set { count = newValue / 2 }
            }
            init() {}
        }
        var bad = MappingBatch()
        bad.add(mapping(Counter.self, element: "counter").attribute(\.doubled))
        bad.add(mapping(Counter.self, element: "other").property(\.doubled))
        do {
            _ = try binder.register(batch: bad)
            Issue.record("computed properties were registered")
        } catch {
            #expect(error.problems.count == 2)
            #expect(error.problems.allSatisfy { $0.message.contains("computed property") })
        }
    }

    #if canImport(Darwin)
        /// Foundation's byte sequences (Apple platforms only: Linux's Foundation has neither)
        /// take the byte form, without ambiguity with the chunk form.
        @Test func foundationsAsyncBytesTakeTheByteForm() async throws {
            let folder = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("b.xml")
            try Data(Self.document.utf8).write(to: url)
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            #expect(try await Self.binder.parse(handle.bytes, as: Beans.self).beans.count == 2)
            #expect(try await Self.binder.parse(url.resourceBytes, as: Beans.self).beans.count == 2)
        }
    #endif

    static func failure(_ body: () async throws -> Any) async -> String {
        do {
            _ = try await body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }
}
