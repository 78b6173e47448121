internal import CExpat

// The handlers expat calls, and the state they switch (the text handler). The invariants of
// ExpatDriver.swift hold here: this folder is the only importer of CExpat; the driver is
// expat's user data, passed unretained, and outlives every callback of its own parser; every
// pointer a handler receives is valid only during that callback and is passed on as a view.

/// expat's callbacks: non-capturing closures that find the driver again through expat's
/// user-data pointer and pass names and text to the engine as pointers and lengths.
extension ExpatDriver {
    @inline(__always)
    static func driver(_ userData: UnsafeMutableRawPointer?) -> ExpatDriver? {
        guard let userData else { return nil }
        return Unmanaged<ExpatDriver>.fromOpaque(userData).takeUnretainedValue()
    }

    /// Runs `body` with the driver behind expat's user-data pointer, without retaining
    /// it: the driver outlives every callback of its own parser.
    @inline(__always)
    static func withDriver(_ userData: UnsafeMutableRawPointer?, _ body: (ExpatDriver) -> Void) {
        guard let userData else { return }
        Unmanaged<ExpatDriver>.fromOpaque(userData)._withUnsafeGuaranteedRef(body)
    }

    /// ``withDriver(_:_:)`` for the text and end-tag handlers, without the test for `nil`:
    /// expat passes every call the user data it was given (see ExpatDriver.swift's
    /// invariants). SafeMode: tested.
    @inline(__always)
    static func withGivenDriver(_ userData: UnsafeMutableRawPointer?, _ body: (ExpatDriver) -> Void) {
        #if SafeMode
            withDriver(userData, body)
        #else
            Unmanaged<ExpatDriver>.fromOpaque(userData.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
        #endif
    }

    static let startElement: XML_StartElementHandler = { userData, name, attributes in
        #if SafeMode
            guard let name else { return }
        #else
            let name = name.unsafelyUnwrapped  // never nil (see ExpatDriver.swift's invariants)
        #endif
        withGivenDriver(userData) { driver in
            guard !driver.hasFailed, driver.admitElement(name: name, attributes: attributes) else { return }
            let byteIndex = driver.currentByteIndex
            let wantsText = driver.hotEngine.withObject { engine in
                engine.startElement(
                    name: ExpatName(name), attributes: ExpatAttributes(attributes), byteIndex: byteIndex)
            }
            if wantsText != driver.deliversText { driver.deliverText(wantsText) }
            if driver.hotEngine.withObject({ $0.shouldStop || $0.isReading }) { driver.afterUnusualStart() }
        }
    }

    /// After a start tag that stopped the parse or began an element reader's element.
    @inline(never)
    private func afterUnusualStart() {
        if engine.shouldStop { stop() } else if engine.isReading { startReading() }
    }

    /// The end-tag handler: ``expatEndElement(_:_:)``, expat's entry itself (see there).
    static let endElement: XML_EndElementHandler = expatEndElement

    /// Installs the text handler while the innermost element keeps text, and removes it
    /// otherwise: most character data (the whitespace between elements) goes nowhere,
    /// and without a handler expat skips it without a call.
    func deliverText(_ on: Bool) {
        XML_SetCharacterDataHandler(parser, on ? Self.characterData : nil)
        deliversText = on
    }

    /// The text handler: ``expatCharacterData(_:_:_:)``, expat's entry itself (see there).
    private static let characterData: XML_CharacterDataHandler = expatCharacterData

    /// ``refuseText()`` for the text handler: static, so that the driver is an argument
    /// and the call can be the handler's last jump (see ``EngineStack/appendText(_:count:)``).
    @inline(never)
    fileprivate static func refuseText(of driver: ExpatDriver) {
        driver.refuseText()
    }

    static let startNamespace: XML_StartNamespaceDeclHandler = { userData, prefix, uri in
        guard let driver = driver(userData), !driver.hasFailed,
            driver.admitNamespaceDeclaration(prefix: prefix, uri: uri)
        else { return }
        if let tracker = driver.engine.scopeTracker {
            tracker.begin(prefix: prefix.map { String(cString: $0) } ?? "", uri: uri.map { String(cString: $0) } ?? "")
        }
        guard driver.engine.needsNamespaceDeclarations, let uri else { return }
        // The default namespace as the prefix "": only `xsi:type` values need it.
        driver.engine.bindPrefix(prefix.map { String(cString: $0) } ?? "", to: String(cString: uri))
    }

    /// Installed only when the engine keeps the namespace scope (see ``NamespaceScopeTracker``).
    static let endNamespace: XML_EndNamespaceDeclHandler = { userData, prefix in
        guard let driver = driver(userData), !driver.hasFailed else { return }
        driver.engine.scopeTracker?.end(prefix: prefix.map { String(cString: $0) } ?? "")
    }

    static let xmlDeclaration: XML_XmlDeclHandler = { userData, version, encoding, standalone in
        guard let driver = driver(userData), !driver.hasFailed else { return }
        if let encoding {
            driver.noteDeclaredEncoding(String(cString: encoding))
        }
        driver.admitDeclaration(version: version, standalone: standalone)
    }
}

// The end-tag and text handlers are C entry points (`@_cdecl`, symbols local to this file)
// rather than closures: expat calls a closure through a thunk of its own (the body is a
// function too large to inline into it), 4 instructions a call, where the body of an
// `@_cdecl` function marked `@inline(__always)` is the entry itself. The text handler runs
// for every run of character data (247,293 times on 10 MB of RSS), the end handler for every
// end tag.

/// expat's end-tag callback (`XML_EndElementHandler`).
@_cdecl("XMLBind_expatEndElement") @inline(__always)
private func expatEndElement(_ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<XML_Char>?) {
    #if SafeMode
        guard let name else { return }
    #else
        // Never nil (see ExpatDriver.swift's invariants): the test would cost every end tag.
        let name = name.unsafelyUnwrapped
    #endif
    ExpatDriver.withGivenDriver(userData) { driver in
        guard !driver.hasFailed else { return }
        driver.depth &-= 1  // at least 1: expat reports no end tag without its start
        driver.textRun = 0
        let (stops, wantsText) = driver.hotEngine.withObject { engine in
            engine.endElement(name: ExpatName(name))
            return (engine.shouldStop, engine.wantsTextAfterTag)
        }
        if wantsText != driver.deliversText { driver.deliverText(wantsText) }
        if stops { driver.stop() }
    }
}

/// expat's character-data callback (`XML_CharacterDataHandler`).
@_cdecl("XMLBind_expatCharacterData") @inline(__always)
private func expatCharacterData(_ userData: UnsafeMutableRawPointer?, _ text: UnsafePointer<XML_Char>?, _ length: Int32)
{
    #if SafeMode
        guard let text, length > 0 else { return }
    #else
        // Never nil (see ExpatDriver.swift's invariants), and an empty run changes nothing
        // below (its count is added and its no bytes copied): the tests would cost every run
        // of text, 8 instructions of the handler's 29.
        let text = text.unsafelyUnwrapped
    #endif
    ExpatDriver.withGivenDriver(userData) { driver in
        guard !driver.hasFailed else { return }
        driver.textRun &+= Int(length)  // bounded by the limit: cannot overflow
        guard driver.textRun <= driver.limits.maximumTextLength else {
            ExpatDriver.refuseText(of: driver)
            return
        }
        driver.hotEngine.withObject {
            $0.characters(ExpatText(UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: Int(length)))
        }
    }
}
