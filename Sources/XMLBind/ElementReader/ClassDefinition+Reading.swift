extension ClassDefinition {
    /// Reads this mapping's elements with a reader made once per parse (the first time such an
    /// element starts). Declarations on the mapping still describe writing (and schemas);
    /// reading goes only through the reader.
    ///
    /// While an element of this mapping is open, its start and end tags and text, and all of
    /// its content, go to the reader (see ``ElementReader``); the value its
    /// ``ElementReader/finish()`` returns goes where an object of the mapping would: into the
    /// parent's `.child`/`.children` slot or ``Ancestor``, as the root, or to a stream. It gets
    /// what such an object gets: its origin (``OriginAware``), byte offset
    /// (``ByteOffsetAware``) and namespace (``NamespaceAware``), then the `.validate` checks. Its
    /// element's content is the reader's alone: an ``Ancestor`` value is offered no children.
    ///
    /// ```swift
    /// mapping(Point.self, element: "point")
    ///     .attribute(\.x).attribute(\.y)      // how a Point is written
    ///     .reading(with: { PointReader() })   // how it is read
    /// ```
    ///
    /// Registration refuses what only changes reading, which the reader now does:
    /// `.required()`, `default:` values, `.wholeText()`, `.choice(…)`, `.ignoring(…)` and
    /// `.unknownContent(…)`, and a type that is an ``AttributeContainer`` (the reader receives
    /// the attributes, in ``ReaderElement/attributes``).
    ///
    /// - Parameter makeReader: Makes the reader for one parse; called on the thread of that
    ///   parse, at most once per parse.
    /// - Returns: The definition, read through readers that `makeReader` makes.
    @inlinable
    public func reading(with makeReader: @escaping @Sendable () -> any ElementReader<T>) -> Self {
        Self(declarations: declarations.setting(readerMaker: ReaderMaker(makeReader)))
    }
}

/// A mapping's reader factory (``ClassDefinition/reading(with:)``), kept in its declarations
/// without their type parameter.
@usableFromInline
final class ReaderMaker<Value>: Sendable {
    @usableFromInline let make: @Sendable () -> any ElementReader<Value>

    @inlinable
    init(_ make: @escaping @Sendable () -> any ElementReader<Value>) {
        self.make = make
    }
}
