import Foundation

/// Reads values of one type straight from the bound `<value>`s of a document, without an
/// ``XMLRPCNode`` per value: what a typed decode (`decode([Person].self)`) runs on.
///
/// A reader is chosen once per type, when a struct member is declared or a typed decode
/// starts, never per value. The node a value stands at is only made when something needs
/// it: an error (which names its path and origin), or a type read through its own
/// ``XMLRPCDecodable/init(xmlrpc:)``. `node` makes it, lazily: on the success path of the
/// types below no node and no path string is built.
struct WireReader<Value>: Sendable {
    let read: @Sendable (_ wire: CompactValue, _ node: () -> XMLRPCNode) throws(XMLRPCError) -> Value
}

/// A type read from one `<value>` alone: a scalar, or ``XMLRPCValue``.
protocol WireScalar: XMLRPCDecodable {
    /// What an error says was expected (`int or i8`).
    static var wireExpectation: String { get }
    /// The value `wire` holds as this type, or nil when it holds another.
    static func read(_ wire: CompactValue) -> Self?
    /// The type's ``WireReader``, as `Any`. Each type writes `scalarReader(Self.self)`, so
    /// that the reader is compiled for the concrete type: made in a protocol extension, it
    /// would look up the metadata of `Self?` on every value it reads.
    static func makeWireReader() -> Any
    /// Stores the value `wire` holds into a property; false when it holds another type.
    /// Each type writes `storeScalar(wire, in: &object, at: keyPath)`.
    static func store<Root>(_ wire: CompactValue, in object: inout Root, at keyPath: WritableKeyPath<Root, Self>)
        -> Bool
    /// As ``store(_:in:at:)``, for an optional property. Each type writes
    /// `storeOptionalScalar(wire, in: &object, at: keyPath)`.
    static func storeOptional<Root>(
        _ wire: CompactValue, in object: inout Root, at keyPath: WritableKeyPath<Root, Self?>
    ) -> Bool
}

/// Reads a member's bound `<value>` into a property of `Root`; `node` makes the member's
/// node, for an error.
typealias WireMemberRead<Root> =
    @Sendable (inout Root, CompactValue, _ node: () -> XMLRPCNode) throws(XMLRPCError) -> Void

/// A ``WireMemberRead``, held in a class so that it can be handed back optionally: a
/// function in an `Optional` (or any generic container) is stored in its most general
/// form, and calling it then goes through reabstraction thunks.
final class WireMemberReading<Root>: Sendable {
    let read: WireMemberRead<Root>

    init(_ read: @escaping WireMemberRead<Root>) {
        self.read = read
    }
}

/// Stores the value `wire` holds into the property at `keyPath`; false when it holds another
/// type. Inlined into each scalar's ``WireScalar/store(_:in:at:)``, where `S` is concrete.
@inline(__always)
func storeScalar<S: WireScalar, Root>(
    _ wire: CompactValue, in object: inout Root, at keyPath: WritableKeyPath<Root, S>
) -> Bool {
    guard let value = S.read(wire) else { return false }
    object[keyPath: keyPath] = value
    return true
}

/// As ``storeScalar(_:in:at:)`` for an optional property: `<nil/>` stores nil.
@inline(__always)
func storeOptionalScalar<S: WireScalar, Root>(
    _ wire: CompactValue, in object: inout Root, at keyPath: WritableKeyPath<Root, S?>
) -> Bool {
    if wire.isNil {
        object[keyPath: keyPath] = nil
        return true
    }
    guard let value = S.read(wire) else { return false }
    object[keyPath: keyPath] = value
    return true
}

extension WireScalar {
    /// The member reading of this type. The closure is compiled generically (its `Root` is
    /// the caller's), so it only calls ``store(_:in:at:)``, which each type compiles for
    /// itself: generic code that handles a `Self?` looks up its metadata on every call.
    static func memberRead<Root>(_ keyPath: Any, optional: Bool) -> WireMemberReading<Root>? {
        if optional {
            guard let path = (keyPath as? MemberKeyPath<Root, Self?>)?.keyPath else { return nil }
            return WireMemberReading { object, wire, node throws(XMLRPCError) in
                guard storeOptional(wire, in: &object, at: path) else {
                    throw node().mismatch(expected: wireExpectation)
                }
            }
        }
        guard let path = (keyPath as? MemberKeyPath<Root, Self>)?.keyPath else { return nil }
        return WireMemberReading { object, wire, node throws(XMLRPCError) in
            guard store(wire, in: &object, at: path) else { throw node().mismatch(expected: wireExpectation) }
        }
    }
}

/// An optional of a ``WireScalar``: its members are read by the wrapped type's reading.
protocol WireOptionalScalar {
    static func memberRead<Root>(_ keyPath: Any) -> WireMemberReading<Root>?
}

