import Foundation
import XMLBind
import XMLBindSOAP

// The spyne peer's messages (Peers/spyne_peer.py), document/literal wrapped in its namespace.

let peerNamespace = "urn:xmlbind:test:peer"

final class PeerAdd: Bindable {
    var a = 0
    var b = 0
    init() {}
    init(_ a: Int, _ b: Int) {
        self.a = a
        self.b = b
    }
}

final class PeerAddResponse: Bindable {
    var addResult = 0
    init() {}
}

final class Echo: Bindable {
    var text: String?
    init() {}
    init(_ text: String?) { self.text = text }
}

final class EchoResponse: Bindable {
    var echoResult: String?
    init() {}
}

/// One `<string>` of a spyne `Array(Unicode)`.
final class PeerString: Bindable {
    var value = ""
    init() {}
    init(_ value: String) { self.value = value }
}

/// The `tags` wrapper of a person.
final class Tags: Bindable {
    var items: [PeerString] = []
    init() {}
    init(_ values: [String]) { items = values.map(PeerString.init) }
}

final class Person: Bindable {
    var name: String?
    var birthday: Date?
    var tags: Tags?
    init() {}
}

final class Older: Bindable {
    var person: Person?
    init() {}
}

final class OlderResponse: Bindable {
    var olderResult: Person?
    init() {}
}

final class Reverse: Bindable {
    var items: ReverseItems?
    init() {}
}

final class ReverseItems: Bindable {
    var items: [PeerString] = []
    init() {}
}

final class ReverseResponse: Bindable {
    var result: ReverseResult?
    init() {}
}

final class ReverseResult: Bindable {
    var items: [PeerString] = []
    init() {}
}

final class Fail: Bindable {
    var kind = ""
    var operand = 0
    init() {}
}

final class FailResponse: Bindable {
    var failResult = 0
    init() {}
}

/// spyne writes a fault's detail dictionary as elements in no namespace.
final class PeerMathError: Bindable {
    var message = ""
    var operand = 0
    init() {}
}

let dayConversion = Conversion<Date>.date(format: "yyyy-MM-dd")

let peerBinder = XMLBinder(prefixes: ["p": peerNamespace]).registeredAtSetup(
    mapping(PeerAdd.self, element: "p:add").element(\.a).element(\.b),
    mapping(PeerAddResponse.self, element: "p:addResponse").element(\.addResult),
    mapping(Echo.self, element: "p:echo").element(\.text),
    mapping(EchoResponse.self, element: "p:echoResponse").element(\.echoResult),
    mapping(PeerString.self, element: "p:string").text(\.value),
    mapping(Tags.self, element: "p:tags").children(\.items),
    // Registered under the response's element first: a type's last mapping writes it.
    mapping(Person.self, element: "p:olderResult").element(\.name).element(\.birthday, conversion: dayConversion)
        .child(\.tags),
    mapping(Person.self, element: "p:person").element(\.name).element(\.birthday, conversion: dayConversion)
        .child(\.tags),
    mapping(Older.self, element: "p:older").child(\.person),
    mapping(OlderResponse.self, element: "p:olderResponse").child(\.olderResult),
    mapping(ReverseItems.self, element: "p:items").children(\.items),
    mapping(Reverse.self, element: "p:reverse").child(\.items),
    mapping(ReverseResult.self, element: "p:reverseResult").children(\.items),
    mapping(ReverseResponse.self, element: "p:reverseResponse").child(\.result),
    mapping(Fail.self, element: "p:fail").element(\.kind).element(\.operand),
    mapping(FailResponse.self, element: "p:failResponse").element(\.failResult),
    mapping(PeerMathError.self, element: "mathError", namespace: "").element(\.message).element(\.operand)
)
