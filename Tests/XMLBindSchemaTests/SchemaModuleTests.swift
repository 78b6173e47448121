import Testing
import XMLBindSchema

@Suite("Schema module")
struct SchemaModuleTests {
    @Test("The module's namespace exists")
    func namespaceExists() {
        #expect(String(describing: SchemaReading.self) == "SchemaReading")
    }
}
