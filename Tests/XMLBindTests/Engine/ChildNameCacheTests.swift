import Testing

@testable import XMLBind

/// The engine remembers each mapping's last object child (`ChildNameCache`); a name it
/// remembers must bind exactly as the full lookup would, whatever comes between.
@Suite struct ChildNameCacheTests {
    final class Exact: Bindable {
        var id: String?
        init() {}
    }
    final class Loose: Bindable {
        var id: String?
        init() {}
    }
    final class Prefixed: Bindable {
        var id: String?
        init() {}
    }
    final class Longer: Bindable {
        var id: String?
        init() {}
    }
    final class Group: Bindable {
        var items: [Loose] = []
        init() {}
    }
    final class Box: Bindable {
        var label: String?
        var exact: [Exact] = []
        var loose: [Loose] = []
        var prefixed: [Prefixed] = []
        var longer: [Longer] = []
        var groups: [Group] = []
        init() {}
    }

    private static let binder = XMLBinder().registeredAtSetup(
        mapping(Box.self, element: "box").property(\.label, xml: "label").children(\.exact).children(\.loose)
            .children(\.prefixed).children(\.groups).children(\.longer),
        mapping(Exact.self, element: "item", namespace: "urn:exact").property(\.id),
        mapping(Loose.self, element: "item").property(\.id),
        mapping(Prefixed.self, element: "p:item").property(\.id),
        mapping(Group.self, element: "group").children(\.items),
        mapping(Longer.self, element: "items", namespace: "urn:exact").property(\.id))

    @Test func namesThatDifferOnlyInTheirNamespaceBindApart() throws {
        let box = try Self.binder.parse(
            """
            <box><item xmlns='urn:exact' id='1'/><item xmlns='urn:exact' id='2'/><item id='3'/>\
            <item xmlns='urn:exact' id='4'/><item id='6'/><item id='7'/>\
            <e:item xmlns:e='urn:exact' id='8'/></box>
            """, as: Box.self)
        #expect(box.exact.map(\.id) == ["1", "2", "4", "8"])
        #expect(box.loose.map(\.id) == ["3", "6", "7"])
        // The unprefixed registration matches no namespace or the parent's, after an
        // exact match was remembered too.
        let error = bindError {
            _ = try Self.binder.parse(
                "<box><item xmlns='urn:exact' id='1'/><item xmlns='urn:other' id='5'/></box>", as: Box.self)
        }
        #expect(error?.message == "unknown element <item> inside <box>; did you mean 'items'?")
    }

    @Test func aNameThatExtendsTheRememberedOneIsAnotherName() throws {
        // `urn:exact SEP item` is a prefix of `urn:exact SEP items`, both registered.
        let box = try Self.binder.parse(
            """
            <box xmlns:e='urn:exact'><item xmlns='urn:exact' id='1'/><items xmlns='urn:exact' id='2'/>\
            <item xmlns='urn:exact' id='3'/><item xmlns='urn:exact' id='4'/><items xmlns='urn:exact' id='5'/>\
            <e:items id='6'/><items xmlns='urn:exact' id='7'/><item xmlns='urn:exact' id='8'/></box>
            """, as: Box.self)
        #expect(box.exact.map(\.id) == ["1", "3", "4", "8"])
        #expect(box.longer.map(\.id) == ["2", "5", "6", "7"])
    }

    @Test func theSameNameUnderAnotherParentIsDecidedThere() throws {
        let box = try Self.binder.parse(
            """
            <box><group><item id='1'/><item id='2'/></group><item id='3'/><label>l</label>\
            <group><item id='4'/></group><item id='5'/></box>
            """, as: Box.self)
        #expect(box.groups.map { $0.items.map(\.id) } == [["1", "2"], ["4"]])
        #expect(box.loose.map(\.id) == ["3", "5"])
        #expect(box.label == "l")
    }

    @Test func aPrefixTheDocumentBindsLaterStillTakesItsElements() throws {
        // `p:item` is registered with a prefix only the document resolves. The first
        // item's name (`urn:p`, `item`) matches only the unprefixed registration; once
        // the document binds `p` to `urn:p`, the same name is the prefixed registration's.
        let box = try Self.binder.parse(
            """
            <box xmlns='urn:p'><item id='1'/><item id='2'/>\
            <item xmlns:p='urn:p' id='3'/><item id='4'/></box>
            """, as: Box.self)
        #expect(box.loose.map(\.id) == ["1", "2"])
        #expect(box.prefixed.map(\.id) == ["3", "4"])
    }

    /// Past the cache's last place, every child shares one entry, so children that take turns
    /// there are found by their name's entry: names in one namespace share their first bytes
    /// (the URI), and a place holding only a guess takes over the name it was wrong about.
    @Test(arguments: [
        "eeeeeeeeeeelleleellllel", "leeeeeeeeeeeleelele", "eleleleleleleleleleel", "llllllllllleeeeeeeeeee",
    ])
    func childrenOfTwoNamesTakingTurnsAtLatePlacesBindAsTheyAre(_ pattern: String) throws {
        // `e`: `urn:exact SEP item`, `l`: `urn:exact SEP items`, both in one namespace, with
        // a label and an unprefixed item in no namespace among them.
        var body = ""
        var exact: [String] = []
        var longer: [String] = []
        for (index, kind) in pattern.enumerated() {
            if kind == "e" {
                body += "<item xmlns='urn:exact' id='\(index)'/>"
                exact.append("\(index)")
            } else {
                body += "<e:items id='\(index)'/>"
                longer.append("\(index)")
            }
            if index == 9 { body += "<label>x</label><item id='loose'/>" }
        }
        let box = try Self.binder.parse("<box xmlns:e='urn:exact'>\(body)</box>", as: Box.self)
        #expect(box.exact.map(\.id) == exact)
        #expect(box.longer.map(\.id) == longer)
        #expect(box.loose.map(\.id) == ["loose"])
        #expect(box.label == "x")
    }

    @Test func longNamesBindWithoutBeingRemembered() throws {
        let uri = "urn:" + String(repeating: "n", count: ChildNameCache.longestName)
        let box = try Self.binder.parse(
            "<box xmlns='\(uri)'><item id='1'/><item id='2'/><item xmlns='' id='3'/></box>", as: Box.self)
        #expect(box.loose.map(\.id) == ["1", "2", "3"])
    }

    @Test func aRememberedNameKeepsItsOriginAndDiagnostics() throws {
        let error = #expect(throws: XMLBindError.self) {
            _ = try Self.binder.parse(
                "<box><item id='1'/>\n<item id='2' color='red'/></box>", as: Box.self, file: "box.xml")
        }
        #expect(error?.diagnostics.first?.origin?.line == 2)
        #expect(error?.diagnostics.first?.origin?.column == 14)
        #expect(error?.diagnostics.first?.message.contains("unknown attribute 'color' on <item>") == true)
    }
}
