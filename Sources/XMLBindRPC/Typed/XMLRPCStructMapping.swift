import Foundation
import XMLBind

/// How a Swift type of your own is read from and written as an XML-RPC struct, member by
/// member, declared like an XMLBind `mapping(_:element:)`.
///
/// ```swift
/// struct Person: Bindable, XMLRPCStructConvertible {
///     var name = ""
///     var age: Int32 = 0
///     var email: String?
///     var joined = Date()
///
///     static let xmlrpcMembers = xmlrpcMapping(Person.self)
///         .member(\.name).required()
///         .member(\.age).required()
///         .member(\.email, name: "e-mail")
///         .member(\.joined, conversion: .date(format: "yyyy-MM-dd"))   // a string member
/// }
/// let people = try await client.call("people.list", [], returning: [Person].self)
/// ```
///
/// A member's name is its property's name unless `name:` gives another. A member the
/// struct does not have keeps the value `init()` gave it, unless ``required()`` follows its
/// declaration; members the mapping does not declare are ignored. A member of another type
/// than its property's, or a missing required one, is an ``XMLRPCError`` naming the member
/// and, for a value read from a document, its line and column. Writing sends the declared
/// members in declaration order and leaves out `nil` optionals.
public struct XMLRPCStructMapping<T>: Sendable {
    struct Member: Sendable {
        var name: String
        var swiftName: String
        var isRequired = false
        /// Reads the member's node into the property.
        var read: @Sendable (inout T, XMLRPCNode) throws(XMLRPCError) -> Void
        /// Appends the member to a struct's members, or nothing to leave it out.
        var encode: MemberEncode
    }

    /// Appends a member to a struct's members (the object is `inout` only so that key paths
    /// reach its properties in place; it is not changed).
    typealias MemberEncode = @Sendable (inout T, inout [XMLRPCStruct.Member]) throws(XMLRPCError) -> Void

    let make: @Sendable () -> T
    private(set) var members: [Member] = []
    /// Every member's encoding in declaration order, composed into one closure: a loop over
    /// ``members`` in generic code looks up `Member`'s metadata for every member.
    private var encodeMembers: MemberEncode = { _, _ in }
    /// How many members are declared, kept apart from ``members``: reading `members.count`
    /// in generic code looks up the metadata of `[Member]`, about 330 instructions a struct
    /// written.
    private var memberCount = 0

    /// Creates an empty mapping.
    ///
    /// - Parameters:
    ///   - type: The type the struct is read into.
    ///   - create: Makes the instance whose properties the members then set.
    public init(_ type: T.Type, create: @escaping @Sendable () -> T) {
        self.make = create
    }

    /// Declares a member read and written through its property's type.
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - name: The member's name; the property's name when omitted.
    public func member<V: XMLRPCCodable>(_ keyPath: WritableKeyPath<T, V> & Sendable, name: String? = nil) -> Self {
        let memberName = name ?? Self.propertyName(keyPath)
        let read: @Sendable (inout T, XMLRPCNode) throws(XMLRPCError) -> Void = { object, node throws(XMLRPCError) in
            object[keyPath: keyPath] = try V(xmlrpc: node)
        }
        let encode: MemberEncode = { object, members throws(XMLRPCError) in
            let value = try readInPlace(&object[keyPath: keyPath]).xmlrpcValue()
            if case .nil = value { return }
            members.append(XMLRPCStruct.Member(name: memberName, value: value))
        }
        return adding(
            Member(
                name: memberName, swiftName: Self.propertyName(keyPath),
                read: read,
                encode: encode))
    }

    /// Declares a member sent as a string and read through an XMLBind `Conversion`
    /// (a date in a format of its own, an enum, a number in a string).
    ///
    /// - Parameters:
    ///   - keyPath: The property.
    ///   - name: The member's name; the property's name when omitted.
    ///   - conversion: Parses the string, and formats the value back.
    public func member<V>(
        _ keyPath: WritableKeyPath<T, V> & Sendable, name: String? = nil, conversion: Conversion<V>
    ) -> Self {
        let typeName = String(describing: V.self)
        let memberName = name ?? Self.propertyName(keyPath)
        return adding(
            Member(
                name: memberName, swiftName: Self.propertyName(keyPath),
                read: { object, node throws(XMLRPCError) in
                    guard let text = node.string else { throw node.mismatch(expected: "string") }
                    do {
                        object[keyPath: keyPath] = try conversion.parse(text)
                    } catch {
                        throw node.located("cannot convert \"\(text)\" to \(typeName): \(error)")
                    }
                },
                encode: { object, members in
                    let text = conversion.format(readInPlace(&object[keyPath: keyPath]))
                    members.append(XMLRPCStruct.Member(name: memberName, value: .string(text)))
                }))
    }

