import CExpat
import Foundation

/// expat with empty callbacks: the floor every other contender is a ratio of.
///
/// The parser is created like XMLBind's driver creates it (`XML_ParserCreateNS` with the
/// same U+0001 separator, namespace triplets on, parameter entities never parsed) and is
/// handed the whole document in one final `XML_Parse`, as a whole-document XMLBind parse
/// of `Data` hands it. Element and character-data handlers are set, and do nothing.
struct FloorContender: Contender {
    let name = "floor"

    private static let startElement: XML_StartElementHandler = { _, _, _ in }
    private static let endElement: XML_EndElementHandler = { _, _ in }
    private static let characterData: XML_CharacterDataHandler = { _, _, _ in }

    func parse(_ document: Document) throws -> ParseResult {
        guard let parser = XML_ParserCreateNS(nil, XML_Char(0x01)) else {
            throw BenchmarkError("expat could not allocate a parser")
        }
        defer { XML_ParserFree(parser) }
        XML_SetReturnNSTriplet(parser, 1)
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER)
        XML_SetElementHandler(parser, Self.startElement, Self.endElement)
        XML_SetCharacterDataHandler(parser, Self.characterData)

        let failed: Bool = document.bytes.withUnsafeBytes { bytes in
            let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            return XML_Parse(parser, base, Int32(bytes.count), 1) == XML_STATUS_ERROR
        }
        if failed {
            let message = XML_ErrorString(XML_GetErrorCode(parser)).map { String(cString: $0) } ?? "unknown error"
            throw BenchmarkError(
                "expat: \(message) at line \(XML_GetCurrentLineNumber(parser)), "
                    + "column \(XML_GetCurrentColumnNumber(parser))")
        }
        return .bytesOnly(document.bytes.count)
    }
}
