import Foundation
import XMLBind

/// A decoded `methodCall` or `methodResponse`, its values as compact trees.
struct DecodedMessage: Sendable {
    /// The method's name (a call's).
    var methodName: String?
    /// The parameters, in order.
    var parameters: [CompactValue]
    /// The fault's value (a response's).
    var fault: CompactValue?
}

extension XMLRPCCodec {
    /// The root element a document must have.
    enum MessageRoot: String, Sendable {
        case methodCall, methodResponse
    }

    /// Reads a document whose root must be `root`: through the fast binder, and when it
    /// refuses the document, again through the reference, whose error is thrown (or whose
    /// result is returned, should it accept what the fast binder refused).
    static func readMessage(_ data: Data, file: String?, root: MessageRoot) throws(XMLRPCError) -> DecodedMessage {
        if let message = fastMessage(data, file: file, root: root) { return message }
        return try referenceMessage(data, file: file, root: root)
    }

    /// Reads a document through ``XMLRPCWire/fastBinder``; nil when it refuses the document,
    /// or the document is not a `root` that the reference would accept as such.
    static func fastMessage(_ data: Data, file: String?, root: MessageRoot) -> DecodedMessage? {
        guard let parsed = try? XMLRPCWire.fastBinder.parse(data, as: Any?.self, file: file) else { return nil }
        func values(_ params: ReadParams?) -> [CompactValue]? {
            guard let params else { return [] }
            var values: [CompactValue] = []
            values.reserveCapacity(params.params.count)
            for param in params.params {
                guard let value = param.value else { return nil }
                values.append(value)
            }
            return values
        }
        switch root {
        case .methodResponse:
            guard let response = parsed as? ReadMethodResponse else { return nil }
            switch (response.params, response.fault) {
            case (let params?, nil):
                return values(params).map { DecodedMessage(methodName: nil, parameters: $0, fault: nil) }
            case (nil, let fault?):
                return fault.value.map { DecodedMessage(methodName: nil, parameters: [], fault: $0) }
            default:
                // Neither or both: the reference's `.validate` says which.
                return nil
            }
        case .methodCall:
            guard let call = parsed as? ReadMethodCall, let methodName = call.methodName else { return nil }
            return values(call.params).map { DecodedMessage(methodName: methodName, parameters: $0, fault: nil) }
        }
    }

    /// Reads a document through the declarative wire mappings (``XMLRPCWire/binder``), the
    /// reference every diagnostic comes from, and keeps its values as compact trees.
    static func referenceMessage(_ data: Data, file: String?, root: MessageRoot) throws(XMLRPCError) -> DecodedMessage {
        func compact(_ params: WireParams?) -> [CompactValue] {
            params?.params.compactMap { $0.value.map(CompactValue.init(element:)) } ?? []
        }
        switch root {
        case .methodResponse:
            let response = try parseRoot(data, file: file, as: WireMethodResponse.self, named: root.rawValue)
            return DecodedMessage(
                methodName: nil, parameters: compact(response.params),
                fault: response.fault?.value.map(CompactValue.init(element:)))
        case .methodCall:
            let call = try parseRoot(data, file: file, as: WireMethodCall.self, named: root.rawValue)
            return DecodedMessage(methodName: call.methodName, parameters: compact(call.params), fault: nil)
        }
    }

    /// Binds a document whose root must be `<name>`. The root is checked here rather than
    /// by the binder's typed parse, whose message would name the internal wire types.
    static func parseRoot<Root>(
        _ data: Data, file: String?, as type: Root.Type, named name: String
    ) throws(XMLRPCError) -> Root {
        let root: Any?
        do {
            root = try XMLRPCWire.binder.parse(data, as: Any?.self, file: file)
        } catch let error as XMLBindError {
            throw .malformed(error, what: "XML-RPC document")
        } catch {
            // The binder throws only XMLBindError; anything else is still a refused document.
            throw .malformed(XMLBindError(code: .malformedXML, message: "\(error)"), what: "XML-RPC document")
        }
        if let root = root as? Root { return root }
        let found = root.map { XMLRPCWire.elementName(of: $0) } ?? "nothing"
        let origin = (root as? OriginAware)?.origin
        let document = XMLRPCDocument(data: data, file: file)
        let error = XMLBindError(
            code: .unexpectedRoot, message: "the document is \(found), expected <\(name)>", origin: origin,
            sourceLine: origin.flatMap { document.line($0.line) })
        throw .malformed(error, what: "XML-RPC document")
    }
}
