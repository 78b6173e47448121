@_spi(Reflection) import Swift

// Invariants (audited layer, see Engine/UncheckedLayer.swift):
// - Uses the standard library's reflection SPI (`_forEachField`), read once per mapped
//   type at registration; nothing reads it during a parse.
// - An offset is handed on (to `FieldAccess`) only when a key path lands exactly on a field
//   of the same type (`field(at:of:)`): that field is then the key path's storage.
// - SafeMode: the table still names fields (messages and XML names need the names of
//   stored properties), but `writableOffset(_:)` hands on no offset, so every value and
//   child goes through its key path and no field is written or read at an offset.

/// The stored properties of a type: name, offset and type, read once at registration.
///
/// A key path to a plain stored property lands at one of these offsets with the same
/// type; that is how the registry knows it may store values with a plain write at the
/// offset, and how it learns the property's name without formatting the key path (which
/// is slow). A computed or observed property never matches, and keeps going through its
/// key path.
struct FieldTable: Sendable {
    struct Field: Sendable {
        var name: String
        var offset: Int
        var type: ObjectIdentifier
    }

    private(set) var fields: [Field] = []

    init<T>(_ type: T.Type) {
        var fields: [Field] = []
        // Flag 1 is `.classType`: read the fields of a class's instances.
        let options = _EachFieldOptions(rawValue: T.self is AnyClass ? 1 : 0)
        _forEachField(of: T.self, options: options) { name, offset, fieldType, _ in
            fields.append(Field(name: Self.string(name), offset: offset, type: ObjectIdentifier(fieldType)))
            return true
        }
        self.fields = fields
    }

    /// A field's name, from the NUL-terminated UTF-8 the runtime keeps for it. Decoded as
    /// the string cache decodes names, not with `String(cString:)`: that is 64 KiB more of
    /// the standard library's code mapped at start-up for this one use.
    private static func string(_ name: UnsafePointer<CChar>) -> String {
        var length = 0
        while name[length] != 0 { length += 1 }
        return name.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The stored fields with values of `type`.
    func fields(of type: Any.Type) -> [Field] {
        let wanted = ObjectIdentifier(type)
        return fields.filter { $0.type == wanted }
    }

    /// The offset values of `field` are written at directly, or `nil`: through the key path.
    /// Always `nil` in SafeMode.
    static func writableOffset(_ field: Field?) -> Int? {
        #if SafeMode
            nil
        #else
            field?.offset
        #endif
    }

    /// The stored field at `offset` with values of `type`, if there is one.
    func field(at offset: Int?, of type: Any.Type) -> Field? {
        guard let offset else { return nil }
        let wanted = ObjectIdentifier(type)
        return fields.first { $0.offset == offset && $0.type == wanted }
    }
}
