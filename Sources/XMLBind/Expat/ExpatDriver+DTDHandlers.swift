internal import CExpat

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Invariants (the expat room, see Engine/UncheckedLayer.swift; this folder is the only importer
// of CExpat):
// - The handlers get the driver from expat's user data (see ExpatDriver.swift); every
//   name and value pointer is expat's, valid only during the callback.

/// The handlers that watch the document type declaration and entity references, and
/// comments and processing instructions, for the driver's guards.
extension ExpatDriver {
    static let startDoctype: XML_StartDoctypeDeclHandler = { userData, _, systemID, _, _ in
        guard let driver = driver(userData) else { return }
        // Before any entity can be declared (see `enforceAmplification()`).
        driver.enforceAmplification()
        guard !driver.hasFailed else { return }
        guard driver.limits.allowsDoctype else {
            driver.refuse(
                .doctypeRefused, "document type declarations are not allowed (ParseLimits.allowsDoctype is false)")
            return
        }
        // The external subset is never read; expat reports it as a not-standalone document.
        driver.hasExternalSubset = systemID != nil
        // Parameter entity references reach no handler of their own; watch the DTD's
        // markup for them until it ends.
        XML_SetDefaultHandlerExpand(driver.parser, ExpatDriver.doctypeMarkup)
    }

    static let endDoctype: XML_EndDoctypeDeclHandler = { userData in
        guard let driver = driver(userData) else { return }
        XML_SetDefaultHandlerExpand(driver.parser, nil)
        driver.entities.seal()
    }

    /// The DTD's markup that has no handler of its own, token by token: a token
    /// `%name;` is a parameter entity reference, which is never expanded.
    static let doctypeMarkup: XML_DefaultHandler = { userData, text, length in
        guard let driver = driver(userData), !driver.hasFailed, let text, length >= 3 else { return }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        guard bytes[0] == UInt8(ascii: "%"), bytes[bytes.count - 1] == UInt8(ascii: ";") else { return }
        let name = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
        driver.refuse(
            .parameterEntityRefused,
            "parameter entity reference '%\(shown(name));': parameter entities are never expanded")
    }

    static let entityDeclaration: XML_EntityDeclHandler = {
        userData, name, isParameter, value, valueLength, _, systemID, _, _ in
        guard let driver = driver(userData), !driver.hasFailed, let name else { return }
        let limits = driver.limits
        let nameLength = strlen(name)
        let entity = String(cString: name)
        guard nameLength <= limits.maximumNameLength else {
            driver.refuse(
                .nameLengthLimitExceeded,
                "entity name '\(shown(entity))' is \(bytes(nameLength)) long; the limit is "
                    + "\(bytes(limits.maximumNameLength)) (ParseLimits.maximumNameLength)")
            return
        }
        let text = value.map {
            UnsafeBufferPointer(
                start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: max(0, Int(valueLength)))
        }
        switch driver.entities.declare(name: entity, isParameter: isParameter != 0, value: text, limits: limits) {
        case nil:
            return
        case .tooMany(let count)?:
            driver.refuse(
                .entityLimitExceeded,
                "entity '\(shown(entity))' is declaration number \(count); the limit is "
                    + "\(limits.maximumEntityDeclarations) (ParseLimits.maximumEntityDeclarations)")
        case .tooDeep(let deep, let depth)?:
            driver.refuse(
                .entityNestingLimitExceeded,
                "entity '\(shown(deep))' nests entity references \(depth) deep; the limit is "
                    + "\(limits.maximumEntityNesting) (ParseLimits.maximumEntityNesting)")
        case .recursive?:
            driver.refuse(.recursiveEntity, "entity '\(shown(entity))' refers to itself")
        }
    }

    static let attributeListDeclaration: XML_AttlistDeclHandler = { userData, element, attribute, _, defaultValue, _ in
        guard let driver = driver(userData), !driver.hasFailed else { return }
        for name in [element, attribute] {
            guard let name else { continue }
            guard driver.admitLength(of: name, .name, describe: "declared name '\(shown(String(cString: name)))'")
            else { return }
        }
        if let defaultValue {
            driver.declaresAttributeDefaults = true
            _ = driver.admitLength(of: defaultValue, .value, describe: "a declared attribute default")
        }
    }

    /// A reference to an external entity: refused, never loaded. The handler gets the
    /// parser, not the user data (`XML_SetExternalEntityRefHandler`).
    static let externalEntityReference: XML_ExternalEntityRefHandler = { parser, _, _, systemID, publicID in
        guard let parser, let driver = driver(CExpat_GetUserData(parser)) else { return 0 }
        let target =
            systemID.map { "SYSTEM \"\(shown(String(cString: $0)))\"" }
            ?? publicID.map { "PUBLIC \"\(shown(String(cString: $0)))\"" } ?? "an external entity"
        driver.refuse(
            .externalEntityRefused, "reference to an external entity (\(target)); external entities are never loaded")
        return 0  // XML_STATUS_ERROR
    }

    /// A reference to an entity the document does not declare, which expat lets pass
    /// because an external DTD (never read) might have declared it.
    static let skippedEntity: XML_SkippedEntityHandler = { userData, name, isParameter in
        guard let driver = driver(userData), !driver.hasFailed else { return }
        let entity = name.map { String(cString: $0) } ?? "?"
        if isParameter != 0 {
            driver.refuse(
                .parameterEntityRefused,
                "parameter entity reference '%\(shown(entity));': parameter entities are never expanded")
        } else {
            driver.refuse(
                .undefinedEntity,
                "entity '\(shown(entity))' is not declared in the document; it could only come from the external "
                    + "DTD, which is never read")
        }
    }

    static let comment: XML_CommentHandler = { userData, data in
        guard let driver = driver(userData), !driver.hasFailed, let data else { return }
        guard !driver.isShort(driver.limits.maximumTextLength) else { return }
        _ = driver.admitLength(of: data, .text, describe: "a comment")
    }

    static let processingInstruction: XML_ProcessingInstructionHandler = { userData, target, data in
        guard let driver = driver(userData), !driver.hasFailed else { return }
        let limits = driver.limits
        guard !driver.isShort(min(limits.maximumNameLength, limits.maximumTextLength)) else { return }
        if let target {
            guard
                driver.admitLength(
                    of: target, .name, describe: "processing instruction target '\(shown(String(cString: target)))'")
            else { return }
        }
        if let data {
            _ = driver.admitLength(of: data, .text, describe: "a processing instruction")
        }
    }

    /// Whether the current markup's raw bytes prove everything in it shorter than
    /// `limit` bytes of UTF-8 (false inside an entity's expansion, whose text is elsewhere).
    func isShort(_ limit: Int) -> Bool {
        let raw = Int(XML_GetCurrentByteCount(parser))
        return raw > 0 && raw * rawScale <= limit
            && !entities.hasInternalEntities
    }
}
