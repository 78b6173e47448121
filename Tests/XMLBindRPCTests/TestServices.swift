import Foundation
import Synchronization
import XMLBind
import XMLBindRPC

/// `{curly, larry, moe}`, the validator1 suite's struct.
struct Stooges: Bindable, XMLRPCStructConvertible {
    var curly: Int32 = 0
    var larry: Int32 = 0
    var moe: Int32 = 0
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Stooges.self)
        .property(\.curly).required()
        .property(\.larry).required()
        .property(\.moe).required()
}

/// The answer of validator1.countTheEntities.
struct EntityCounts: Bindable, XMLRPCStructConvertible {
    var ctLeftAngleBrackets: Int32 = 0
    var ctRightAngleBrackets: Int32 = 0
    var ctAmpersands: Int32 = 0
    var ctApostrophes: Int32 = 0
    var ctQuotes: Int32 = 0
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(EntityCounts.self)
        .property(\.ctLeftAngleBrackets)
        .property(\.ctRightAngleBrackets)
        .property(\.ctAmpersands)
        .property(\.ctApostrophes)
        .property(\.ctQuotes)
}

/// The answer of validator1.simpleStructReturnTest.
struct Multiples: Bindable, XMLRPCStructConvertible {
    var times10: Int32 = 0
    var times100: Int32 = 0
    var times1000: Int32 = 0
    init() {}

    static let xmlrpcMapping = xmlrpcStruct(Multiples.self)
        .property(\.times10)
        .property(\.times100)
        .property(\.times1000)
}

/// Counts the calls that have arrived at `together`.
final class Together: Sendable {
    private let arrived = Mutex<Int32>(0)
    func arrive() { arrived.withLock { $0 += 1 } }
    var count: Int32 { arrived.withLock { $0 } }
}

enum TestServices {
    /// The classic validator1 suite, plus methods for the interop and fault tests, written
    /// with the public API only.
    static func dispatcher() -> XMLRPCDispatcher {
        var dispatcher = XMLRPCDispatcher()
        dispatcher.register("validator1.arrayOfStructsTest", help: "Sums the curly members.") { (stooges: [Stooges]) in
            stooges.reduce(Int32(0)) { $0 + $1.curly }
        }
        dispatcher.register("validator1.countTheEntities") { (text: String) in
            var counts = EntityCounts()
            for character in text {
                switch character {
                case "<": counts.ctLeftAngleBrackets += 1
                case ">": counts.ctRightAngleBrackets += 1
                case "&": counts.ctAmpersands += 1
                case "'": counts.ctApostrophes += 1
                case "\"": counts.ctQuotes += 1
                default: break
                }
            }
            return counts
        }
        dispatcher.register("validator1.easyStructTest") { (stooges: Stooges) in
            stooges.curly + stooges.larry + stooges.moe
        }
        dispatcher.register("validator1.echoStructTest") { (value: XMLRPCNode) -> XMLRPCNode in value }
        dispatcher.register("validator1.manyTypesTest") {
            (number: Int32, flag: Bool, text: String, double: Double, date: Date, data: Data) -> XMLRPCValue in
            [.int(number), .boolean(flag), .string(text), .double(double), .dateTime(date), .base64(data)]
        }
        dispatcher.register("validator1.moderateSizeArrayCheck") { (texts: [String]) in
            (texts.first ?? "") + (texts.last ?? "")
        }
        dispatcher.register("validator1.nestedStructTest") { (calendar: [String: [String: [String: Stooges]]]) in
            guard let day = calendar["2000"]?["04"]?["01"] else {
                throw XMLRPCError.fault(code: 3, "no entry for 2000-04-01")
            }
            return day.curly + day.larry + day.moe
        }
        dispatcher.register("validator1.simpleStructReturnTest") { (number: Int32) in
            var multiples = Multiples()
            multiples.times10 = number * 10
            multiples.times100 = number * 100
            multiples.times1000 = number * 1000
            return multiples
        }
        dispatcher.register("echo", help: "Returns its parameter.") { (value: XMLRPCValue) in value }
        dispatcher.register("add") { (a: Int32, b: Int32) in a &+ b }
        dispatcher.register("wide") { (a: Int64) in a * 4 }
        dispatcher.register("carriageReturn") { () in "a\rb\r\n" }
        dispatcher.register("fail") { (code: Int32, message: String) -> Bool in
            throw XMLRPCError.fault(code: Int(code), message)
        }
        dispatcher.register("crash") { () -> Bool in throw CocoaError(.fileNoSuchFile) }
        // Waits until `count` calls are in it at once (up to 20 s): true when they were.
        let together = Together()
        dispatcher.register("together") { (count: Int32) in
            together.arrive()
            for _ in 0..<2000 where together.count < count {
                try await Task.sleep(for: .milliseconds(10))
            }
            return together.count >= count
        }
        dispatcher.register("slow") { (milliseconds: Int32) in
            try await Task.sleep(for: .milliseconds(Int(milliseconds)))
            return true
        }
        dispatcher.register(
            "count", signatures: [["int", "array"]],
            raw: { parameters in
                .int(Int32(parameters.count))
            })
        return dispatcher
    }
}
