import Testing

@testable import XMLBind

/// A property name written `prefix:local` whose prefix the binder's `prefixes:` map does
/// not know is resolved through the document's own declarations, as element
/// registrations are: it matches names in the namespace the document binds that prefix
/// to, whatever prefix the document writes them with.
@Suite struct PropertyPrefixTests {
    struct Typed: Bindable {
        var type: String?
        var plain: String?
        var note: String?
        var price: String?
        init() {}
    }

    private static let binder = XMLBinder().registeredAtSetup(
        mapping(Typed.self, element: "typed")
            .attribute(\.type, xml: "xsi:type")
            .attribute(\.plain, xml: "type")
            .element(\.note, xml: "x:note")
            .element(\.price, xml: "details/x:price"))

    @Test func thePrefixAsTheDocumentBindsItMatches() throws {
        let typed = try Self.binder.parse(
            """
            <typed xmlns:xsi="urn:s" xmlns:x="urn:x" xsi:type="T" type="P">\
            <x:note>n</x:note><details><x:price>9</x:price></details></typed>
            """, as: Typed.self)
        #expect(typed.type == "T")
        #expect(typed.plain == "P")
        #expect(typed.note == "n")
        #expect(typed.price == "9")
    }

    @Test func anotherPrefixForTheSameNamespaceMatches() throws {
        let typed = try Self.binder.parse(
            """
            <typed xmlns:xsi="urn:s" xmlns:i="urn:s" xmlns:x="urn:x" xmlns:y="urn:x" i:type="T">\
            <y:note>n</y:note><details><y:price>9</y:price></details></typed>
            """, as: Typed.self)
        #expect(typed.type == "T")
        #expect(typed.note == "n")
        #expect(typed.price == "9")
    }

    @Test func aPrefixForAnotherNamespaceDoesNotMatch() {
        let attribute = bindError {
            _ = try Self.binder.parse(
                #"<typed xmlns:xsi="urn:s" xmlns:q="urn:other" q:type="T"/>"#, as: Typed.self)
        }
        #expect(attribute?.message == "unknown attribute 'q:type' on <typed>; did you mean 'type'?")
    }

    @Test func theXMLPrefixIsBoundWithoutADeclaration() throws {
        struct Text: Bindable {
            var language: String?
            init() {}
        }
        let binder = XMLBinder().registeredAtSetup(
            mapping(Text.self, element: "text").attribute(\.language, xml: "xml:lang"))
        #expect(try binder.parse(#"<text xml:lang="en"/>"#, as: Text.self).language == "en")
    }

    @Test func aPrefixTheDocumentNeverBindsMatchesNothing() {
        let error = bindError {
            _ = try Self.binder.parse(#"<typed xmlns:i="urn:s" i:type="T"/>"#, as: Typed.self)
        }
        #expect(error?.message == "unknown attribute 'i:type' on <typed>; did you mean 'type'?")
    }
}
