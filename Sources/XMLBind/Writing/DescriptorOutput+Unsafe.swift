#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants:
// - `systemWrite` hands `write(2)` a pointer into the caller's buffer (a view lent for the
//   call, `DescriptorOutput.write(_:)`'s) and a count that stays inside it; the kernel only
//   reads it, and no pointer outlives the call.

/// POSIX `write(2)` under a name of its own: inside `DescriptorOutput`, `write` means its own.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
