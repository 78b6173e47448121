import Foundation
import Testing
import XMLBind
import XMLBindSOAP

/// A keyed shape (`.keyedMembers`) has no XML Schema that ties members to their types:
/// the generator refuses it with a clear error instead of describing something looser.
@Suite("XML Schema of keyed members")
struct KeyedSchemaTests {
    final class Record: Bindable {
        var name = ""
        var age = 0
        init() {}
    }

    @Test func aKeyedMappingIsRefused() throws {
        let binder = try XMLBinder().register(
            mapping(Record.self, element: "struct")
                .keyedMembers(element: "member", key: .child("name"), value: "value")
                .property(\.name).property(\.age))
        #expect {
            _ = try XMLSchemaGenerator(binder: binder).schemas()
        } throws: { error in
            String(describing: error)
                == "error: cannot describe Record (<struct>): its members are <member> elements chosen by a key "
                + "written in the document (.keyedMembers), which an XML Schema cannot tie to their types; describe "
                + "it with a schema of your own"
        }
    }
}
