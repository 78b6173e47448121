import Foundation
import Synchronization
import XMLBind

/// `<methodResponse>`, read by a direct typed decode: no `<fault>` (a fault goes the two-step
/// way, which throws it).
final class DirectMethodResponse: Bindable, @unchecked Sendable {
    var params: DirectParams?
    init() {}
}

/// `<params>`, read by a direct typed decode.
final class DirectParams: Bindable, @unchecked Sendable {
    var params: [DirectParam] = []
    init() {}
}

/// `<param>`, read by a direct typed decode.
final class DirectParam: Bindable, @unchecked Sendable {
    var value: DirectValue?
    init() {}
}

/// The binders of direct typed decodes, one per target type, made on first use: the mappings of
/// ``XMLRPCWire/fastBinder`` for a methodResponse, with each `<value>` read by a
/// ``DirectValueReader`` of the type. (Registering a binder costs far more than a decode of a
/// small response, so they are kept.)
enum DirectBinders {
    private static let binders = Mutex<[ObjectIdentifier: XMLBinder]>([:])

    /// The binder for `T`.
    static func binder<T: XMLRPCDecodable>(for type: T.Type) -> XMLBinder {
        let key = ObjectIdentifier(T.self)
        if let binder = binders.withLock({ $0[key] }) { return binder }
        let binder = XMLBinder().register(
            mapping(DirectMethodResponse.self, element: "methodResponse").child(\.params),
            mapping(DirectParams.self, element: "params").children(\.params),
            mapping(DirectParam.self, element: "param").child(\.value, xml: "value").required(),
            mapping(DirectValue.self, element: "value").reading(with: readerMaker(for: T.self))
        )
        binders.withLock { $0[key] = binder }
        return binder
    }

    /// The maker of the readers of each `<value>`: a ``StructValueReader`` for a struct or an
    /// array of structs, else a ``DirectValueReader``.
    private static func readerMaker<T: XMLRPCDecodable>(
        for type: T.Type
    ) -> @Sendable () -> any ElementReader<DirectValue> {
        if let structType = T.self as? any XMLRPCStructConvertible.Type,
            let maker = structType.structReaderMaker(isArray: false)
        {
            return maker
        }
        if let arrayType = T.self as? any DirectArrayTarget.Type, let maker = arrayType.structReaderMaker() {
            return maker
        }
        return { DirectValueReader<T>() }
    }

    /// The first parameter of a methodResponse read straight into `T`, or nil when the direct
    /// reading refuses the document (then the two-step path reads it).
    static func decode<T: XMLRPCDecodable>(_ data: Data, as type: T.Type, file: String?) -> T? {
        guard let parsed = try? binder(for: T.self).parse(data, file: file) as? DirectMethodResponse,
            let params = parsed.params?.params, let first = params.first
        else { return nil }
        // Every parameter must have been read, as the fast binder requires.
        for param in params where param.value?.value == nil { return nil }
        return first.value?.value as? T
    }
}
