import Foundation
import XMLBind

// A model that uses every kind of declaration the schema describes.

enum Color: String, CaseIterable {
    case red, green
}

final class Catalog: Bindable {
    var title = ""
    var items: [CatalogItem] = []
    var note: CatalogNote?
    init() {}
}

final class CatalogItem: Bindable {
    var id = 0
    var name: String?
    var price: Decimal?
    var currency = "EUR"
    var color: Color?
    var sizes: [Int] = []
    var added: Date?
    var picture: Data?
    var link: URL?
    var small: Int16 = 0
    var ratio: Double = 0
    var inStock = false
    init() {}
}

final class CatalogNote: Bindable {
    var language: String?
    var text = ""
    init() {}
}

let catalogBinder = XMLBinder().registeredAtSetup(
    mapping(Catalog.self, element: "catalog", namespace: "urn:catalog").attribute(\.title).children(\.items)
        .child(\.note),
    mapping(CatalogItem.self, element: "item", namespace: "urn:catalog")
        .attribute(\.id).required()
        .element(\.name)
        .property(\.price, xml: "details/price")
        .attribute(\.currency, xml: "details/price/@currency")
        .element(\.color)
        .element(\.sizes)
        .element(\.added)
        .element(\.picture)
        .element(\.link)
        .element(\.small)
        .element(\.ratio)
        .property(\.inStock),
    mapping(CatalogNote.self, element: "note", namespace: "urn:catalog").attribute(\.language).text(\.text)
)
