import Foundation
import Testing

@testable import XMLBind

/// `XMLWriter.takeData()`: the written bytes handed over as `Data`, alive after the writer
/// is gone, and the writer empty and usable afterwards.
@Suite struct XMLWriterHandoverTests {
    /// A writer's document, written in pieces.
    static func written(_ pieces: [String], capacity: Int) throws -> XMLWriter {
        var writer = XMLWriter(reservingCapacity: capacity)
        for piece in pieces {
            writer.raw("<a>")
            try writer.text(piece)
            writer.raw("</a>")
        }
        return writer
    }

    @Test func theDataHoldsTheBufferBytes() throws {
        var writer = try Self.written(["x & y", "é\r", "<z>"], capacity: 64)
        let expected = writer.buffer
        let data = writer.takeData()
        #expect(Array(data) == expected)
        #expect(String(decoding: data, as: UTF8.self) == "<a>x &amp; y</a><a>é&#13;</a><a>&lt;z&gt;</a>")
    }

    @Test func theDataOutlivesTheWriter() throws {
        let data: Data = try {
            var writer = try Self.written(Array(repeating: "value", count: 1_000), capacity: 16)
            return writer.takeData()
        }()
        #expect(data.count == 1_000 * "<a>value</a>".utf8.count)
        #expect(data.prefix(12) == Data("<a>value</a>".utf8))
        #expect(data.suffix(12) == Data("<a>value</a>".utf8))
    }

    @Test func theWriterIsEmptyAfterwardsAndWritesAgain() throws {
        var writer = try Self.written(["first"], capacity: 32)
        let first = writer.takeData()
        #expect(writer.count == 0)
        writer.raw("<b/>")
        let second = writer.takeData()
        #expect(String(decoding: first, as: UTF8.self) == "<a>first</a>")
        #expect(String(decoding: second, as: UTF8.self) == "<b/>")
    }

    @Test func anEmptyWriterGivesEmptyData() {
        var writer = XMLWriter(reservingCapacity: 1 << 10)
        #expect(writer.takeData().isEmpty)
        var unreserved = XMLWriter(reservingCapacity: 0)
        #expect(unreserved.takeData().isEmpty)
    }

    @Test func aLargeDocumentPastItsReservationIsHandedOverWhole() throws {
        // 16 MB written into a buffer reserved for 1 KB: grown many times, then handed over.
        let piece = String(repeating: "0123456789abcdef", count: 64)  // 1 KB
        var writer = XMLWriter(reservingCapacity: 1 << 10)
        for _ in 0..<(1 << 14) { try writer.text(piece) }
        let data = writer.takeData()
        #expect(data.count == 1 << 24)
        #expect(data.prefix(16) == Data("0123456789abcdef".utf8))
        #expect(data.suffix(16) == Data("0123456789abcdef".utf8))
        #expect(data.allSatisfy { $0 != 0 })
    }

    @Test func theDataCanBeChangedAndCopiedLikeAnyOther() throws {
        var writer = try Self.written(["abc"], capacity: 64)
        var data = writer.takeData()
        let copy = data
        data[data.startIndex] = UInt8(ascii: "[")
        data.append(contentsOf: Array("!".utf8))
        #expect(String(decoding: data, as: UTF8.self) == "[a>abc</a>!")
        #expect(String(decoding: copy, as: UTF8.self) == "<a>abc</a>")
    }
}
