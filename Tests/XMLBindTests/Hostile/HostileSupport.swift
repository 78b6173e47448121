import Foundation
import Testing
import XMLBindTestSupport

@testable import XMLBind

/// What the hostile-input suites bind: any element `r`, `a` or `b`, with its attributes and text.
final class HostileNode: Bindable, XMLAttributeContainer, Ancestor, OriginAware {
    var origin: Origin?
    var text: String?
    var attributes: [String: String] = [:]
    var children: [HostileNode] = []
    init() {}
    func addAttribute(_ name: String, value: String) { attributes[name] = value }
    func addChild(_ child: Any) { if let node = child as? HostileNode { children.append(node) } }
}

enum Hostile {
    /// A lenient binder (unknown elements are skipped), so that every refusal is the driver's.
    static func binder(_ limits: ParseLimits = ParseLimits()) -> XMLBinder {
        XMLBinder(options: ParseOptions(mode: .lenient, limits: limits)).registeredAtSetup(
            mapping(HostileNode.self, element: "r").text(\.text),
            mapping(HostileNode.self, element: "a").text(\.text),
            mapping(HostileNode.self, element: "b").text(\.text))
    }

    static let standard = binder()

    /// The code a parse fails with, or `nil` when it succeeds.
    static func code(of data: Data, binder: XMLBinder = standard) -> XMLBindError.Code? {
        do {
            _ = try binder.parse(data, as: Any?.self, file: "hostile.xml")
            return nil
        } catch {
            return (error as? XMLBindError)?.code
        }
    }

    /// Runs `body` on a new thread with a 512 KiB stack (or `stackSize` bytes) and waits
    /// for it: a parse that recursed with the input would overflow it and crash the test run.
    static func onSmallStack<T: Sendable>(stackSize: Int = 512 << 10, _ body: @escaping @Sendable () -> T) -> T {
        onStack(of: stackSize, body)
    }

    /// Asserts that the document is refused with `code`, on this thread and on a small stack.
    static func expectRefused(
        _ data: Data, _ code: XMLBindError.Code, binder: XMLBinder = standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Self.code(of: data, binder: binder) == code, sourceLocation: sourceLocation)
        let onThread = onSmallStack { Self.code(of: data, binder: binder) }
        #expect(onThread == code, "on a 512 KiB stack", sourceLocation: sourceLocation)
    }

    /// The error a parse fails with, printed as a user sees it.
    static func printed(_ text: String, binder: XMLBinder = standard) -> String? {
        do {
            _ = try binder.parse(Data(text.utf8), as: Any?.self, file: "hostile.xml")
            return nil
        } catch {
            return String(describing: error)
        }
    }
}

extension Data {
    /// UTF-8 bytes of a string.
    init(utf8 text: String) { self.init(text.utf8) }

    /// `count` copies of a string's UTF-8 bytes.
    init(repeating text: String, count: Int) {
        // Doubling keeps this fast in debug builds, even for tens of megabytes.
        let unit = Data(text.utf8)
        var data = Data()
        data.reserveCapacity(unit.count * count)
        var block = unit
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { data.append(block) }
            remaining >>= 1
            if remaining > 0 { block.append(block) }
        }
        self = data
    }

    /// UTF-16 little-endian bytes of code units, with a byte order mark.
    static func utf16LittleEndian(_ units: [UInt16]) -> Data {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in units { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return Data(bytes)
    }

    /// UTF-16 big-endian bytes of code units, with a byte order mark.
    static func utf16BigEndian(_ units: [UInt16]) -> Data {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in units { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return Data(bytes)
    }
}

/// One hostile document and the code it must be refused with.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var name: String
    var code: XMLBindError.Code
    var limits = ParseLimits()
    var document: @Sendable () -> Data

    init(
        _ name: String, _ code: XMLBindError.Code, limits: ParseLimits = ParseLimits(),
        _ document: @escaping @Sendable () -> Data
    ) {
        self.name = name
        self.code = code
        self.limits = limits
        self.document = document
    }

    var testDescription: String { name }

    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        let binder = limits == ParseLimits() ? Hostile.standard : Hostile.binder(limits)
        Hostile.expectRefused(document(), code, binder: binder, sourceLocation: sourceLocation)
    }
}
