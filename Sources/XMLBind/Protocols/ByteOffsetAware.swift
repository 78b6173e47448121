/// A type that wants to know where its element starts as a byte offset, and works out a
/// line and column only when it needs one.
///
/// ``OriginAware`` is told the line and column of every element it is bound from, and
/// counting them is expat's work for each element (it counts the lines and columns of the
/// bytes since it last told one). For a type bound by the thousand whose position matters
/// only when a later check finds something to report (a value read after the parse, say),
/// that is mostly wasted: the binder knows every start tag's byte offset anyway, and
/// handing it over costs a store.
///
/// Keep the document's bytes, and turn the offset into an ``Origin`` (or a located
/// ``Diagnostic``) when a message needs it, with the binder that parsed it:
///
/// ```swift
/// final class Entry: Bindable, ByteOffsetAware {
///     var key: String?
///     var byteOffset = -1
///     init() {}
/// }
///
/// let list = try binder.parse(data, as: EntryList.self, file: "entries.xml")
/// if let bad = list.entries.first(where: { $0.key == nil }) {
///     throw XMLBindError(diagnostics: [
///         binder.diagnostic("an entry needs a key", atByteOffset: bad.byteOffset, in: data, file: "entries.xml")
///     ])
/// }
/// ```
///
/// See ``XMLBinder/origin(ofByteOffset:in:file:)-(_,Data,_)`` and
/// ``XMLBinder/diagnostic(_:code:severity:atByteOffset:in:file:)-(_,_,_,_,Data,_)``.
public protocol ByteOffsetAware: SendableMetatype {
    /// The offset, in the bytes parsed, of the `<` of the start tag of the element this
    /// object was bound from (for a document in an encoding that is converted to UTF-8
    /// before parsing, the offset in that UTF-8).
    var byteOffset: Int { get set }
}
