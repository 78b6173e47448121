/// Reads the content of a mapped element from the parser's events, in place of the binder's
/// declarations: for shapes declarations cannot express, or to build a value faster than an
/// object per element would.
///
/// Register one with ``ClassDefinition/reading(with:)``. While an element of that mapping is
/// open, every start tag, end tag and piece of text inside it goes to the reader, and
/// nothing else looks at them: no mapping is looked up for the elements inside, no object is
/// made for them. The value the reader finishes goes where an object of the mapping would.
///
/// ```swift
/// // <point>1 2</point>
/// struct Point: Bindable { var x = 0.0, y = 0.0 }
///
/// final class PointReader: ElementReader {
///     private var point = Point()
///     func start(_ element: ReaderElement) throws {
///         if element.depth == 0 { point = Point() } else {
///             throw ElementReaderError("<point> holds two numbers, not <\(element.name)>")
///         }
///     }
///     func end(_ element: ReaderElement, text: ReaderText) throws {
///         let parts = text.string.split(separator: " ")
///         guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else {
///             throw ElementReaderError("expected two numbers, found \"\(text.string)\"")
///         }
///         point = Point(x: x, y: y)
///     }
///     func finish() throws -> Point { point }
/// }
///
/// mapping(Point.self, element: "point").reading(with: { PointReader() })
/// ```
///
/// One reader serves every element of its mapping within one parse, one element at a time:
/// a start at depth 0 begins a new value. Readers are made per parse, so a reader needs no
/// locking and may keep state between calls. The values its methods receive
/// (``ReaderElement``, ``ReaderText``) are views of the parser's buffers, valid only during
/// the call.
///
/// Anything a method throws becomes an ``XMLBindError/Code/elementReaderFailed`` error of the
/// parse, at the start tag of the element whose event threw; the rest of the mapped element
/// is then skipped (no more calls for it, no ``finish()``), and nothing is placed in its
/// parent. The parse goes on to find other problems and then fails, in lenient mode too, as it
/// does for a failed conversion.
public protocol ElementReader<Value>: AnyObject {
    /// The value the reader builds from one element.
    associatedtype Value
    /// The mapped element's own start tag (`element.depth == 0`), then every start tag inside it
    /// (depth 1, 2, …). At depth 0 the reader begins a new value (one reader serves every element
    /// of its mapping within a parse).
    ///
    /// - Parameter element: The start tag: its name, namespace, attributes, depth and byte
    ///   offset; valid only during the call.
    /// - Throws: Any error, to refuse the element (see ``ElementReaderError``).
    func start(_ element: ReaderElement) throws
    /// Every end tag inside the mapped element, then the mapped element's own (depth 0), with the
    /// text gathered directly inside that element since its start tag (all of expat's pieces
    /// joined, children's text excluded; empty when there was none).
    ///
    /// - Parameters:
    ///   - element: The element that ends, with its start tag's byte offset (its attributes
    ///     are empty here); valid only during the call.
    ///   - text: The element's own text, entities and character references decoded, CDATA
    ///     sections included; valid only during the call.
    /// - Throws: Any error, to refuse the element (see ``ElementReaderError``).
    func end(_ element: ReaderElement, text: ReaderText) throws
    /// After the mapped element's own end: the value handed to the parent, as an object of the
    /// mapping would be (child slots, `Ancestor`, the root of a parse, streaming).
    ///
    /// - Returns: The element's value.
    /// - Throws: Any error, to refuse the element: it is reported at the mapped element.
    func finish() throws -> Value
}
