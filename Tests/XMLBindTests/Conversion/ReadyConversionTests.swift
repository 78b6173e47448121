import Foundation
import Testing

@testable import XMLBind

@Suite("Ready-made and custom conversions")
struct ReadyConversionTests {
    @Test func trimmed() {
        #expect(bindElement(" \n\t a  b \r\n", conversion: .trimmed) == .value("a  b"))
        #expect(bindElement("   ", conversion: .trimmed) == .value(""))
        #expect(Conversion<String>.trimmed.format(" kept ") == " kept ")
    }

    @Test func collapsed() throws {
        #expect(bindElement("\n    DejaVu \t  Sans\r\n  Mono\n", conversion: .collapsed) == .value("DejaVu Sans Mono"))
        #expect(bindElement(" \n\t ", conversion: .collapsed) == .value(""))
        #expect(bindElement("one", conversion: .collapsed) == .value("one"))
        #expect(bindElement("caf\u{E9}\n\n  \u{1F600}", conversion: .collapsed) == .value("caf\u{E9} \u{1F600}"))
        // A no-break space is not XML whitespace: it stays.
        #expect(bindElement("a\u{A0} b", conversion: .collapsed) == .value("a\u{A0} b"))
        #expect(Conversion<String>.collapsed.format(" kept  as is ") == " kept  as is ")
        // In an attribute and through an optional too.
        final class Font: Bindable {
            var family: String?
            var style = ""
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Font.self, element: "font").element(\.family, conversion: Conversion.collapsed.optional)
                .attribute(\.style, conversion: .collapsed))
        let font = try #require(
            try binder.parse(
                Data("<font style=' bold   italic '><family>\n DejaVu\n Sans </family></font>".utf8), as: Any?.self)
                as? Font)
        #expect(font.family == "DejaVu Sans")
        #expect(font.style == "bold italic")
    }

    /// The engine trims and stores `.trimmed` text itself (shared, short strings made
    /// inline); attributes, elements, text and optionals must all read as before.
    @Test func trimmedTextInEveryForm() throws {
        final class Entry: Bindable {
            var key = ""
            var label: String?
            var note: String?
            var body = "default"
            init() {}
        }
        final class List: Bindable {
            var entries: [Entry] = []
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(List.self, element: "list").children(\.entries),
            mapping(Entry.self, element: "e")
                .attribute(\.key, conversion: .trimmed)
                .attribute(\.label, conversion: Conversion<String>.trimmed.optional)
                .element(\.note, conversion: Conversion<String>.trimmed.optional)
                .text(\.body, conversion: .trimmed))
        let long = "a value longer than fifteen bytes, caf\u{E9}"
        var xml = "<list>"
        for index in 0..<200 {
            let key = index % 2 == 0 ? " k\(index % 5) " : "\t\(long)\n"
            xml += "<e key='\(key)' label=' l '><note>  \(long)  </note>  body \(index % 3)  </e>"
        }
        xml += "<e key='' label='   '>   </e></list>"
        let list = try binder.parse(xml, as: List.self)
        #expect(list.entries.count == 201)
        for (index, entry) in list.entries.prefix(200).enumerated() {
            #expect(entry.key == (index % 2 == 0 ? "k\(index % 5)" : long))
            #expect(entry.label == "l")
            #expect(entry.note == long)
            #expect(entry.body == "body \(index % 3)")
        }
        let last = try #require(list.entries.last)
        #expect(last.key == "")
        #expect(last.label == "")
        #expect(last.note == nil)
        #expect(last.body == "")
    }

    @Test func dateWithFormat() {
        let minutes = Conversion<Date>.date(format: "yyyy-MM-dd HH:mm")
        #expect(
            bindElement(" 2024-05-01 12:30 ", conversion: minutes, describe: FoundationConversionTests.seconds)
                == .value("1714566600.0"))
        #expect(
            bindElement("May 1st", conversion: minutes)
                == .failure(
                    "cannot convert \"May 1st\" to Date for property 'value' of <v>: "
                        + "not a date in the format 'yyyy-MM-dd HH:mm'"))
        #expect(minutes.format(Date(timeIntervalSince1970: 1_714_566_600)) == "2024-05-01 12:30")
    }

    @Test func dateWithFormatInATimeZone() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 2 * 3600))
        let local = Conversion<Date>.date(format: "dd.MM.yyyy HH:mm", timeZone: zone)
        #expect(
            bindElement("01.05.2024 12:30", conversion: local, describe: FoundationConversionTests.seconds)
                == .value("1714559400.0"))
    }

    @Test func listOf() {
        let numbers = Conversion<[Int]>.list(of: Int.xmlConversion)
        #expect(bindElement(" 1\n2   3 ", conversion: numbers) == .value("[1, 2, 3]"))
        #expect(
            bindElement("1 two", conversion: numbers)
                == .failure("cannot convert \"1 two\" to [Int] for property 'value' of <v>: not an integer"))
        let days = Conversion<[Date]>.list(of: .date(format: "yyyy-MM-dd"))
        #expect(
            bindElement("2024-05-01 2024-05-02", conversion: days) {
                $0.map(FoundationConversionTests.seconds).description
            }
                == .value("[\"1714521600.0\", \"1714608000.0\"]"))
        #expect(numbers.format([4, 5]) == "4 5")
    }

    @Test func mapTransformsAndRejects() {
        let even = Int.xmlConversion.map(
            { value in
                guard value % 2 == 0 else { throw ConversionError("must be even") }
                return value / 2
            },
            reverse: { $0 * 2 })
        #expect(bindElement("42", conversion: even) == .value("21"))
        #expect(
            bindElement("7", conversion: even)
                == .failure("cannot convert \"7\" to Int for property 'value' of <v>: must be even"))
        // The inner conversion's own error comes through unchanged.
        #expect(
            bindElement("x", conversion: even)
                == .failure("cannot convert \"x\" to Int for property 'value' of <v>: not an integer"))
        #expect(even.format(21) == "42")
    }

    struct Limits: Bindable {
        var retries: Int? = 5
        init() {}
    }

    @Test func optionalConversion() throws {
        let binder = XMLBinder().registeredAtSetup(
            mapping(Limits.self, element: "limits").property(\.retries, conversion: Int.xmlConversion.optional))
        #expect(try binder.parse("<limits retries='3'/>", as: Limits.self).retries == 3)
        #expect(try binder.parse("<limits/>", as: Limits.self).retries == 5)
        #expect(Int.xmlConversion.optional.format(nil) == "")
        #expect(Int.xmlConversion.optional.format(9) == "9")
    }

    struct Release: Bindable {
        var version: String = ""
        var codename: String = ""
        var channel: String = ""
        init() {}
    }

    /// An error that is not a ``ConversionError``, with a description.
    struct VersionError: Error, CustomStringConvertible {
        var description: String { "versions look like v1.2" }
    }

    /// An error with no description of its own.
    enum ChannelError: Error {
        case unknownChannel
    }

    static let release = XMLBinder().registeredAtSetup(
        mapping(Release.self, element: "release")
            .attribute(
                \.version,
                conversion: Conversion(
                    parse: { text in
                        guard text.hasPrefix("v") else { throw VersionError() }
                        return String(text.dropFirst())
                    },
                    format: { "v" + $0 })
            )
            .attribute(
                \.codename,
                conversion: Conversion(
                    parse: { text in
                        guard !text.isEmpty else { throw ConversionError("a codename is required") }
                        return text.uppercased()
                    },
                    format: { $0.lowercased() })
            )
            .attribute(
                \.channel,
                conversion: Conversion(
                    parse: { text in
                        guard text == "stable" || text == "beta" else { throw ChannelError.unknownChannel }
                        return text
                    },
                    format: { $0 }))
    )

    @Test func customConversions() throws {
        let release = try Self.release.parse(
            "<release version='v1.2' codename='otter' channel='beta'/>", as: Release.self)
        #expect(release.version == "1.2")
        #expect(release.codename == "OTTER")
        #expect(release.channel == "beta")
    }

    struct CustomFailure: Sendable, CustomTestStringConvertible {
        let document: String
        let message: String
        var testDescription: String { message }
    }

    static let customFailures: [CustomFailure] = [
        CustomFailure(
            document: "<release version='1.2'/>",
            message: "cannot convert \"1.2\" to String for property 'version' of <release>: versions look like v1.2"),
        CustomFailure(
            document: "<release codename=''/>",
            message: "cannot convert \"\" to String for property 'codename' of <release>: a codename is required"),
        CustomFailure(
            document: "<release channel='nightly'/>",
            message: "cannot convert \"nightly\" to String for property 'channel' of <release>: unknownChannel"),
    ]

    @Test(arguments: customFailures)
    func customConversionErrors(_ test: CustomFailure) {
        let error = bindError { _ = try Self.release.parse(test.document, as: Release.self) }
        #expect(error?.code == .conversionFailed)
        #expect(error?.message == test.message)
    }

    @Test func longValuesAreShortenedInMessages() {
        let long = String(repeating: "x", count: 70)
        #expect(
            bindElement(long, as: Int.self)
                == .failure(
                    "cannot convert \"\(String(repeating: "x", count: 57))...\" to Int for property 'value' of <v>: "
                        + "not an integer"))
    }

    /// A conversion from bytes sees the text as the engine holds it (entities decoded, not
    /// trimmed), in attributes and elements alike, and its errors read like any other's.
    @Test func conversionFromBytes() throws {
        let yesNo = Conversion<Bool>(
            parsingBytes: { bytes in
                if bytes.elementsEqual("yes".utf8) { return true }
                if bytes.elementsEqual("n&o".utf8) { return false }
                throw ConversionError("expected yes or n&o, got \(bytes.count) bytes")
            },
            format: { $0 ? "yes" : "n&o" })
        #expect(bindElement("yes", conversion: yesNo) == .value("true"))
        #expect(bindElement("n&o", conversion: yesNo) == .value("false"))
        #expect(
            bindElement(" yes", conversion: yesNo)
                == .failure(
                    "cannot convert \" yes\" to Bool for property 'value' of <v>: expected yes or n&o, got 4 bytes"))
        #expect(yesNo.format(false) == "n&o")
        #expect(try yesNo.parse("yes"))
        let binder = XMLBinder().registeredAtSetup(
            mapping(Plain<Bool>.self, element: "v").attribute(\.value, conversion: yesNo))
        #expect(try binder.parse("<v value='n&amp;o'/>", as: Plain<Bool>.self).value == false)
    }
}
