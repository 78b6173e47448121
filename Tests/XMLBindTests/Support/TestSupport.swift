import Foundation
import Testing

@testable import XMLBind

// Helpers shared by the suites. (A separate test-support target would need a change to
// Package.swift; one file in the test target serves until there is more to share.)

/// What binding one value produced: the value's description, or the error's message.
enum Outcome: Sendable, Equatable, CustomStringConvertible {
    case value(String)
    case failure(String)

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .failure(let message): "failure \(message)"
        }
    }
}

/// A struct with one optional property of any type, for conversion tests.
struct Holder<V>: Bindable {
    var value: V?
    init() {}
}

/// A struct with one non-optional property, for conversion tests of the non-optional forms.
struct Plain<V: XMLValueConvertible>: Bindable {
    var value: V = V.placeholder
    init() {}
}

extension XMLValueConvertible {
    /// Any value of the type: `Plain` needs one before the document sets the real one.
    fileprivate static var placeholder: Self {
        // Every built-in conversion reads one of these texts.
        for text in ["0", "AA==", "2000-01-01", "00000000-0000-0000-0000-000000000000"] {
            if let value = try? xmlConversion.parse(text) { return value }
        }
        fatalError("no placeholder for \(Self.self)")
    }
}

/// Binds `text` as the content of `<v><value>…</value></v>` into a `V?` property with the
/// built-in conversion of `V`.
func bindElement<V: XMLValueConvertible>(
    _ text: String, as type: V.Type, describe: (V) -> String = { String(describing: $0) }
) -> Outcome {
    bindElement(text, conversion: V.xmlConversion, describe: describe)
}

/// Binds `text` as the content of `<v><value>…</value></v>` into a `V?` property with
/// the given conversion.
func bindElement<V>(
    _ text: String, conversion: Conversion<V>, describe: (V) -> String = { String(describing: $0) }
) -> Outcome {
    let binder = XMLBinder().registeredAtSetup(
        mapping(Holder<V>.self, element: "v").element(\.value, conversion: conversion))
    do {
        let holder = try binder.parse("<v><value>\(escaped(text))</value></v>", as: Holder<V>.self)
        return .value(holder.value.map(describe) ?? "nil")
    } catch {
        return .failure((error as? XMLBindError)?.message ?? "\(error)")
    }
}

/// Binds `text` as the attribute `value="…"` of `<v>` into a non-optional `V` property.
func bindAttribute<V: XMLValueConvertible>(_ text: String, as type: V.Type) -> Outcome {
    let binder = XMLBinder().registeredAtSetup(mapping(Plain<V>.self, element: "v").attribute(\.value))
    do {
        let plain = try binder.parse("<v value=\"\(escaped(text))\"/>", as: Plain<V>.self)
        return .value(String(describing: plain.value))
    } catch {
        return .failure((error as? XMLBindError)?.message ?? "\(error)")
    }
}

/// The text with `&`, `<`, `>` and `"` escaped, so it reads back as itself.
func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;")
        .replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
        .replacingOccurrences(of: "\"", with: "&quot;")
}

/// The error a throwing parse produced, recorded as a test issue when it did not throw.
func bindError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> XMLBindError? {
    do {
        try body()
        Issue.record("expected an XMLBindError, but the parse succeeded", sourceLocation: sourceLocation)
    } catch let error as XMLBindError {
        return error
    } catch {
        Issue.record("expected an XMLBindError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The bytes of `text` as chunks of `size` bytes (the last one may be shorter).
func chunks(of text: String, size: Int) -> [Data] {
    let bytes = Array(text.utf8)
    return stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
}
