import Foundation
import XMLBind
import XMLBindSOAP

// The test service's operations on lists of values, a struct with nil and lists, and a
// SOAP 1.1 dotted fault code: what a peer reading the WSDL must send and read as we do.

final class SvcSumList: Bindable {
    var values: [Int] = []
    init() {}
}

final class SvcSumListResponse: Bindable {
    var result = 0
    init() {}
}

final class SvcEchoStrings: Bindable {
    var items: [String] = []
    init() {}
}

final class SvcEchoStringsResponse: Bindable {
    var items: [String] = []
    init() {}
}

final class SvcGetPerson: Bindable {
    var name = ""
    init() {}
}

/// The answer of `getPerson`: a nickname that is `nil` is written as `xsi:nil` (a fresh
/// object's is not `nil`).
final class SvcGetPersonResponse: Bindable {
    var name = ""
    var nickname: String? = "unknown"
    var age = 0
    var emails: [String] = []
    var interests: [String] = []
    init() {}
}

final class SvcLogin: Bindable {
    var user = ""
    init() {}
}

final class SvcLoginResponse: Bindable {
    var token = ""
    init() {}
}

extension XMLBinder {
    /// The binder with the list, person and login messages (in the `s:` namespace).
    func registeringListMessages() -> XMLBinder {
        registeredAtSetup(
            mapping(SvcSumList.self, element: "s:sumList").elements(\.values, xml: "values/int"),
            mapping(SvcSumListResponse.self, element: "s:sumListResponse").element(\.result),
            mapping(SvcEchoStrings.self, element: "s:echoStrings").elements(\.items, xml: "items/string"),
            mapping(SvcEchoStringsResponse.self, element: "s:echoStringsResponse")
                .elements(\.items, xml: "items/string"),
            mapping(SvcGetPerson.self, element: "s:getPerson").element(\.name),
            mapping(SvcGetPersonResponse.self, element: "s:getPersonResponse").element(\.name).element(\.nickname)
                .element(\.age).elements(\.emails, xml: "emails/email")
                .elements(\.interests, xml: "interests/string"),
            mapping(SvcLogin.self, element: "s:login").element(\.user),
            mapping(SvcLoginResponse.self, element: "s:loginResponse").element(\.token))
    }
}

extension SOAPService {
    /// The list, person and login operations.
    func withListOperations() -> SOAPService {
        operation("sumList", request: SvcSumList.self, response: SvcSumListResponse.self) { request in
            let response = SvcSumListResponse()
            response.result = request.values.reduce(0, +)
            return response
        }
        .operation("echoStrings", request: SvcEchoStrings.self, response: SvcEchoStringsResponse.self) { request in
            let response = SvcEchoStringsResponse()
            response.items = request.items
            return response
        }
        .operation("getPerson", request: SvcGetPerson.self, response: SvcGetPersonResponse.self) { request in
            let response = SvcGetPersonResponse()
            response.name = request.name
            response.nickname = nil
            response.age = 36
            response.emails = ["ada@example.com", "countess@example.org"]
            response.interests = ["poetry & science", "analytical engines"]
            return response
        }
        .operation("login", request: SvcLogin.self, response: SvcLoginResponse.self) { login in
            // A SOAP 1.1 dotted code: `Client.Authentication` in the 1.1 envelope namespace.
            throw SOAPFault(
                code: .other(
                    SOAPQualifiedName(
                        namespace: SOAPVersion.version1point1.envelopeNamespace, localName: "Client.Authentication")),
                reason: "unknown user \(login.user)")
        }
    }
}
