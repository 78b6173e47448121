import Foundation
import Testing
import XMLBind

@Suite("Text edits")
struct TextEditTests {
    private let document = Data("<a x='1'>text</a>".utf8)

    @Test("Edits in any order apply against the original offsets")
    func appliesInAnyOrder() throws {
        let edits = [
            TextEdit(range: 9..<13, replacement: "new & more"),
            TextEdit(range: 6..<7, replacement: "22"),
            .insert("<!-- c -->", at: 0),
        ]
        let result = try TextEdit.apply(edits, to: document)
        #expect(String(decoding: result, as: UTF8.self) == "<!-- c --><a x='22'>new & more</a>")
    }

    @Test("Insertions at one offset keep the order they were given in")
    func insertionsKeepOrder() throws {
        let result = try TextEdit.apply([.insert("1", at: 2), .insert("2", at: 2), .remove(0..<1)], to: document)
        #expect(String(decoding: result, as: UTF8.self) == "a12 x='1'>text</a>")
    }

    @Test("Overlapping edits are refused, not guessed")
    func refusesOverlaps() {
        #expect(throws: TextEditError.self) {
            try TextEdit.apply([.remove(2..<6), TextEdit(range: 4..<8, replacement: "")], to: document)
        }
        #expect(throws: TextEditError.self) {
            try TextEdit.apply([.remove(2..<6), .insert("x", at: 2)], to: document)
        }
    }

    @Test("A range outside the document is refused")
    func refusesOutOfBounds() {
        #expect(throws: TextEditError.outOfBounds(.remove(10..<40), documentSize: document.count)) {
            try TextEdit.apply([.remove(10..<40)], to: document)
        }
    }

    @Test("Edits apply to a slice of a larger buffer by its own offsets")
    func appliesToSlice() throws {
        let slice = Data("xx<a/>".utf8).dropFirst(2)
        let result = try TextEdit.apply([TextEdit(range: 1..<2, replacement: "b")], to: slice)
        #expect(String(decoding: result, as: UTF8.self) == "<b/>")
    }
}
