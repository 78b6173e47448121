/// One Swift source file the emitter writes.
public struct GeneratedFile: Sendable, Hashable {
    /// The file's name, without a folder: `PurchaseOrders.swift`, `PurchaseOrders+Item.swift`.
    public var name: String
    /// The file's text, UTF-8, ending in a line break.
    public var contents: String

    /// Creates a file.
    ///
    /// - Parameters:
    ///   - name: The file's name.
    ///   - contents: Its text.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
