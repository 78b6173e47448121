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
// - Names, values and text the guards measure are expat's NUL-terminated strings or
//   pointer-and-length runs, valid only during the callback that delivered them.

/// The driver's guards: every ``ParseLimits`` bound and every refusal of something a
/// document points at is enforced here, before an event reaches the ``BindingEngine``.
///
/// A refusal is recorded as a ``PendingDiagnostic`` with its own ``XMLBindError/Code``
/// and stops expat (`XML_StopParser`), as the engine's own failures do. The per-event
/// checks are integer comparisons; names and values are measured only when the tag's
/// raw size does not already prove them short.
extension ExpatDriver {
    /// Sets the handlers and expat settings that only the guards need.
    ///
    /// expat's amplification test stays off until a document type declaration begins (see
    /// ``enforceAmplification()``).
    func installGuards() {
        XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, Float(max(1, limits.maximumAmplification)))
        XML_SetBillionLaughsAttackProtectionActivationThreshold(parser, UInt64.max)
        XML_SetDoctypeDeclHandler(parser, Self.startDoctype, Self.endDoctype)
        XML_SetEntityDeclHandler(parser, Self.entityDeclaration)
        XML_SetAttlistDeclHandler(parser, Self.attributeListDeclaration)
        XML_SetExternalEntityRefHandler(parser, Self.externalEntityReference)
        XML_SetSkippedEntityHandler(parser, Self.skippedEntity)
        XML_SetCommentHandler(parser, Self.comment)
        XML_SetProcessingInstructionHandler(parser, Self.processingInstruction)
    }

    /// Gives expat the document's amplification threshold
    /// (``ParseLimits/amplificationThreshold``), at the start of its document type declaration.
    ///
    /// Only entities expand, and only a DOCTYPE declares them: without one, expat's output
    /// is the input, at most (a predefined entity or character reference writes fewer bytes
    /// than it reads), so the factor can never exceed 1. expat counts the bytes from the
    /// start either way; what the threshold decides is whether each token, once it is
    /// passed, also compares the factor with the limit: 3 instructions a token, 1.8 M on
    /// 10 MB of RSS past the 1 MiB default (1.4 M on beans).
    func enforceAmplification() {
        XML_SetBillionLaughsAttackProtectionActivationThreshold(
            parser, UInt64(clamping: max(0, limits.amplificationThreshold)))
    }

    /// Records a refusal at the current event and stops expat.
    func refuse(_ code: XMLBindError.Code, _ message: String, focus: PendingDiagnostic.Focus = .offset) {
        record(
            PendingDiagnostic(
                code: code, message: message, byteOffset: currentByteIndex, focus: focus, fallback: currentLineColumn))
        stop()
    }

    // MARK: Raw input

    /// Applies the checks that must see the input's bytes: the document size limit and
    /// unpaired UTF-16 surrogates.
    ///
    /// - Returns: The bytes that may go to expat, and the refusal to record after expat
    ///   has read them (so that an earlier syntax error is still the one reported).
    func admitInput(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> (UnsafeRawBufferPointer, PendingDiagnostic?) {
        var accepted = bytes
        var refusal: PendingDiagnostic?
        if let maximum = limits.maximumDocumentSize, bytesFed + bytes.count > maximum {
            let allowed = max(0, maximum - bytesFed)
            accepted = UnsafeRawBufferPointer(rebasing: bytes[..<allowed])
            refusal = PendingDiagnostic(
                code: .documentSizeLimitExceeded,
                message: "the document is larger than \(Self.bytes(maximum)), the limit set by "
                    + "ParseLimits.maximumDocumentSize",
                byteOffset: maximum)
        }
        let unpaired = surrogates.check(accepted) ?? (isFinal && refusal == nil ? surrogates.finish() : nil)
        if let unpaired {
            accepted = UnsafeRawBufferPointer(rebasing: accepted[..<max(0, min(accepted.count, unpaired - bytesFed))])
            refusal = PendingDiagnostic(
                code: .invalidEncoding, message: "unpaired UTF-16 surrogate: the input is not valid UTF-16",
                byteOffset: unpaired)
        }
        return (accepted, refusal)
    }

    // MARK: Elements

    /// Checks a start tag: depth, attribute count, and the length of every name and value.
    ///
    /// - Returns: Whether the element may go on to the engine.
    @inline(__always)
    func admitElement(name: UnsafePointer<CChar>, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Bool {
        depth &+= 1  // bounded by the limit: a deeper tag stops the parse
        textRun = 0
        let declarations = namespaceDeclarations
        namespaceDeclarations = 0
        guard depth <= limits.maximumDepth else {
            refuseDepth(name: name)
            return false
        }
        // A short tag can hold neither a long name or value nor many attributes. One
        // unsigned compare tests 1...quickTagBytes (0 until the root's start tag has worked
        // it out in `admitLongTag`, so the first tag always goes there).
        let raw = Int(XML_GetCurrentByteCount(parser))
        if UInt(bitPattern: raw &- 1) < UInt(bitPattern: quickTagBytes) { return true }
        return admitLongTag(name: name, attributes: attributes, declarations: declarations)
    }

    /// Refuses an element nested deeper than ``ParseLimits/maximumDepth``. A call of its
    /// own, like ``admitLongTag(name:attributes:declarations:)``, so that the checks every
    /// start tag runs stay small.
    @inline(never)
    private func refuseDepth(name: UnsafePointer<CChar>) {
        refuse(
            .depthLimitExceeded,
            "<\(Self.shown(ExpandedName(name).qualifiedName))> is nested \(depth) elements deep; the limit is "
                + "\(limits.maximumDepth) (ParseLimits.maximumDepth)")
    }

    /// ``admitElement(name:attributes:)`` for a start tag too long to prove its names and
    /// values short: counts its attributes and measures them.
    @inline(never)
    private func admitLongTag(
        name: UnsafePointer<CChar>, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?, declarations: Int
    ) -> Bool {
        if !hasQuickTagLimit {
            quickTagBytes = max(0, quickTagLimit())  // never negative: the compare is unsigned
            hasQuickTagLimit = true
            let raw = Int(XML_GetCurrentByteCount(parser))
            if raw > 0, raw <= quickTagBytes { return true }
        }
        var count = declarations
        var index = 0
        if let attributes {
            while attributes[index] != nil { index += 2 }
            count += index / 2
        }
        guard count <= limits.maximumAttributes else {
            refuse(
                .attributeLimitExceeded,
                "<\(Self.shown(ExpandedName(name).qualifiedName))> has \(count) attributes (namespace declarations "
                    + "included); the limit is \(limits.maximumAttributes) (ParseLimits.maximumAttributes)")
            return false
        }
        return admitNamesAndValues(name: name, attributes: attributes)
    }

    /// The length of a start tag, in input bytes, up to which it needs no measuring: it
    /// cannot hold a name or value over the limits (each input byte gives at most
    /// ``rawScale`` bytes of UTF-8), nor more attributes and namespace declarations than
    /// allowed (each takes at least five characters, ` a=""`). 0 when entities expand
    /// inside tags or the DTD adds defaulted attributes. Worked out at the root's start
    /// tag (the first to reach `admitLongTag`), when everything it depends on (encoding,
    /// DTD) is known.
    private func quickTagLimit() -> Int {
        guard !entities.hasInternalEntities, !hasExternalSubset, !declaresAttributeDefaults else { return 0 }
        let attributes = limits.maximumAttributes.multipliedReportingOverflow(by: 5)
        return min(
            min(limits.maximumNameLength, limits.maximumValueLength) / rawScale,
            attributes.overflow ? Int.max : attributes.partialValue)
    }

    /// How many UTF-8 bytes one byte expat reads can become (``DocumentEncoding/rawScale``).
    var rawScale: Int { encoding?.rawScale ?? 3 }

    /// Measures the element's name and each attribute's name and value.
    private func admitNamesAndValues(
        name: UnsafePointer<CChar>, attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Bool {
        let element = ExpandedName(name)
        guard admitName(element, what: "element name") else { return false }
        guard let attributes else { return true }
        var index = 0
        while let rawName = attributes[index], let rawValue = attributes[index + 1] {
            index += 2
            let attribute = ExpandedName(rawName)
            guard admitName(attribute, what: "attribute name", focus: .offset) else { return false }
            let length = strlen(rawValue)
            guard length <= limits.maximumValueLength else {
                let qualified = attribute.qualifiedName
                refuse(
                    .valueLengthLimitExceeded,
                    "the value of attribute '\(Self.shown(qualified))' on <\(Self.shown(element.qualifiedName))> is "
                        + "\(Self.bytes(length)) long; the limit is \(Self.bytes(limits.maximumValueLength)) "
                        + "(ParseLimits.maximumValueLength)",
                    focus: qualified.utf8.count <= limits.maximumNameLength ? .attributeValue(qualified) : .offset)
                return false
            }
        }
        if hasExternalSubset, let undeclared = undeclaredReferenceInTag() {
            refuse(
                .undefinedEntity,
                "entity '\(Self.shown(undeclared))' in an attribute of <\(Self.shown(element.qualifiedName))> is not "
                    + "declared in the document; it could only come from the external DTD, which is never read")
            return false
        }
        return true
    }

    private func admitName(_ name: ExpandedName, what: String, focus: PendingDiagnostic.Focus = .offset) -> Bool {
        let length = max(name.local.count, name.prefix?.count ?? 0)
        guard length > limits.maximumNameLength else { return true }
        refuse(
            .nameLengthLimitExceeded,
            "\(what) '\(Self.shown(name.qualifiedName))' is \(Self.bytes(length)) long; the limit is "
                + "\(Self.bytes(limits.maximumNameLength)) (ParseLimits.maximumNameLength)",
            focus: focus)
        return false
    }

    /// Checks one `xmlns` declaration: counted with the next start tag's attributes.
    func admitNamespaceDeclaration(prefix: UnsafePointer<CChar>?, uri: UnsafePointer<CChar>?) -> Bool {
        namespaceDeclarations += 1
        if let prefix,
            !admitLength(
                of: prefix, .name, describe: "namespace prefix '\(Self.shown(String(cString: prefix)))'")
        {
            return false
        }
        if let uri, !admitLength(of: uri, .value, describe: "namespace URI '\(Self.shown(String(cString: uri)))'") {
            return false
        }
        return true
    }

    /// Which length limit a C string is held to.
    enum LengthLimit {
        case name, value, text
    }

    /// Refuses a C string longer than its limit, naming it as `describe` says.
    ///
    /// - Returns: Whether the string is within the limit.
    func admitLength(
        of text: UnsafePointer<CChar>, _ limit: LengthLimit, describe: @autoclosure () -> String
    ) -> Bool {
        let (maximum, code, setting): (Int, XMLBindError.Code, String) =
            switch limit {
            case .name: (limits.maximumNameLength, .nameLengthLimitExceeded, "maximumNameLength")
            case .value: (limits.maximumValueLength, .valueLengthLimitExceeded, "maximumValueLength")
            case .text: (limits.maximumTextLength, .textLengthLimitExceeded, "maximumTextLength")
            }
        let length = strlen(text)
        guard length > maximum else { return true }
        refuse(
            code,
            "\(describe()) is \(Self.bytes(length)) long; the limit is \(Self.bytes(maximum)) (ParseLimits.\(setting))")
        return false
    }

    /// Refuses a run of text longer than ``ParseLimits/maximumTextLength``.
    @inline(never)
    func refuseText() {
        refuse(
            .textLengthLimitExceeded,
            "text is longer than \(Self.bytes(limits.maximumTextLength)), the limit set by "
                + "ParseLimits.maximumTextLength")
    }

    /// Checks the XML declaration: version 1.x only.
    func admitDeclaration(version: UnsafePointer<CChar>?, standalone: Int32) {
        isStandalone = standalone == 1
        guard let version else { return }
        let text = String(cString: version)
        let digits = text.utf8.dropFirst(2)
        guard text.hasPrefix("1."), !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
            refuse(.unsupportedXMLVersion, "XML version '\(Self.shown(text))' is not supported; only 1.x is")
            return
        }
    }

    /// A reference, in the raw bytes of the current start tag, to an entity whose text
    /// is not all declared in the document.
    ///
    /// With an external DTD subset, expat silently drops such references inside attribute
    /// values (the entity might have been declared in the subset it never reads); reading
    /// the tag's bytes again is the only way to notice. Only documents with an external
    /// subset pay for it.
    private func undeclaredReferenceInTag() -> String? {
        var offset: Int32 = 0
        var size: Int32 = 0
        let count = Int(XML_GetCurrentByteCount(parser))
        guard !isStandalone, count > 0, let context = XML_GetInputContext(parser, &offset, &size),
            offset >= 0, Int(offset) + count <= Int(size)
        else { return nil }
        let tag = UnsafeRawBufferPointer(start: context + Int(offset), count: count)
        let form: RawUnits.Form =
            switch encoding?.sourceEncoding ?? .utf8 {
            case .utf8: .bytes
            case .utf16BigEndian: .bigEndian
            case .utf16LittleEndian: .littleEndian
            case .singleByte: .singleByte
            }
        let units = RawUnits(tag, form: form)
        for name in units.entityReferences() where !entities.isFullyDeclared(name) {
            return name
        }
        return nil
    }

    // MARK: Messages

    /// A name or value cut to a length fit for a one-line message.
    static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(37)) + "..." : text
    }

    /// A byte count for a message: `1 MiB (1048576 bytes)`, `1024 bytes`.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB (\(count) bytes)" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}
