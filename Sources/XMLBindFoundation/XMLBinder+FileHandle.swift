import Foundation
import XMLBind

// The `FileHandle` forms of XMLBind's calls. They live here, not in XMLBind, because
// `FileHandle` is in Foundation, which loads ICU at start-up; XMLBind itself needs only
// FoundationEssentials, and has the same calls on a file descriptor.

extension XMLBinder {
    /// Binds a document read from a file handle (a pipe, a socket, standard input), from
    /// its current position to its end in `ParseOptions.chunkSize` pieces, and
    /// returns its root object as the requested type.
    ///
    /// The bytes read are kept until the parse ends, for the diagnostics' excerpts. The
    /// handle is not closed. The same as
    /// XMLBind's `parse(fileDescriptor:as:file:warnings:recordingSubstitutionsIn:)`
    /// with the handle's descriptor.
    ///
    /// - Parameters:
    ///   - handle: Where to read from.
    ///   - type: The type the root element must bind to.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - record: Receives the original text of every substituted value.
    /// - Returns: The root element's object.
    /// - Throws: `XMLBindError` with every problem found, with code
    ///   `XMLBindError.Code.io` when the handle cannot be read.
    public func parse<T>(
        _ handle: FileHandle, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        recordingSubstitutionsIn record: SubstitutionRecord? = nil
    ) throws -> T {
        try parse(
            fileDescriptor: handle.fileDescriptor, as: type, file: file, warnings: warnings,
            recordingSubstitutionsIn: record)
    }

    /// Streams every object of a type from a file handle (a pipe, a socket, standard
    /// input), read from its current position to its end in chunks of up to
    /// `ParseOptions.chunkSize` bytes.
    ///
    /// The input cannot be read twice, so the stream keeps its most recent 256 KiB or more
    /// for diagnostics: a problem whose place has left that window is reported with its
    /// line and column but without the source line. The handle is not closed. The same as
    /// XMLBind's `stream(fileDescriptor:as:file:warnings:_:)` with the handle's
    /// descriptor.
    ///
    /// - Parameters:
    ///   - handle: Where to read from.
    ///   - type: The type to stream.
    ///   - file: A name for origins and diagnostics.
    ///   - warnings: Receives the parse's warnings, in document order.
    ///   - body: Receives each object; returns `StreamAction.continue` or
    ///     `StreamAction.stop`.
    /// - Throws: `XMLBindError` with every problem found, or what `body` throws.
    public func stream<T>(
        _ handle: FileHandle, as type: T.Type, file: String? = nil, warnings: WarningLog? = nil,
        _ body: (T) throws -> StreamAction
    ) throws {
        try stream(fileDescriptor: handle.fileDescriptor, as: type, file: file, warnings: warnings, body)
    }

    /// Writes an object as an XML document to a file handle, in pieces as it is written
    /// (never whole in memory).
    ///
    /// The handle is left open. On an error, what was written before it stays written:
    /// a reader of the handle (or of the file, after a crash) sees a prefix of the
    /// document. A pipe whose reader has gone away is an error, not a `SIGPIPE` that
    /// ends the process. The same as
    /// XMLBind's `write(_:toFileDescriptor:options:)` with the handle's descriptor.
    ///
    /// - Parameters:
    ///   - object: The root object: an instance of a registered type.
    ///   - fileHandle: A handle open for writing: a file, a pipe, standard output.
    ///   - options: Layout, declaration, defaults, prefixes and the form of `.property`.
    /// - Throws: `XMLBindError`, as XMLBind's `xml(from:options:)` does,
    ///   or with code `XMLBindError.Code.io` when writing to the handle fails.
    public func write(_ object: Any, to fileHandle: FileHandle, options: WritingOptions = WritingOptions()) throws {
        try write(object, toFileDescriptor: fileHandle.fileDescriptor, options: options)
    }
}
