import Foundation
import XMLBind
import XMLBindSOAP

// The service the zeep client and the transport-free tests call: the calculator's add,
// and echo, a struct with a date and a list, a list in and out, and faults with detail.

let serviceNamespace = "urn:xmlbind:test:service"

final class SvcEcho: Bindable {
    var text: String?
    init() {}
}

final class SvcEchoResponse: Bindable {
    var result: String?
    init() {}
}

final class SvcTag: Bindable {
    var value = ""
    init() {}
    init(_ value: String) { self.value = value }
}

final class SvcPerson: Bindable {
    var name = ""
    var birthday = Date(timeIntervalSince1970: 0)
    var tags: [SvcTag] = []
    init() {}
}

final class SvcOlder: Bindable {
    var person: SvcPerson?
    init() {}
}

final class SvcOlderResponse: Bindable {
    var person: SvcPerson?
    init() {}
}

final class SvcReverse: Bindable {
    var tags: [SvcTag] = []
    init() {}
}

final class SvcReverseResponse: Bindable {
    var tags: [SvcTag] = []
    init() {}
}

final class SvcDivide: Bindable {
    var a = 0
    var b = 0
    init() {}
}

final class SvcDivideResponse: Bindable {
    var result = 0
    init() {}
}

final class SvcDivideError: Bindable {
    var dividend = 0
    var note = ""
    init() {}
}

/// A header block the service handles.
final class SvcTrace: Bindable {
    var id = ""
    init() {}
}

let serviceBinder = XMLBinder(prefixes: ["s": serviceNamespace]).registeredAtSetup(
    mapping(SvcEcho.self, element: "s:echo").element(\.text),
    mapping(SvcEchoResponse.self, element: "s:echoResponse").element(\.result),
    mapping(SvcTag.self, element: "s:tag").text(\.value),
    mapping(SvcPerson.self, element: "s:person").element(\.name)
        .element(\.birthday, conversion: dayConversion).children(\.tags),
    mapping(SvcOlder.self, element: "s:older").child(\.person),
    mapping(SvcOlderResponse.self, element: "s:olderResponse").child(\.person),
    mapping(SvcReverse.self, element: "s:reverse").children(\.tags),
    mapping(SvcReverseResponse.self, element: "s:reverseResponse").children(\.tags),
    mapping(SvcDivide.self, element: "s:divide").element(\.a).element(\.b),
    mapping(SvcDivideResponse.self, element: "s:divideResponse").element(\.result),
    mapping(SvcDivideError.self, element: "s:divideError").element(\.dividend).element(\.note),
    mapping(SvcTrace.self, element: "s:trace").element(\.id),
    mapping(Add.self, element: "add", namespace: calcNamespace).element(\.a).element(\.b),
    mapping(AddResponse.self, element: "addResponse", namespace: calcNamespace).element(\.result)
)
.registeringListMessages()

/// Errors an operation throws that are not faults: the service answers Server/Receiver.
struct Overflow: Error, CustomStringConvertible {
    var description: String { "the sum does not fit" }
}

let testService = SOAPService(name: "TestService", namespace: serviceNamespace, binder: serviceBinder)
    .operation("add", request: Add.self, response: AddResponse.self) { add in
        let (sum, overflow) = add.a.addingReportingOverflow(add.b)
        if overflow { throw Overflow() }
        let response = AddResponse()
        response.result = sum
        return response
    }
    .operation("echo", request: SvcEcho.self, response: SvcEchoResponse.self) { echo in
        let response = SvcEchoResponse()
        response.result = echo.text
        return response
    }
    .operation("older", request: SvcOlder.self, response: SvcOlderResponse.self) { older in
        let person = older.person ?? SvcPerson()
        person.name += " (older)"
        person.birthday += 86_400
        person.tags.append(SvcTag("older"))
        let response = SvcOlderResponse()
        response.person = person
        return response
    }
    .operation("reverse", request: SvcReverse.self, response: SvcReverseResponse.self) { reverse in
        let response = SvcReverseResponse()
        response.tags = reverse.tags.reversed()
        return response
    }
    .operation("divide", request: SvcDivide.self, response: SvcDivideResponse.self, faults: [SvcDivideError.self]) {
        divide, context in
        guard divide.b != 0 else {
            let detail = SvcDivideError()
            detail.dividend = divide.a
            detail.note = "traced as " + context.headers(of: SvcTrace.self).map(\.id).joined(separator: ",")
            throw SOAPFault(
                code: .sender, reason: "division by zero",
                subcodes: [SOAPQualifiedName(namespace: serviceNamespace, localName: "DivideByZero")], detail: detail)
        }
        let response = SvcDivideResponse()
        response.result = divide.a / divide.b
        return response
    }
    .withListOperations()
    .schemaType(.date, for: \SvcPerson.birthday)
