import Foundation
import XMLBind
import XMLBindSOAP

// The calculator and the struct operations the tests use, mapped as document/literal
// wrapped messages in the service's namespace (elementFormDefault="qualified").

let calcNamespace = "urn:xmlbind:test:calc"

final class Add: Bindable, OriginAware {
    var a = 0
    var b = 0
    var origin: Origin?
    init() {}
    init(a: Int, b: Int) {
        self.a = a
        self.b = b
    }
}

final class AddResponse: Bindable {
    var result = 0
    init() {}
}

final class Session: Bindable {
    var token = ""
    init() {}
    init(token: String) { self.token = token }
}

final class MathError: Bindable {
    var message = ""
    var operand = 0
    init() {}
}

let calcBinder = XMLBinder().registeredAtSetup(
    mapping(Add.self, element: "add", namespace: calcNamespace).element(\.a).element(\.b),
    mapping(AddResponse.self, element: "addResponse", namespace: calcNamespace).element(\.result),
    mapping(Session.self, element: "session", namespace: calcNamespace).element(\.token),
    mapping(MathError.self, element: "mathError", namespace: calcNamespace).element(\.message).element(\.operand)
)
