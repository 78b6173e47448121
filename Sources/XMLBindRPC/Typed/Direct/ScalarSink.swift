import XMLBind

/// A ``DirectSink`` for a member declared as a scalar type: it keeps the scalar's payload, for
/// the struct's sink to store into the property, and refuses a struct or an array (which the
/// two-step path reports as a mismatch).
final class ScalarSink: DirectSink {
    /// The payload, in a ``ReaderState`` held in a `let` (a `var` stored property is checked
    /// for exclusivity at every access).
    private let read = ReaderState<CompactValue.Payload?>(nil)

    /// The payload read, after `</value>`.
    var payload: CompactValue.Payload? { read.value }

    override func began() {
        read.value = nil
    }

    override func scalarEnded(_ payload: CompactValue.Payload) throws {
        read.value = payload
    }
}
