import Foundation
import XMLBind

/// A type of your own read from and sent as an XML-RPC struct, declared with XMLBind's own
/// mapping declarations in XML-RPC's keyed shape (see ``xmlrpcStruct(_:)``).
///
/// ```swift
/// struct Person: XMLRPCStructConvertible {
///     var name = ""
///     var age: Int32 = 0
///     var email: String?
///     var address: Address?          // another XMLRPCStructConvertible type
///
///     static let xmlrpcMapping = xmlrpcStruct(Person.self)
///         .property(\.name).required()
///         .property(\.age)
///         .property(\.email, xml: "e-mail")
///         .child(\.address)
/// }
/// let people = try await client.call("people.list", [], returning: [Person].self)
/// ```
///
/// Conforming makes the type ``XMLRPCCodable``: a typed method's argument or result, a
/// call's typed result, an element of arrays of either. A call's result, a response read
/// with ``XMLRPCCodec/decodeResponse(_:as:file:)`` and a dispatcher's parameters are read
/// by one parse straight into the type; writing goes through XMLBind's serializer.
public protocol XMLRPCStructConvertible: Bindable, XMLRPCCodable {
    /// How the type's properties map to struct members: a definition started with
    /// ``xmlrpcStruct(_:)``. The types of its `.child` and `.children` declarations must be
    /// ``XMLRPCStructConvertible`` too; their mappings are registered with it.
    static var xmlrpcMapping: ClassDefinition<Self> { get }
}

/// Starts the mapping of a Swift type to an XML-RPC struct: XMLBind's
/// `mapping(type, element: "struct")` with its members keyed by their `<name>`
/// (``XMLRPCStructShape/members``), and members it does not declare ignored.
///
/// Declare the members after it as in any mapping: `.property(\.age)` is the member named
/// `age` (`xml:` names another), a scalar in any of XML-RPC's typed elements read through
/// the property's conversion (a `Date` takes `conversion: .xmlrpcDateTime`); `.child` a
/// nested struct, `.children` an array of structs, `.elements` an array of scalars.
/// `.required()`, `default:` and `conversion:` work as anywhere. See <doc:XMLRPC>.
///
/// - Parameter type: The type, which must have an `init()`.
/// - Returns: The definition to declare the members on.
@inlinable public func xmlrpcStruct<T: Bindable>(_ type: T.Type) -> ClassDefinition<T> {
    mapping(T.self, element: "struct").unknownContent(.ignore).keyedMembers(XMLRPCStructShape.members)
}

/// XML-RPC's struct shape in XMLBind's terms, as ``xmlrpcStruct(_:)`` declares it.
public enum XMLRPCStructShape {
    /// `<member><name>…</name><value>…</value></member>`: the value in a typed element
    /// (`<nil/>` for none), an array in `array/data/value`. Written: `Int32`, `Int`, `Int16`,
    /// `Int8`, `UInt16`, `UInt8` as `<int>`; `Int64`, `UInt32` as `<i8>`; `Bool` as
    /// `<boolean>` (`1`, `0`); `Double`, `Float` as `<double>`; `String` as `<string>`;
    /// `Date` as `<dateTime.iso8601>`; `Data` as `<base64>`; any other type's text bare.
    public static let members = KeyedMembers(
        element: "member", key: .child("name"),
        value: MemberValue.element("value", list: "array/data/value")
            .wrapped("int", for: Int32.self, Int.self, Int16.self, Int8.self, UInt16.self, UInt8.self)
            .wrapped("i4")
            .wrapped("i8", for: Int64.self, UInt32.self)
            .wrapped("boolean", for: Bool.self, written: { $0 == "true" ? "1" : "0" })
            .wrapped("string", for: String.self)
            .wrapped("double", for: Double.self, Float.self)
            .wrapped("dateTime.iso8601", for: Date.self)
            .wrapped("base64", for: Data.self)
            .wrappedNil("nil"))
}

extension Conversion where Value == Date {
    /// XML-RPC's `dateTime.iso8601` text (`19980717T14:08:55`), for a `Date` member.
    public static var xmlrpcDateTime: Conversion<Date> { XMLRPCDateTime.conversion }
}

extension XMLRPCStructConvertible {
    /// `struct`.
    public static var xmlrpcTypeName: String { "struct" }

    /// Reads the type from a node through its mapping (see ``XMLRPCNode/decode(as:)``).
    public init(xmlrpc node: XMLRPCNode) throws(XMLRPCError) {
        self = try TypedReader.decode(Self.self, from: node)
    }

    /// The struct its mapping writes, read back: for the places that need an
    /// ``XMLRPCValue`` (a dispatcher's result, ``XMLRPCEncoder``'s `[Any]`).
    public func xmlrpcValue() throws(XMLRPCError) -> XMLRPCValue {
        try TypedWriting.value(of: self)
    }
}
