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

// Invariants (the expat room, see Engine/UncheckedLayer.swift): the pointer is a
// NUL-terminated string expat handed to the current callback (an attribute name or
// value); the view is valid only until that callback returns, and is never stored.

/// A NUL-terminated string from expat as a view of its bytes (UTF-8, as expat reports it).
enum ExpatString {
    /// The bytes before the terminating NUL.
    @inline(__always)
    static func bytes(_ text: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start(text), count: strlen(text))
    }

    /// The first byte, as a byte pointer.
    @inline(__always)
    static func start(_ text: UnsafePointer<CChar>) -> UnsafePointer<UInt8> {
        UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    }
}
