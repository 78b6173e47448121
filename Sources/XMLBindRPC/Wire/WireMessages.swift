import XMLBind

/// `<methodCall>`: `<methodName>` and optional `<params>`.
final class WireMethodCall: Bindable, OriginAware, @unchecked Sendable {
    var origin: Origin?
    var methodName: String?
    var params: WireParams?
    init() {}
}

/// `<methodResponse>`: `<params>` with one `<param>`, or `<fault>`.
final class WireMethodResponse: Bindable, OriginAware, @unchecked Sendable {
    var origin: Origin?
    var params: WireParams?
    var fault: WireFault?
    init() {}
}

/// `<params>`: the `<param>`s in order.
final class WireParams: Bindable, @unchecked Sendable {
    var params: [WireParam] = []
    init() {}
}

/// `<param>`, holding one `<value>`.
final class WireParam: Bindable, @unchecked Sendable {
    var value: WireValue?
    init() {}
}

/// `<fault>`, holding a `<value>` with the struct of `faultCode` and `faultString`.
final class WireFault: Bindable, @unchecked Sendable {
    var value: WireValue?
    init() {}
}