    /// Makes the member declared just before a required one: a struct without it is an error.
    public func required() -> Self {
        var copy = self
        if !copy.members.isEmpty {
            copy.members[copy.members.count - 1].isRequired = true
        }
        return copy
    }

    private func adding(_ member: Member) -> Self {
        var copy = self
        copy.members.append(member)
        copy.memberCount = copy.members.count
        let earlier = copy.encodeMembers
        let encode = member.encode
        copy.encodeMembers = { object, members throws(XMLRPCError) in
            try earlier(&object, &members)
            try encode(&object, &members)
        }
        return copy
    }

    private static func propertyName(_ keyPath: AnyKeyPath) -> String {
        let path = String(describing: keyPath)
        guard let dot = path.lastIndex(of: ".") else { return path }
        return String(path[path.index(after: dot)...])
    }

    /// Reads a value from a node holding a struct.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/unexpectedResponse``) naming the member
    ///   that is missing or of the wrong type.
    public func decode(_ node: XMLRPCNode) throws(XMLRPCError) -> T {
        guard node.typeName == "struct" else { throw node.mismatch(expected: "struct (\(T.self))") }
        var object = make()
        // The struct's trail, made once for the nodes of all its members.
        let trail = node.trail
        for member in members {
            let found = node.member(member.name, under: trail)
            guard found.exists else {
                if member.isRequired {
                    throw node.located(
                        "the struct has no member '\(member.name)', which \(T.self).\(member.swiftName) requires")
                }
                continue
            }
            try member.read(&object, found)
        }
        return object
    }

    /// The struct value of an instance: its declared members in declaration order.
    ///
    /// - Throws: ``XMLRPCError`` (``XMLRPCError/Code/encoding``) when a member cannot be sent.
    public func encode(_ object: T) throws(XMLRPCError) -> XMLRPCValue {
        var object = object
        return try encodeStruct(&object, encodeMembers, count: memberCount)
    }

    /// The struct values of `objects`, in order: what ``encode(_:)`` gives for each, with the
    /// mapping's properties read once (each read in generic code looks up the metadata of
    /// `XMLRPCStructMapping<T>`, twice per ``encode(_:)``).
    func encodeEach(_ objects: [T]) throws(XMLRPCError) -> [XMLRPCValue] {
        let encodeMembers = self.encodeMembers
        let count = memberCount
        var values: [XMLRPCValue] = []
        values.reserveCapacity(objects.count)
        for var object in objects { values.append(try encodeStruct(&object, encodeMembers, count: count)) }
        return values
    }
}

/// Starts an ``XMLRPCStructMapping`` for a type with an `init()`, as
/// `mapping(_:element:)` starts an element mapping.
public func xmlrpcMapping<T: Bindable>(_ type: T.Type) -> XMLRPCStructMapping<T> {
    XMLRPCStructMapping(type, create: { T() })
}

/// A type of your own read from and sent as an XML-RPC struct through its ``xmlrpcMembers``.
///
/// Conforming makes the type ``XMLRPCCodable``: a typed method's argument or result, a
/// call's typed result, an element of arrays of either.
public protocol XMLRPCStructConvertible: XMLRPCCodable {
    /// How the type's properties map to struct members.
    static var xmlrpcMembers: XMLRPCStructMapping<Self> { get }
}

extension XMLRPCStructConvertible {
    /// `struct`.
    public static var xmlrpcTypeName: String { "struct" }

    /// Reads the type through its mapping.
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try Self.xmlrpcMembers.decode(node)
    }

    /// The struct its mapping writes.
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        try Self.xmlrpcMembers.encode(self)
    }
}

/// The struct of `object`'s members, as `encode` (a closure made by ``XMLRPCStructMapping``)
/// appends them; `count` is how many it may append.
private func encodeStruct<T>(
    _ object: inout T, _ encode: XMLRPCStructMapping<T>.MemberEncode, count: Int
) throws(XMLRPCError) -> XMLRPCValue {
    var members: [XMLRPCStruct.Member] = []
    members.reserveCapacity(count)
    try encode(&object, &members)
    return .struct(XMLRPCStruct(members))
}

/// The value of an `inout` argument, which a writable key path reaches in place: a `modify`
/// access, where a key path read returns a copy through the standard library's generic
/// projection (several metadata lookups a call).
private func readInPlace<Value>(_ value: inout Value) -> Value { value }
