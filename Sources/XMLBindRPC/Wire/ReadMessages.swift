import XMLBind

// The message elements as the fast binder reads them: the same shape and required
// children as the reference's (``WireMethodCall`` …), with each `<value>` read by a
// ``WireValueReader`` into a ``CompactValue``.

/// `<methodCall>`, read fast.
final class ReadMethodCall: Bindable, @unchecked Sendable {
    var methodName: String?
    var params: ReadParams?
    init() {}
}

/// `<methodResponse>`, read fast.
final class ReadMethodResponse: Bindable, @unchecked Sendable {
    var params: ReadParams?
    var fault: ReadFault?
    init() {}
}

/// `<params>`, read fast.
final class ReadParams: Bindable, @unchecked Sendable {
    var params: [ReadParam] = []
    init() {}
}

/// `<param>`, read fast.
final class ReadParam: Bindable, @unchecked Sendable {
    var value: CompactValue?
    init() {}
}

/// `<fault>`, read fast.
final class ReadFault: Bindable, @unchecked Sendable {
    var value: CompactValue?
    init() {}
}
