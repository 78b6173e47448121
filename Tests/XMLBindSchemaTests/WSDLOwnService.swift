import Foundation
import XMLBind
import XMLBindSOAP

// A service written by hand on `SOAPService`: the WSDL it serves is what the generator reads
// for the round trip of generated client and generated service (WSDLGeneratedCodeTests).

let ownNamespace = "urn:xmlbind:test:own"

final class OwnDivide: Bindable {
    var a = 0
    var b = 0
    init() {}
}

final class OwnDivideResponse: Bindable {
    var quotient = 0
    init() {}
}

final class OwnDivideError: Bindable {
    var dividend = 0
    var note = ""
    init() {}
}

final class OwnEcho: Bindable {
    var text: String?
    init() {}
}

final class OwnEchoResponse: Bindable {
    var text: String?
    init() {}
}

/// The request of a one-way operation.
final class OwnNotify: Bindable {
    var text = ""
    init() {}
}

final class OwnTag: Bindable {
    var value = ""
    init() {}
}

final class OwnPerson: Bindable {
    var name = ""
    var tags: [OwnTag] = []
    init() {}
}

final class OwnOlder: Bindable {
    var person: OwnPerson?
    init() {}
}

final class OwnOlderResponse: Bindable {
    var person: OwnPerson?
    init() {}
}

let ownBinder = XMLBinder(prefixes: ["o": ownNamespace]).registeredAtSetup(
    mapping(OwnDivide.self, element: "o:divide").element(\.a).element(\.b),
    mapping(OwnDivideResponse.self, element: "o:divideResponse").element(\.quotient),
    mapping(OwnDivideError.self, element: "o:divideError").element(\.dividend).element(\.note),
    mapping(OwnEcho.self, element: "o:echo").element(\.text),
    mapping(OwnEchoResponse.self, element: "o:echoResponse").element(\.text),
    mapping(OwnNotify.self, element: "o:notify").element(\.text),
    mapping(OwnTag.self, element: "o:tag").text(\.value),
    mapping(OwnPerson.self, element: "o:person").element(\.name).children(\.tags),
    mapping(OwnOlder.self, element: "o:older").child(\.person),
    mapping(OwnOlderResponse.self, element: "o:olderResponse").child(\.person))

let ownService = SOAPService(name: "Own", namespace: ownNamespace, binder: ownBinder)
    .operation("divide", request: OwnDivide.self, response: OwnDivideResponse.self, faults: [OwnDivideError.self]) {
        divide in
        guard divide.b != 0 else {
            let detail = OwnDivideError()
            detail.dividend = divide.a
            detail.note = "by hand"
            throw SOAPFault(code: .sender, reason: "division by zero", detail: detail)
        }
        let response = OwnDivideResponse()
        response.quotient = divide.a / divide.b
        return response
    }
    .operation("echo", request: OwnEcho.self, response: OwnEchoResponse.self) { echo in
        let response = OwnEchoResponse()
        response.text = echo.text
        return response
    }
    .operation("older", request: OwnOlder.self, response: OwnOlderResponse.self) { older in
        let person = older.person ?? OwnPerson()
        person.name += " (older)"
        let tag = OwnTag()
        tag.value = "older"
        person.tags.append(tag)
        let response = OwnOlderResponse()
        response.person = person
        return response
    }
    .oneWayOperation("notify", request: OwnNotify.self) { notify, _ in
        guard notify.text != "refuse" else { throw SOAPFault.sender("notification refused") }
    }
