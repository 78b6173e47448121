#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (the expat room, see Engine/UncheckedLayer.swift):
// - `cString` is a NUL-terminated string expat handed to the current callback (an element or
//   attribute name, `uri SEP local SEP prefix`, or an attribute value), valid only until that
//   callback returns.
// - A view is made by the driver's handler and passed down the engine's calls for that one
//   event; nothing stores it past the event, and nothing writes through it.

/// A NUL-terminated string expat lends for one callback: an element's or attribute's name,
/// or an attribute's value.
///
/// A plain wrapper of expat's pointer (same size, passed in a register), so that the
/// engine's event paths name what they hand on rather than a pointer type.
struct ExpatName {
    /// expat's bytes, NUL-terminated.
    let cString: UnsafePointer<CChar>

    @inline(__always)
    init(_ cString: UnsafePointer<CChar>) { self.cString = cString }

    /// The number of bytes before the NUL.
    var length: Int {
        @inline(__always) get { strlen(cString) }
    }

    /// The bytes before the NUL, as a view valid for the callback.
    var bytes: UnsafeBufferPointer<UInt8> {
        @inline(__always) get { ExpatString.bytes(cString) }
    }

    /// The first byte, as a byte pointer (for the tables that compare names in place).
    var start: UnsafePointer<UInt8> {
        @inline(__always) get { ExpatString.start(cString) }
    }

    /// The text copied into a `String` (an attribute's value in a message, a hint's value).
    var string: String { String(cString: cString) }
}

/// expat's attribute array for one start tag (name, value, …, nil; `nil` for none), lent
/// for the callback that delivers the tag.
struct ExpatAttributes {
    /// expat's array, or `nil` when there is none.
    let array: UnsafeMutablePointer<UnsafePointer<CChar>?>?

    @inline(__always)
    init(_ array: UnsafeMutablePointer<UnsafePointer<CChar>?>?) { self.array = array }

    /// Whether the tag has no attributes (namespace declarations are not in the array).
    var isEmpty: Bool {
        @inline(__always) get { array?[0] == nil }
    }

    /// The string at `index` of the array: names at even indices, values at odd ones, `nil`
    /// at the end (an index past the end is never asked for: the loops stop at the first
    /// `nil`, and a name is always followed by its value).
    @inline(__always)
    subscript(index: Int) -> ExpatName? {
        guard let array, let string = array[index] else { return nil }
        return ExpatName(string)
    }

    /// The attributes made into values, for diagnostics and callbacks (see
    /// ``ExpandedName/attributes(_:)``).
    var made: [XMLAttribute] { ExpandedName.attributes(array) }
}

/// A run of character data expat lends for one callback (not NUL-terminated).
struct ExpatText {
    /// The run's first byte.
    let start: UnsafePointer<UInt8>
    /// The run's length in bytes.
    let count: Int

    @inline(__always)
    init(_ start: UnsafePointer<UInt8>, count: Int) {
        self.start = start
        self.count = count
    }
}
