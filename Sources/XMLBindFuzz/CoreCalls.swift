import Foundation
import XMLBind
import XMLBindFoundation
import XMLBindRPC
import XMLBindSOAP

/// Every call the fuzz targets make into the libraries, in one place: when an entry
/// point's labels or throwing change, this file is the one to adapt.
enum CoreCalls {
    /// A binder with ``FuzzModel``'s mappings and the given options.
    static func binder(_ options: ParseOptions) -> XMLBinder {
        XMLBinder(options: options, prefixes: ["f": "urn:fuzz"]).registeredAtSetup(
            mapping(FuzzModel.Root.self, element: "root")
                .attribute(\.title)
                .children(\.items)
                .child(\.settings)
                .child(\.lead)
                .otherElements(\.kept, namespaces: .only(["urn:keep"])),
            mapping(FuzzModel.Item.self, element: "item")
                .property(\.id)
                .property(\.small)
                .attribute(\.unsigned, xml: "u")
                .property(\.ratio)
                .property(\.flag)
                .property(\.level)
                .attribute(\.maybeLevel, xml: "maybe")
                .property(\.url)
                .element(\.when)
                .property(\.blob)
                .property(\.amount, xml: "details/amount")
                .attribute(\.uuid)
                .property(\.tags, conversion: .list(of: .trimmed))
                .element(\.numbers)
                .text(\.text, conversion: .trimmed)
                .children(\.children),
            mapping(FuzzModel.Settings.self, element: "f:settings")
                .property(\.name, xml: "f:name")
                .property(\.price)
                .element(\.note)
                .attribute(\.count),
            mapping(FuzzModel.Note.self, element: "{urn:note}note").text(\.body),
            mapping(FuzzModel.Lead.self, element: "lead").attribute(\.name).attribute(\.on).attribute(
                \.tag, xml: "g:tag"
            ).otherElements(\.kept)
        )
    }

    static func parseRoot(_ binder: XMLBinder, _ document: Data) throws -> FuzzModel.Root {
        try binder.parse(document, as: FuzzModel.Root.self)
    }

    static func parseRoot(_ binder: XMLBinder, text: String) throws -> FuzzModel.Root {
        try binder.parse(text, as: FuzzModel.Root.self)
    }

    static func parseAny(_ binder: XMLBinder, _ document: Data) throws -> Any? {
        try binder.parse(document, as: Any?.self)
    }

    static func parseAny(_ binder: XMLBinder, chunks: [Data]) throws -> Any? {
        try binder.parse(chunks: chunks, as: Any?.self)
    }

    static func parseAny(_ binder: XMLBinder, contentsOf url: URL) throws -> Any? {
        try binder.parse(contentsOf: url, as: Any?.self)
    }

    /// The ids of the items `stream(_:as:)` hands over, in order.
    static func streamItems(_ binder: XMLBinder, _ document: Data) throws -> [Int] {
        var ids: [Int] = []
        try binder.stream(document, as: FuzzModel.Item.self) { item in
            ids.append(item.id)
            return .continue
        }
        return ids
    }

    /// The items `stream(_:as:)` hands over, each as its id and origin, and how the stream
    /// ended (its warnings or its full error text); the closure stops after `stopAfter`.
    static func streamedItems(_ binder: XMLBinder, _ document: Data, stopAfter: Int?) -> [String] {
        var items: [String] = []
        let log = WarningLog()
        do {
            try binder.stream(document, as: FuzzModel.Item.self, warnings: log) { item in
                items.append("\(item.id) \(item.origin.map { "\($0.line):\($0.column)" } ?? "-")")
                return items.count == stopAfter ? .stop : .continue
            }
            // Stopped early, a stream's warnings are those found so far: how far depends
            // on where the input was cut, so only a stream to its end is compared.
            items.append(stopAfter == nil ? "warnings: \(log.warnings.map(\.description))" : "stopped")
        } catch {
            items.append("error: \(error)")
        }
        return items
    }

    /// The ids of the items `stream(_:as:)` reads from a file handle.
    static func streamItems(_ binder: XMLBinder, from handle: FileHandle) throws -> [Int] {
        var ids: [Int] = []
        try binder.stream(handle, as: FuzzModel.Item.self) { item in
            ids.append(item.id)
            return .continue
        }
        return ids
    }

    /// The ids of the items `objects(_:as:)` hands over, and whether it threw.
    static func asyncItems(_ binder: XMLBinder, _ pieces: [Data]) async -> ([Int], Bool) {
        var ids: [Int] = []
        do {
            for try await item in binder.objects(ChunkSequence(pieces: pieces), as: FuzzModel.Item.self) {
                ids.append(item.id)
            }
            return (ids, false)
        } catch {
            return (ids, true)
        }
    }

    static func write(_ binder: XMLBinder, _ root: FuzzModel.Root) throws -> Data {
        try binder.xmlData(from: root)
    }

    /// An XML-RPC call read, written again and read again: the parameter counts, or nil
    /// when the first read fails; throws when the written call does not read back.
    static func xmlrpcCallRoundTrip(_ document: Data) throws -> (Int, Int)? {
        guard let call = try? XMLRPCCodec.decodeCall(document) else { return nil }
        let values = call.parameters.compactMap(\.value)
        guard values.count == call.parameters.count,
            let written = try? XMLRPCCodec.methodCall(call.methodName, parameters: values)
        else { return nil }
        let again = try XMLRPCCodec.decodeCall(written)
        return (call.parameters.count, again.parameters.count)
    }

    /// An XML-RPC response read, its values walked as a client would.
    static func xmlrpcResponse(_ document: Data) {
        guard let node = try? XMLRPCCodec.decodeResponse(document) else { return }
        _ = node.description
        _ = node[0].dictionary
        _ = node[0].array?.map(\.string)
    }

    static func soapReader(_ binder: XMLBinder) -> SOAPEnvelopeReader {
        SOAPEnvelopeReader(binder: binder)
    }

    /// A SOAP message read as an envelope, or its body read straight into a type.
    static func soapRead(_ reader: SOAPEnvelopeReader, _ document: Data, version: SOAPVersion?, body: Bool) {
        if body {
            _ = try? reader.readBody(document, as: FuzzModel.Root.self, version: version)
        } else {
            _ = try? reader.read(document, version: version)
        }
    }

    /// Pieces of a document as an `AsyncSequence`, one piece per element.
    struct ChunkSequence: AsyncSequence, Sendable {
        typealias Element = Data
        var pieces: [Data]
        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: ArraySlice<Data>
            mutating func next() async -> Data? { rest.popFirst() }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: pieces[...]) }
    }
}
