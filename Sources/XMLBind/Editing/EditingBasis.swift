#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What editing a document in place compares a changed graph with, recorded when the
/// document was bound: the document's bytes, where its values lie (``DocumentOutline``)
/// and what the bound graph held (``GraphSnapshot``).
struct EditingBasis: Sendable {
    /// The document as it was bound.
    let original: Data
    /// The file name its diagnostics show.
    let file: String?
    let outline: DocumentOutline
    let snapshot: GraphSnapshot
}
