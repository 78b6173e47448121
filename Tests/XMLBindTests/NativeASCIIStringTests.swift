import Foundation
import Testing

@testable import XMLBind

// `NativeASCIIString` writes the standard library's native string storage itself; SafeMode
// does not compile it (`ASCIIString` makes every value the standard way there).
#if !SafeMode
    /// `NativeASCIIString` builds long ASCII strings' storage by hand; the strings must be
    /// indistinguishable from the standard library's own, and their storage must survive
    /// everything the standard library does to a native string: appends in place (which
    /// trust the claimed capacity), UTF-16 offsets (breadcrumbs), C strings (the
    /// terminator), bridging and release.
    @Suite struct NativeASCIIStringTests {
        private func form() throws -> NativeASCIIString.Form {
            try #require(
                NativeASCIIString.form,
                """
                the native string form was not learned: this platform's String storage \
                differs from what NativeASCIIString writes (or swift_allocObject is not \
                exported), so every long value goes the slower standard way
                """)
        }

        /// `count` bytes of ASCII text, every neighbour different, as made here.
        private func made(count: Int, offset: Int = 0, form: NativeASCIIString.Form) throws -> (String, [UInt8]) {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 32 + ($0 * 13 + offset) % 95) }
            return (try #require(bytes.withUnsafeBufferPointer { NativeASCIIString.make($0, form: form) }), bytes)
        }

        @Test func theFormIsLearnedOnThisPlatform() throws {
            // Every platform we build on is 64-bit little-endian Linux with a dynamically
            // linked standard library; if this fails, the speed of long values is lost.
            let form = try form()
            #expect(form.breadcrumbsFrom > NativeASCIIString.shortest)
            #expect(form.breadcrumbsFrom <= NativeASCIIString.sampleCounts.last ?? 0)
        }

        @Test func madeStringsEqualTheStandardLibrarysForEveryLength() throws {
            let form = try form()
            for count in NativeASCIIString.shortest...1000 {
                let (made, bytes) = try made(count: count, offset: count, form: form)
                let standard = String(decoding: bytes, as: UTF8.self)
                #expect(made == standard, "length \(count)")
                #expect(Array(made.utf8) == bytes, "length \(count)")
                #expect(made.count == count && made.utf8.count == count && made.utf16.count == count)
                // The same count-and-flags word (ASCII, NFC, native, the count).
                #expect(
                    NativeASCIIString.words(of: made).0 == NativeASCIIString.words(of: standard).0, "length \(count)")
                #expect(made.hashValue == standard.hashValue, "length \(count)")
                #expect(made < standard + "~" && !(made < standard))
            }
        }

        @Test func madeStringsAreFoundInSetsAndDictionaries() throws {
            let form = try form()
            let counts = [16, 17, 31, 63, 64, 65, 100, 127, 128, 300, 999]
            let madeStrings = try counts.map { try made(count: $0, form: form).0 }
            let standard = try counts.map { String(decoding: try made(count: $0, form: form).1, as: UTF8.self) }
            let set = Set(madeStrings)
            var dictionary: [String: Int] = [:]
            for (index, value) in madeStrings.enumerated() { dictionary[value] = index }
            for (index, value) in standard.enumerated() {
                #expect(set.contains(value))
                #expect(dictionary[value] == index)
            }
            #expect(Set(standard + madeStrings).count == counts.count)
        }

        @Test func utf16OffsetsOfALongValueUseItsBreadcrumbs() throws {
            let form = try form()
            let (value, bytes) = try made(count: 600, form: form)
            let standard = String(decoding: bytes, as: UTF8.self)
            for offset in stride(from: 0, through: 600, by: 37) + [599, 600] {
                let index = value.utf16.index(value.utf16.startIndex, offsetBy: offset)
                #expect(value.utf16.distance(from: value.utf16.startIndex, to: index) == offset)
                #expect(index.utf16Offset(in: value) == offset)
                #expect(value[..<index] == standard.prefix(offset))
                if offset < 600 { #expect(value.utf16[index] == UInt16(bytes[offset])) }
            }
            #expect(NSString(string: value).length == 600)
            #expect(
                NSString(string: value).substring(with: NSRange(location: 250, length: 100))
                    == String(standard.dropFirst(250).prefix(100)))
        }

        @Test func withCStringSeesTheTerminator() throws {
            let form = try form()
            for count in [16, 47, 48, 63, 64, 95, 96, 300] {
                let (value, bytes) = try made(count: count, form: form)
                value.withCString { pointer in
                    #expect(strlen(pointer) == count)
                    #expect((0..<count).allSatisfy { UInt8(bitPattern: pointer[$0]) == bytes[$0] })
                }
                let duplicate = try #require(value.withCString { strdup($0) })
                #expect(String(cString: duplicate) == value)
                free(duplicate)
            }
        }

        @Test func appendingToACopyLeavesTheMadeStringAlone() throws {
            let form = try form()
            for count in [16, 30, 63, 64, 100, 200] {
                let (value, bytes) = try made(count: count, form: form)
                var copy = value
                for round in 0..<50 { copy += "+\(round)" }
                #expect(value == String(decoding: bytes, as: UTF8.self))
                #expect(copy.hasPrefix(value))
                #expect(copy.utf8.count == count + (0..<50).reduce(0) { $0 + 1 + "\($1)".utf8.count })
            }
        }

        @Test func appendingInPlaceHonoursTheCapacity() throws {
            // A uniquely held made string is appended to in place while its claimed capacity
            // lasts, then moved to new storage: one byte at a time crosses every capacity
            // boundary (a claimed capacity past the allocation would write past it; debug
            // builds and the allocator's checks would show that).
            let form = try form()
            for count in NativeASCIIString.shortest...160 {
                var (value, bytes) = try made(count: count, form: form)
                var expected = bytes
                for round in 0..<40 {
                    let byte = UInt8(ascii: "a") + UInt8(round % 26)
                    value.append(Character(Unicode.Scalar(byte)))
                    expected.append(byte)
                }
                #expect(Array(value.utf8) == expected, "length \(count)")
                #expect(value.withCString { strlen($0) } == expected.count)
                #expect(value == String(decoding: expected, as: UTF8.self))
            }
        }

        @Test func appendingNonASCIITextInPlaceKeepsUTF16OffsetsRight() throws {
            // Appended in place, non-ASCII text clears the storage's ASCII flag: UTF-16
            // offsets past the first 32 then go through the breadcrumbs slot this file wrote
            // (64 bytes and more): the standard library fills it with an object of its own,
            // which the storage's deinit releases.
            let form = try form()
            for count in [16, 40, 63, 64, 65, 100, 200] {
                var (value, bytes) = try made(count: count, form: form)
                value += "é中"
                let standard = String(decoding: bytes, as: UTF8.self) + "é中"
                #expect(value == standard)
                #expect(value.utf16.count == count + 2)
                for offset in [0, count / 2, count, count + 1, count + 2] {
                    let index = value.utf16.index(value.utf16.startIndex, offsetBy: offset)
                    let standardIndex = standard.utf16.index(standard.utf16.startIndex, offsetBy: offset)
                    #expect(index.utf16Offset(in: value) == offset)
                    #expect(value[..<index] == standard[..<standardIndex], "length \(count), offset \(offset)")
                }
                #expect(NSString(string: value).length == count + 2)
            }
        }

        @Test func describingAndBridgingKeepTheText() throws {
            let form = try form()
            let (value, bytes) = try made(count: 120, form: form)
            #expect(String(describing: value) == value)
            #expect("\(value)" == value)
            #expect(Data(value.utf8) == Data(bytes))
            let bridged = NSString(string: value)
            #expect(bridged as String == value)
            #expect(bridged.length == 120)
            #expect(bridged.hasPrefix(String(value.prefix(10))))
            #expect(value.data(using: .utf8) == Data(bytes))
            #expect(value.components(separatedBy: " ").joined(separator: " ") == value)
        }

        @Test func makingAndDroppingManyStaysCorrect() throws {
            let form = try form()
            var total = 0
            for round in 0..<100_000 {
                let count = NativeASCIIString.shortest + round % 200
                let bytes = (0..<count).map { UInt8(truncatingIfNeeded: 48 + ($0 + round) % 64) }
                guard let value = bytes.withUnsafeBufferPointer({ NativeASCIIString.make($0, form: form) }),
                    value.utf8.count == count, value.utf8.first == bytes.first, value.utf8.last == bytes.last
                else {
                    Issue.record("round \(round): not made as \(count) bytes")
                    return
                }
                total += value.utf8.count
            }
            #expect(total == (0..<100_000).reduce(0) { $0 + NativeASCIIString.shortest + $1 % 200 })
        }

        @Test func madeStringsAreFreedWithTheirLastCopy() throws {
            // The reference counts written say one strong reference: a weak reference to
            // the storage object is cleared once the string and its copies are gone, for
            // values with and without a breadcrumbs slot.
            let form = try form()
            #expect(NativeASCIIString.releasesWithItsLastCopy(form))
            for count in [NativeASCIIString.shortest, 63, 64, 65, 300] {
                weak var storage: AnyObject?
                do {
                    let bytes = NativeASCIIString.sampleBytes(count: count)
                    let value = try #require(bytes.withUnsafeBufferPointer { NativeASCIIString.make($0, form: form) })
                    var copies = [value, value]
                    withExtendedLifetime(value) {
                        if let object = NativeASCIIString.storage(of: value) {
                            storage = Unmanaged<AnyObject>.fromOpaque(object).takeUnretainedValue()
                        }
                    }
                    #expect(storage != nil, "length \(count): the storage is alive while the string is")
                    copies.removeAll()
                    #expect(copies.isEmpty)
                }
                #expect(storage == nil, "length \(count): the storage outlived the string")
            }
        }

        @Test func asciiStringMakesLongValuesThisWay() throws {
            let form = try form()
            // 100 bytes: the standard library claims the allocator's spare bytes as capacity
            // (its 144-byte request is a 152-byte block with glibc's allocator: 112 bytes);
            // this file claims only its own 16-byte rounding (104), which tells the two apart.
            let bytes = Array(String(repeating: "a value long enough ", count: 5).utf8)
            let value = bytes.withUnsafeBufferPointer { ASCIIString.make($0) }
            let standard = String(decoding: bytes, as: UTF8.self)
            #expect(value == standard)
            let storage = try #require(NativeASCIIString.storage(of: value))
            let standardStorage = try #require(NativeASCIIString.storage(of: standard))
            let (size, slot) = NativeASCIIString.allocation(count: bytes.count, form: form)
            let capacity = storage.load(fromByteOffset: 16, as: UInt64.self) & NativeASCIIString.countMask
            #expect(capacity == UInt64(size - NativeASCIIString.headerSize - slot))
            // The header as the runtime and the standard library write it: metadata, the
            // reference counts of a value held once, the count-and-flags word.
            for offset in [0, 8, 24] {
                #expect(
                    storage.load(fromByteOffset: offset, as: UInt64.self)
                        == standardStorage.load(fromByteOffset: offset, as: UInt64.self), "header word at \(offset)")
            }
        }
    }
#endif
