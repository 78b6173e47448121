import Foundation
import Testing

@testable import XMLBind

/// `WritingOptions.encoding`: characters the encoding lacks are character references in
/// text and values, and an error in names; streamed output splits nothing.
@Suite struct EncodedWritingTests {
    static let binder = EncodingCase("UTF-8", "UTF-8", "", name: "p").writableBinder

    static func node(_ text: String) throws -> EncodedNote {
        let root = EncodedNote()
        root.title = text
        root.body = text
        return root
    }

    @Test func charactersTheEncodingLacksBecomeReferences() async throws {
        let root = try Self.node("Grüße, Привет 日本")
        let options = WritingOptions(layout: .compact, encoding: "ISO-8859-1")
        let data = try Self.binder.xmlData(from: root, options: options)
        let text = try await SystemIconv.decode(data, from: "ISO-8859-1")
        #expect(
            text
                == "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r a=\"Grüße, &#x41F;&#x440;&#x438;&#x432;&#x435;"
                + "&#x442; &#x65E5;&#x672C;\"><b>Grüße, &#x41F;&#x440;&#x438;&#x432;&#x435;&#x442; &#x65E5;&#x672C;"
                + "</b></r>")
        let again = try Self.binder.parse(data, as: EncodedNote.self)
        #expect(again.title == "Grüße, Привет 日本")
        #expect(again.body == "Grüße, Привет 日本")
        // xml(from:) gives the text of that document.
        #expect(try Self.binder.xml(from: root, options: options) == text)
    }

    @Test func aNameTheEncodingLacksIsAnError() throws {
        let binder = EncodingCase("UTF-8", "UTF-8", "", name: "名前").writableBinder
        let root = try binder.parse("<r><名前>x</名前></r>", as: EncodedNote.self)
        #expect(throws: XMLBindError.self) {
            try binder.xmlData(from: root, options: WritingOptions(encoding: "ISO-8859-1"))
        }
        do {
            _ = try binder.xmlData(from: root, options: WritingOptions(encoding: "windows-1251"))
            Issue.record("written")
        } catch let error as XMLBindError {
            #expect(error.code == .invalidCharacter)
            #expect(
                error.message
                    == "the name '名…' cannot be written in windows-1251: it has '名' (U+540D), which the encoding "
                    + "lacks, and a name cannot hold a character reference")
        }
        // Shift_JIS has it.
        let data = try binder.xmlData(from: root, options: WritingOptions(encoding: "Shift_JIS"))
        let again = try binder.parse(data, as: EncodedNote.self)
        #expect(again.parts.first?.text == "x")
    }

    @Test func anUnknownEncodingIsAnError() throws {
        let root = try Self.node("x")
        do {
            _ = try Self.binder.xmlData(from: root, options: WritingOptions(encoding: "x-klingon"))
            Issue.record("written")
        } catch let error as XMLBindError {
            #expect(error.code == .invalidEncoding)
            #expect(error.message == "unknown encoding 'x-klingon' (WritingOptions.encoding)")
        }
    }

    @Test(arguments: ["Shift_JIS", "ISO-2022-JP", "UTF-16", "GB18030", "KOI8-R"])
    func streamedOutputInTinyPiecesIsTheSame(_ encoding: String) throws {
        let root = try Self.node("日本語 Привет 😀")
        let options = WritingOptions(encoding: encoding)
        let whole = try Self.binder.xmlData(from: root, options: options)
        var pieces = Data()
        try Self.binder.write(root, options: options, flushThreshold: 1) { pieces.append(contentsOf: $0) }
        #expect(pieces == whole)
        let again = try Self.binder.parse(whole, as: EncodedNote.self)
        #expect(again.title == root.title)
        #expect(again.body == root.body)
    }
}
