/// How a property's value is read from XML text and written back.
///
/// Every declared property has a conversion: the built-in one of its type (see
/// ``XMLValueConvertible``), or one given with `conversion:` when the property is
/// declared. A conversion parses the text of an attribute or element into a value and
/// formats a value back into text.
///
/// ```swift
/// let upper = Conversion<String>(parse: { $0.uppercased() }, format: { $0.lowercased() })
/// mapping(Bean.self, element: "bean").property(\.id, conversion: upper)
/// ```
public struct Conversion<Value>: Sendable {
    /// Parses the raw UTF-8 bytes of a value. Built-in conversions work on the bytes
    /// directly; user conversions see a `String`.
    @usableFromInline let decode: @Sendable (UnsafeBufferPointer<UInt8>) throws -> Value
    /// Formats a value as XML text (before escaping).
    @usableFromInline let encode: @Sendable (Value) -> String
    /// Whether the conversion keeps the text as it is (`String`'s own, or an optional of
    /// it): the engine then makes and stores the `String` itself, sharing equal values
    /// (see `StringCache`), instead of calling ``decode``.
    @usableFromInline let isPlainText: Bool
    /// Whether the conversion is `Bool`'s own: the engine then stores the exact texts
    /// `true`, `false`, `1` and `0` itself, and calls ``decode`` for anything else.
    @usableFromInline let isPlainBool: Bool
    /// With ``isPlainText``: the text is kept with leading and trailing XML whitespace
    /// removed (``trimmed``), which the engine then does itself.
    @usableFromInline let trimsPlainText: Bool
    /// Why a mapping that uses this conversion cannot be registered (a date pattern with a
    /// letter ``Conversion/date(format:timeZone:)`` does not know); `nil` for a usable one.
    @usableFromInline let refusal: String?

    /// Creates a conversion from a parse and a format function.
    ///
    /// - Parameters:
    ///   - parse: Turns the text of an attribute or element (entities decoded, not
    ///     trimmed) into a value. Throw to reject the text; a ``ConversionError`` gives
    ///     the reason shown to the user, any other error is shown by its description.
    ///   - format: Turns a value back into text.
    public init(
        parse: @escaping @Sendable (String) throws -> Value,
        format: @escaping @Sendable (Value) -> String
    ) {
        self.decode = { bytes in try parse(String(decoding: bytes, as: UTF8.self)) }
        self.encode = format
        self.isPlainText = false
        self.isPlainBool = false
        self.trimsPlainText = false
        self.refusal = nil
    }

    /// Creates a conversion that parses the UTF-8 bytes of the text, without making a
    /// `String` first.
    ///
    /// For values read often (numbers, dates, flags in a format of their own), where making
    /// a `String` of every text would cost more than reading it. The bytes are those of the
    /// attribute or element text (entities decoded, not trimmed) and are valid only during
    /// the call.
    ///
    /// ```swift
    /// let yesNo = Conversion<Bool>(
    ///     parsingBytes: { bytes in
    ///         if bytes.elementsEqual("yes".utf8) { return true }
    ///         if bytes.elementsEqual("no".utf8) { return false }
    ///         throw ConversionError("expected yes or no")
    ///     },
    ///     format: { $0 ? "yes" : "no" })
    /// ```
    ///
    /// - Parameters:
    ///   - parse: Turns the text's bytes into a value; throw to reject them, as for
    ///     ``init(parse:format:)``.
    ///   - format: Turns a value back into text.
    public init(
        parsingBytes parse: @escaping @Sendable (UnsafeBufferPointer<UInt8>) throws -> Value,
        format: @escaping @Sendable (Value) -> String
    ) {
        self.init(bytes: parse, format: format)
    }

    /// Creates a conversion that parses UTF-8 bytes without making a `String` first.
    @usableFromInline
    init(
        bytes decode: @escaping @Sendable (UnsafeBufferPointer<UInt8>) throws -> Value,
        format: @escaping @Sendable (Value) -> String,
        isPlainText: Bool = false, isPlainBool: Bool = false, trimsPlainText: Bool = false,
        refusal: String? = nil
    ) {
        self.decode = decode
        self.encode = format
        self.isPlainText = isPlainText
        self.isPlainBool = isPlainBool
        self.trimsPlainText = trimsPlainText
        self.refusal = refusal
    }

    /// A conversion that cannot be used: registering a mapping with it fails with `reason`,
    /// and anything that reads with it anyway gets `reason` as the conversion's error.
    init(refusing reason: String) {
        self.init(bytes: { _ in throw ConversionError(reason) }, format: { _ in "" }, refusal: reason)
    }

    /// Parses text into a value.
    ///
    /// - Parameter text: The text of an attribute or element.
    /// - Returns: The value the text stands for.
    /// - Throws: The conversion's error when the text is not a valid value.
    public func parse(_ text: String) throws -> Value {
        var text = text
        return try text.withUTF8 { try decode($0) }
    }

    /// Formats a value as text.
    ///
    /// - Parameter value: The value to write.
    /// - Returns: Its text form, before XML escaping.
    public func format(_ value: Value) -> String {
        encode(value)
    }

    /// A conversion for an optional of this conversion's type: text parses to a
    /// present value, and `nil` formats as an empty string.
    @inlinable
    public var optional: Conversion<Value?> {
        let decode = self.decode
        let encode = self.encode
        return Conversion<Value?>(
            bytes: { try decode($0) }, format: { $0.map(encode) ?? "" }, isPlainText: isPlainText,
            trimsPlainText: trimsPlainText, refusal: refusal)
    }

    /// A conversion that applies `transform` after this one parses, and `reverse`
    /// before it formats.
    ///
    /// - Parameters:
    ///   - transform: Turns a parsed value into the new type; throw to reject it.
    ///   - reverse: Turns a new value back into this conversion's type.
    /// - Returns: The combined conversion.
    public func map<NewValue>(
        _ transform: @escaping @Sendable (Value) throws -> NewValue,
        reverse: @escaping @Sendable (NewValue) -> Value
    ) -> Conversion<NewValue> {
        let decode = self.decode
        let encode = self.encode
        return Conversion<NewValue>(
            bytes: { try transform(decode($0)) }, format: { encode(reverse($0)) }, refusal: refusal)
    }
}

/// Why a text could not be converted to a value.
///
/// Throw it from a custom ``Conversion`` to give the reason the user sees after
/// `cannot convert "…" to Type for property '…' of <element>:`.
public struct ConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason, such as `value out of range for UInt8 (0...255)`.
    public var reason: String
    /// The text and the target type, when ``ReaderText/converted(with:)`` threw the error
    /// from an ``ElementReader``: so that the parse reports it as a failed conversion of
    /// element text. Not part of the error's identity.
    var attempt: Attempt?
    /// The value the text most likely meant (an enum's case as written, `https` for
    /// `HTTPS`), when one is close: the parse offers it as a fix-it. Not part of the
    /// error's identity.
    var suggestion: String?

    /// What an element reader tried to convert (see ``attempt``).
    struct Attempt: Sendable {
        var text: String
        var typeName: String
    }

    /// Creates a conversion error.
    ///
    /// - Parameter reason: A short phrase saying what is wrong with the text.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }

    /// Whether two errors give the same reason.
    public static func == (lhs: ConversionError, rhs: ConversionError) -> Bool {
        lhs.reason == rhs.reason
    }

    /// Hashes the reason.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(reason)
    }
}
