/// How the writer uses the ``OutputEncoder``: made from ``WritingOptions/encoding``, with
/// its refusals as ``XMLBindError``s.
extension OutputEncoder {
    /// The encoder for the options' encoding, or `nil` for UTF-8 (written as it is).
    ///
    /// - Throws: ``XMLBindError/Code/invalidEncoding`` for a name no encoding has, or one
    ///   iconv cannot write.
    static func make(for options: WritingOptions) throws(XMLBindError) -> OutputEncoder? {
        guard let iconvName = iconvName(for: options.encoding) else {
            throw XMLBindError(
                code: .invalidEncoding, message: "unknown encoding '\(options.encoding)' (WritingOptions.encoding)")
        }
        guard let iconvName else { return nil }
        guard let encoder = OutputEncoder(iconvName: iconvName, name: options.encoding) else {
            throw XMLBindError(
                code: .invalidEncoding,
                message: "iconv cannot write encoding '\(options.encoding)' (WritingOptions.encoding)")
        }
        return encoder
    }

    /// Encodes the next piece of the document, with an unwritable name as an error.
    func encodeDocument(_ utf8: UnsafeRawBufferPointer, isFinal: Bool) throws(XMLBindError) -> [UInt8] {
        do {
            return try encode(utf8, isFinal: isFinal)
        } catch {
            let code = "U+" + String(error.character.value, radix: 16, uppercase: true).leftPadded(to: 4)
            throw XMLBindError(
                code: .invalidCharacter,
                message:
                    "the name '\(error.name)…' cannot be written in \(name): it has '\(error.character)' (\(code)), "
                    + "which the encoding lacks, and a name cannot hold a character reference")
        }
    }

    /// Whether the options write UTF-8 (the serializer's own output, as it is).
    static func writesUTF8(_ options: WritingOptions) -> Bool {
        iconvName(for: options.encoding) == .some(nil)
    }

    /// Encodes a whole document.
    func encodeDocument(_ utf8: [UInt8]) throws(XMLBindError) -> [UInt8] {
        var result: Result<[UInt8], XMLBindError> = .success([])
        utf8.withUnsafeBytes { bytes in
            do throws(XMLBindError) {
                result = .success(try encodeDocument(bytes, isFinal: true))
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Encodes a whole document the writer stored, into storage of its own.
    func encodeStorage(_ storage: DocumentStorage) throws(XMLBindError) -> DocumentStorage {
        let encoded = try encodeDocument([UInt8](storage.takeData()))
        let result = DocumentStorage(reservingCapacity: encoded.count)
        result.append(encoded)
        if result.failed {
            throw XMLBindError(code: .io, message: "cannot write the document: \(DocumentStorage.OutOfMemory())")
        }
        return result
    }

    /// Decodes a document this encoder wrote back to text (for ``XMLBinder/xml(from:options:)``).
    static func text(of storage: DocumentStorage, options: WritingOptions) -> String {
        text(of: [UInt8](storage.takeData()), options: options)
    }

    /// Decodes a document this encoder wrote back to text.
    static func text(of bytes: [UInt8], options: WritingOptions) -> String {
        guard let iconvName = iconvName(for: options.encoding) ?? nil,
            let converter = Iconv(from: iconvName, to: "UTF-8")
        else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        _ = bytes.withUnsafeBytes { converter.convert($0, into: &output) }
        let text = String(decoding: output, as: UTF8.self)
        // iconv reads a UTF-16 or UTF-32 byte order mark as U+FEFF: not part of the text.
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
