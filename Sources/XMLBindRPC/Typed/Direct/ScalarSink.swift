/// A ``DirectSink`` for a member declared as a scalar type: it keeps the scalar's payload, for
/// the struct's sink to store into the property, and refuses a struct or an array (which the
/// two-step path reports as a mismatch).
final class ScalarSink: DirectSink {
    /// The payload read, after `</value>`.
    private(set) var payload: CompactValue.Payload?

    override func began() {
        payload = nil
    }

    override func scalarEnded(_ payload: CompactValue.Payload) throws {
        self.payload = payload
    }
}
