import Foundation
import Testing
import XMLBind

/// Writing back a document loaded with `${VAR}` substitution: resolved values by default,
/// the original references with a `SubstitutionRecord`.
@Suite struct SubstitutionWriteBackTests {
    final class Database: Bindable {
        var url: String?
        var user: String?
        var password: String?
        var poolSize = 0
    }

    static let binder = XMLBinder(
        options: ParseOptions(
            substitution: VariableSubstitution(variables: ["DB_HOST": "db.local", "DB_PASSWORD": "s3cret", "POOL": "8"])
        )
    ).registeredAtSetup(
        mapping(Database.self, element: "database").attribute(\.url).attribute(\.user).attribute(\.password)
            .element(\.poolSize, xml: "pool-size"))

    static let document = """
        <database url="jdbc:postgresql://${DB_HOST}/app" user="app" password="${DB_PASSWORD}">
          <pool-size>${POOL}</pool-size>
        </database>
        """

    static let compact = WritingOptions(layout: .compact, includesDeclaration: false)

    @Test func resolvedValuesAreWrittenByDefault() throws {
        let database = try Self.binder.parse(Self.document, as: Database.self)
        #expect(database.password == "s3cret")
        #expect(
            try Self.binder.xml(from: database, options: Self.compact)
                == #"<database url="jdbc:postgresql://db.local/app" user="app" password="s3cret">"#
                + "<pool-size>8</pool-size></database>")
    }

    @Test func aRecordWritesTheReferencesBack() throws {
        let record = SubstitutionRecord()
        let database = try Self.binder.parse(Self.document, as: Database.self, recordingSubstitutionsIn: record)
        #expect(database.password == "s3cret")
        #expect(database.poolSize == 8)
        #expect(record.count == 3)
        var options = Self.compact
        options.restoresSubstitutions = record
        #expect(
            try Self.binder.xml(from: database, options: options)
                == #"<database url="jdbc:postgresql://${DB_HOST}/app" user="app" password="${DB_PASSWORD}">"#
                + "<pool-size>${POOL}</pool-size></database>")
        // A value changed since the parse is written as it is now.
        database.password = "rotated"
        database.poolSize = 16
        #expect(
            try Self.binder.xml(from: database, options: options)
                == #"<database url="jdbc:postgresql://${DB_HOST}/app" user="app" password="rotated">"#
                + "<pool-size>16</pool-size></database>")
    }

    @Test func aFileParseRecordsToo() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("db-\(UUID().uuidString).xml")
        try Data(Self.document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let record = SubstitutionRecord()
        let database = try Self.binder.parse(
            contentsOf: url, as: Database.self, file: "db.xml", recordingSubstitutionsIn: record)
        var options = Self.compact
        options.restoresSubstitutions = record
        #expect(try Self.binder.xml(from: database, options: options).contains(#"password="${DB_PASSWORD}""#))
        // Another object of the same type, not parsed with the record, is written as it is.
        let other = Database()
        other.password = "s3cret"
        #expect(try Self.binder.xml(from: other, options: options).contains(#"password="s3cret""#))
    }
}
