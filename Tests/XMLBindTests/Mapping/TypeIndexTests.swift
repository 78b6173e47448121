import Testing

@testable import XMLBind

@Suite("TypeIndex: the binding of each mapped type")
struct TypeIndexTests {
    final class A {}
    final class B {}
    struct C {}
    struct D {}

    @Test func findsEachTypeAndTheLastBindingOfARepeatedOne() {
        let types = [A.self, B.self, C.self, A.self, D.self, B.self] as [Any.Type]
        let index = TypeIndex(types.map { ObjectIdentifier($0) })
        #expect(index[ObjectIdentifier(A.self)] == 3)
        #expect(index[ObjectIdentifier(B.self)] == 5)
        #expect(index[ObjectIdentifier(C.self)] == 2)
        #expect(index[ObjectIdentifier(D.self)] == 4)
        #expect(index[ObjectIdentifier(Int.self)] == nil)
    }

    @Test func anEmptyIndexFindsNothing() {
        #expect(TypeIndex([])[ObjectIdentifier(A.self)] == nil)
    }
}
