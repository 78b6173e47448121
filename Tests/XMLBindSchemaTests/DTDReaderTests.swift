import Foundation
import Testing
import XMLBind
import XMLBindSchema

@Suite("DTD reader: declarations")
struct DTDReaderTests {
    @Test("Content models: EMPTY, ANY, text, mixed, sequences, choices and occurrences")
    func contentModels() throws {
        let dtd = try DTDReader().read(
            """
            <!ELEMENT a EMPTY>
            <!ELEMENT b ANY>
            <!ELEMENT c (#PCDATA)>
            <!ELEMENT d (#PCDATA | a | b)*>
            <!ELEMENT e (a, (b | c)+, d?)*>
            <!ELEMENT f (a)>
            """)
        #expect(
            dtd.elements.map(\.content.description) == [
                "EMPTY", "ANY", "(#PCDATA)", "(#PCDATA | a | b)*", "(a, (b | c)+, d?)*", "(a)",
            ])
        #expect(dtd.element(named: "e")?.content.childNames == ["a", "b", "c", "d"])
        #expect(dtd.likelyRoots == ["e", "f"])
    }

    @Test("Attribute lists: types, defaults, normalization, first declaration wins")
    func attributeLists() throws {
        let dtd = try DTDReader().read(
            """
            <!ENTITY company "ACME &amp; Co">
            <!ATTLIST item
                id ID #REQUIRED
                ref IDREF #IMPLIED
                refs IDREFS #IMPLIED
                size NMTOKEN "  large  "
                tags NMTOKENS "a   b"
                kind (one|two | three) "two"
                format NOTATION (gif|png) #IMPLIED
                vendor CDATA #FIXED "&company;"
                note CDATA "tab&#9;kept	then space">
            <!ATTLIST item id CDATA "ignored" extra CDATA #IMPLIED>
            """)
        let attributes = dtd.attributes(of: "item")
        #expect(
            attributes.map(\.name) == [
                "id", "ref", "refs", "size", "tags", "kind", "format", "vendor", "note", "extra",
            ])
        #expect(
            attributes.map(\.kind.description) == [
                "ID", "IDREF", "IDREFS", "NMTOKEN", "NMTOKENS", "(one | two | three)", "NOTATION (gif | png)", "CDATA",
                "CDATA", "CDATA",
            ])
        #expect(
            attributes.map(\.defaultDeclaration) == [
                .required, .implied, .implied, .value("large"), .value("a b"), .value("two"), .implied,
                .fixed("ACME & Co"), .value("tab\tkept then space"), .implied,
            ])
        #expect(attributes[0].origin == Origin(file: nil, line: 3, column: 5))
    }

    @Test("Parameter entities: in content models, names, attribute lists, and inside other entities")
    func parameterEntities() throws {
        let dtd = try DTDReader().read(
            """
            <!ENTITY % p "">
            <!ENTITY % item "%p;item">
            <!ENTITY % kinds "a|b
                |c">
            <!ENTITY % common "id ID #IMPLIED">
            <!ENTITY % empty "">
            <!ELEMENT list (%item; | %kinds; %empty;)+>
            <!ELEMENT %item; (%kinds;)*>
            <!ATTLIST %item; %common; %empty; xmlns%p; CDATA #FIXED 'urn:x'>
            """)
        #expect(dtd.element(named: "list")?.content.description == "(item | a | b | c)+")
        #expect(dtd.element(named: "item")?.content.description == "(a | b | c)*")
        #expect(dtd.attributes(of: "item").map(\.name) == ["id", "xmlns"])
    }

    @Test("Conditional sections, comments, processing instructions; documentation from the comment before")
    func conditionalSections() throws {
        let dtd = try DTDReader().read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!ENTITY % draft "IGNORE">
            <!ENTITY % final "INCLUDE">
            <![%draft;[ <!ELEMENT note (#PCDATA)> <![INCLUDE[ <!ELEMENT nested EMPTY> ]]> ]]>
            <![ %final; [
              <!-- A note, as published. -->
              <!ELEMENT note EMPTY>
            ]]>
            <?pi whatever?>
            """)
        #expect(dtd.elements.map(\.name) == ["note"])
        #expect(dtd.element(named: "note")?.content == .empty)
        #expect(dtd.element(named: "note")?.documentation == "A note, as published.")
    }

    @Test("External parameter entities are read from local files, relative to the declaring file")
    func externalParameterEntities() throws {
        let folder = try temporaryFolder()
        try Data("<!ELEMENT inner (#PCDATA)>\n<!ENTITY % more SYSTEM 'sub/more.dtd'>\n%more;".utf8)
            .write(to: folder.appendingPathComponent("module.dtd"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("<!ELEMENT deepest EMPTY>".utf8).write(to: folder.appendingPathComponent("sub/more.dtd"))
        try Data("<!ENTITY % module SYSTEM \"module.dtd\">\n%module;\n<!ELEMENT outer (inner, deepest)>".utf8)
            .write(to: folder.appendingPathComponent("main.dtd"))
        let dtd = try DTDReader().read(contentsOf: folder.appendingPathComponent("main.dtd"))
        #expect(dtd.elements.map(\.name) == ["inner", "deepest", "outer"])
        #expect(dtd.element(named: "deepest")?.origin?.file?.hasSuffix("sub/more.dtd") == true)
    }

    @Test("A document's DOCTYPE: the internal subset, and its local external subset on request")
    func doctype() throws {
        let folder = try temporaryFolder()
        try Data("<!ELEMENT root (leaf*)> <!ELEMENT leaf EMPTY> <!ATTLIST leaf n CDATA '1'>".utf8)
            .write(to: folder.appendingPathComponent("doc.dtd"))
        let document = Data(
            """
            <?xml version="1.0"?>
            <!-- hello -->
            <!DOCTYPE root SYSTEM "doc.dtd" [
              <!ATTLIST leaf n CDATA '2' m CDATA #IMPLIED>
            ]>
            <root/>
            """.utf8)
        let inner = try #require(
            try DTDReader().readDoctype(ofDocument: document, file: "doc.xml", baseDirectory: folder))
        #expect(inner.doctypeName == "root")
        #expect(inner.elements.isEmpty)
        let whole = try #require(
            try DTDReader().readDoctype(
                ofDocument: document, file: "doc.xml", baseDirectory: folder, readsExternalSubset: true))
        #expect(whole.elements.map(\.name) == ["root", "leaf"])
        #expect(whole.attributes(of: "leaf").map(\.defaultDeclaration) == [.value("2"), .implied])
        #expect(try DTDReader().readDoctype(ofDocument: Data("<root/>".utf8)) == nil)
    }

    @Test("The Debian DTDs read", arguments: DTDFixtures.all)
    func debianDTDs(corpus: DTDFixtures.Corpus) throws {
        let dtd = try DTDReader().read(contentsOf: DTDFixtures.dtd(corpus))
        #expect(!dtd.elements.isEmpty)
        switch corpus.folder {
        case "fontconfig":
            #expect(dtd.elements.count == 55)
            #expect(dtd.element(named: "eq")?.content.childNames.count == 29)
            #expect(dtd.attributes(of: "dir").map(\.defaultDeclaration) == [.value("default"), .value("preserve")])
        case "catalog":
            #expect(dtd.likelyRoots == ["catalog"])
            #expect(
                dtd.attributes(of: "catalog").first?.defaultDeclaration
                    == .fixed("urn:oasis:names:tc:entity:xmlns:xml:catalog"))
        case "xkb":
            #expect(dtd.likelyRoots == ["xkbConfigRegistry"])
        case "gdb":
            #expect(dtd.likelyRoots == ["syscalls-info"])
        default:
            #expect(dtd.likelyRoots == ["policyconfig"])
        }
    }
}

func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xmlbind-dtd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
