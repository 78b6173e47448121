import Foundation
import Testing
import XMLBind
import XMLBindSOAP
import XMLBindTestSupport

/// Our client against a real spyne 2.14 service (Peers/spyne_peer.py), in both versions.
@Suite("Client against spyne")
struct SpyneInteropTests {
    @Test(arguments: SOAPVersion.allCases)
    func clientAgainstSpyne(version: SOAPVersion) async throws {
        let peer = try await PeerProcess.start(script: "spyne_peer.py")
        defer { peer.stop() }
        let path = version == .version1point1 ? "soap11" : "soap12"
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(peer.firstLine)/\(path)"))
        let client = SOAPClient(endpoint: endpoint, version: version, binder: peerBinder, timeout: 20)

        let sum = try await client.call(action: "add", body: PeerAdd(2, -7), as: PeerAddResponse.self)
        #expect(sum.addResult == -5)

        for text in ["Grüße, 世界 🎉", "a < b && c > \"d\" 'e'", "line\r\nbreak\rreturn", "  spaced  "] {
            let echoed = try await client.call(action: "echo", body: Echo(text), as: EchoResponse.self)
            #expect(echoed.echoResult == text)
        }
        let empty = try await client.call(action: "echo", body: Echo(""), as: EchoResponse.self)
        #expect(empty.echoResult == "")
        let none = try await client.call(action: "echo", body: Echo(nil), as: EchoResponse.self)
        #expect(none.echoResult == nil)

        let person = Person()
        person.name = "Zoë"
        person.birthday = try dayConversion.parse("2000-02-28")
        person.tags = Tags(["a", "b & c"])
        let request = Older()
        request.person = person
        let older = try await client.call(action: "older", body: request, as: OlderResponse.self)
        let result = try #require(older.olderResult)
        #expect(result.name == "Zoë (older)")
        #expect(result.birthday.map(dayConversion.format) == "2000-02-29")
        #expect(result.tags?.items.map(\.value) == ["a", "b & c", "older"])

        let reverse = Reverse()
        reverse.items = ReverseItems()
        reverse.items?.items = ["x", "y", "z"].map(PeerString.init)
        let reversed = try await client.call(action: "reverse", body: reverse, as: ReverseResponse.self)
        #expect(reversed.result?.items.map(\.value) == ["z", "y", "x"])
        let emptyReverse = Reverse()
        emptyReverse.items = ReverseItems()
        let nothing = try await client.call(action: "reverse", body: emptyReverse, as: ReverseResponse.self)
        #expect(nothing.result?.items.map(\.value) ?? [] == [])

        let clientFault = Fail()
        clientFault.kind = "client"
        clientFault.operand = 3
        let sender = try await #require(throws: SOAPFault.self) {
            _ = try await client.call(action: "fail", body: clientFault, as: FailResponse.self)
        }
        #expect(sender.code == .sender)
        #expect(sender.reason == "division by zero")
        #expect(sender.detail(as: PeerMathError.self)?.message == "cannot divide 3 by zero")
        #expect(sender.detail(as: PeerMathError.self)?.operand == 3)
        if version == .version1point1 {
            #expect(sender.codeName?.localName == "Client.DivideByZero")
        } else {
            #expect(sender.subcodes == [SOAPQualifiedName(namespace: nil, localName: "DivideByZero")])
        }

        let serverFault = Fail()
        serverFault.kind = "server"
        let receiver = try await #require(throws: SOAPFault.self) {
            _ = try await client.call(action: "fail", body: serverFault, as: FailResponse.self)
        }
        #expect(receiver.code == .receiver)
        #expect(receiver.reason == "the server broke")
        #expect((version == .version1point1 ? receiver.node : receiver.role) == "urn:peer")
    }
}
