import Foundation
import Testing

@testable import XMLBind

/// Issue 11, item 3: UTF-16 without a byte order mark and without a leading `<` is UTF-16
/// to expat (a 0 first or second byte), so it must be to the guards too: the surrogate
/// check and the byte scale of the name limit. Every case also runs on a 512 KiB thread.
@Suite struct HostileBOMlessUTF16Tests {
    static func littleEndian(_ units: [UInt16]) -> Data {
        Data(units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    static func bigEndian(_ units: [UInt16]) -> Data {
        Data(units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }

    /// `\n<r>`, a lone D800, `x</r>`: the issue's document.
    static let loneSurrogate: [UInt16] = Array("\n<r>".utf16) + [0xD800] + Array("x</r>".utf16)

    /// `\n<NAME/>` with a name of 400 CJK characters: 1,200 bytes of UTF-8, over the
    /// 1,024-byte limit, in 800 bytes of UTF-16.
    static let longName: [UInt16] = Array("\n<\(String(repeating: "漢", count: 400))/>".utf16)

    static let cases: [HostileCase] = [
        HostileCase("UTF-16LE, no BOM, newline first, lone surrogate", .invalidEncoding) {
            littleEndian(loneSurrogate)
        },
        HostileCase("UTF-16BE, no BOM, newline first, lone surrogate", .invalidEncoding) { bigEndian(loneSurrogate) },
        HostileCase("UTF-16LE, no BOM, space first, lone surrogate in an attribute", .invalidEncoding) {
            littleEndian(Array(" <r a='".utf16) + [0xDBFF] + Array("b'/>".utf16))
        },
        HostileCase("UTF-16LE, no BOM, 400-character CJK name", .nameLengthLimitExceeded) { littleEndian(longName) },
        HostileCase("UTF-16BE, no BOM, 400-character CJK name", .nameLengthLimitExceeded) { bigEndian(longName) },
        HostileCase("UTF-16LE, no BOM, 400-character CJK attribute name", .nameLengthLimitExceeded) {
            littleEndian(Array("\n<r \(String(repeating: "漢", count: 400))='1'/>".utf16))
        },
    ]

    @Test(arguments: cases)
    func refused(_ hostile: HostileCase) {
        hostile.check()
    }

    @Test func theSameDocumentsInPiecesAreRefusedToo() {
        for data in [Self.littleEndian(Self.loneSurrogate), Self.bigEndian(Self.loneSurrogate)] {
            for cut in 0...data.count {
                let code = Hostile.onSmallStack { () -> XMLBindError.Code? in
                    do {
                        _ = try Hostile.standard.parse(chunks: [data.prefix(cut), data.dropFirst(cut)], as: Any?.self)
                        return nil
                    } catch {
                        return (error as? XMLBindError)?.code
                    }
                }
                #expect(code == .invalidEncoding, "cut at \(cut)")
            }
        }
    }

    @Test func aValidBOMlessDocumentStillParsesWithItsOrigins() throws {
        let data = Self.littleEndian(Array("\n<r>\n  <a>漢字</a></r>".utf16))
        let root = try #require(try Hostile.standard.parse(data, as: Any?.self) as? HostileNode)
        #expect(root.children.first?.text == "漢字")
        #expect(root.children.first?.origin?.line == 3)
        #expect(root.children.first?.origin?.column == 3)
    }

    @Test func stringInputStartingWithNULIsRefused() {
        for text in ["\0<r/>", "<\0r/>"] {
            #expect(throws: XMLBindError.self) { try Hostile.standard.parse(text, as: Any?.self) }
        }
    }
}