extension Optional: WireOptionalScalar where Wrapped: WireScalar {
    static func memberRead<Root>(_ keyPath: Any) -> WireMemberReading<Root>? {
        Wrapped.memberRead(keyPath, optional: true)
    }
}

/// A type whose reader is made of its parts' readers: optionals, arrays, dictionaries.
protocol WireComposite: XMLRPCDecodable {
    /// The type's ``WireReader`` (as `Any`: callers hold the type as an existential).
    static func makeWireReader() -> Any
}

extension WireScalar {
    /// Reads a value of this type wherever it is found.
    static func decode(_ node: XMLRPCNode) throws(XMLRPCError) -> Self {
        guard let wire = node.wire, let value = read(wire) else { throw node.mismatch(expected: wireExpectation) }
        return value
    }
}

/// The reader of a scalar type, for its ``WireScalar/makeWireReader()``.
@inline(__always)
func scalarReader<S: WireScalar>(_ type: S.Type) -> Any {
    WireReader<S> { wire, node throws(XMLRPCError) in
        guard let value = S.read(wire) else { throw node().mismatch(expected: S.wireExpectation) }
        return value
    }
}

extension XMLRPCStructConvertible {
    /// Reads through the mapping. `xmlrpcMembers` is looked up per struct, not when the
    /// reader is made: a type whose members hold itself (a tree) makes its reader while its
    /// mapping is still being declared.
    static func makeWireReader() -> Any {
        WireReader<Self> { wire, node throws(XMLRPCError) in try xmlrpcMembers.read(wire, node: node) }
    }
}

extension XMLRPCStructConvertible {
    /// Reads an array of this type, its mapping looked up once per array: a lookup copies
    /// the mapping, which in generic code costs two metadata lookups (about a tenth of
    /// reading a struct of five members).
    static func makeWireArrayReader() -> Any {
        WireReader<[Self]> { wire, node throws(XMLRPCError) in
            guard let values = wire.values else { throw node().mismatch(expected: "array") }
            let mapping = xmlrpcMembers
            var result: [Self] = []
            result.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                result.append(try mapping.read(value) { node().child(value, step: .index(index)) })
            }
            return result
        }
    }
}

/// The reader of `type`: its own for the types above, otherwise one that makes the node and
/// calls the type's ``XMLRPCDecodable/init(xmlrpc:)``.
func wireReader<V: XMLRPCDecodable>(for type: V.Type) -> WireReader<V> {
    let made: Any? =
        if let scalar = V.self as? any WireScalar.Type {
            scalar.makeWireReader()
        } else if let structType = V.self as? any XMLRPCStructConvertible.Type {
            structType.makeWireReader()
        } else if let composite = V.self as? any WireComposite.Type {
            composite.makeWireReader()
        } else {
            nil
        }
    if let reader = made as? WireReader<V> { return reader }
    return WireReader { _, node throws(XMLRPCError) in try V(xmlrpc: node()) }
}

extension Optional: WireComposite where Wrapped: XMLRPCDecodable {
    /// `nil` for `<nil/>`, otherwise the wrapped type's reading.
    static func makeWireReader() -> Any {
        let wrapped = wireReader(for: Wrapped.self).read
        return WireReader<Self> { wire, node throws(XMLRPCError) in
            wire.isNil ? nil : try wrapped(wire, node)
        }
    }
}

extension Array: WireComposite where Element: XMLRPCDecodable {
    /// Every element through the element type's reader.
    static func makeWireReader() -> Any {
        if let structType = Element.self as? any XMLRPCStructConvertible.Type,
            let reader = structType.makeWireArrayReader() as? WireReader<Self>
        {
            return reader
        }
        let element = wireReader(for: Element.self).read
        return WireReader<Self> { wire, node throws(XMLRPCError) in
            guard let values = wire.values else { throw node().mismatch(expected: "array") }
            var result: [Element] = []
            result.reserveCapacity(values.count)
            for (index, value) in values.enumerated() {
                result.append(try element(value) { node().child(value, step: .index(index)) })
            }
            return result
        }
    }
}

extension Dictionary: WireComposite where Key == String, Value: XMLRPCDecodable {
    /// Every member through the value type's reader (the first of a repeated name wins).
    static func makeWireReader() -> Any {
        let valueReader = wireReader(for: Value.self).read
        return WireReader<Self> { wire, node throws(XMLRPCError) in
            guard let members = wire.members else { throw node().mismatch(expected: "struct") }
            var result: [String: Value] = [:]
            for member in members {
                let name = member.name
                guard result[name] == nil else { continue }
                let value = member.value
                result[name] = try valueReader(value) { node().child(value, step: .key(name)) }
            }
            return result
        }
    }
}

/// A member's key path in a value the declaration can cast to the key path's own value
/// type once it knows it (a generic struct casts between identical instantiations).
struct MemberKeyPath<Root, Value>: Sendable {
    let keyPath: WritableKeyPath<Root, Value> & Sendable
}
