#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Elements read by an ``ElementReader`` (`.reading(with:)`): while one is open, every event
/// inside it goes straight to its reader, ahead of everything else the engine does (no
/// frames, no name lookups); its value is placed when it ends, as an object would be.
extension BindingEngine {
    /// An element open inside (or as) the element being read.
    struct ReaderLevel {
        /// Where the element's own text starts in ``text``.
        var textStart: Int
        /// Its start tag's byte offset.
        var byteOffset: Int
    }

    /// The element being read: what its value needs once the reader finishes it.
    struct ReaderState {
        var bindingIndex = -1
        /// The parent's child slot declared with `xml:` that takes the value, or -1.
        var slot = -1
        var byteOffset = -1
        /// Where the element's text starts in ``text``: dropped back to after a failure.
        var textStart = 0
        /// The origin of its start tag, when the mapped type is ``OriginAware``.
        var line = 0
        var column = 0
        /// Its namespace, when the type is ``NamespaceAware``; its name, for `.elementName`.
        var namespace: String?
        var elementName: String?
        /// Whether the value goes to the stream instead of its parent.
        var streams = false
    }

    /// Whether an element reader is reading: every tag goes to it (the driver then calls
    /// ``readerStart(name:attributes:byteIndex:)`` and ``readerEnd(name:)`` directly).
    var isReading: Bool {
        @inline(__always) get { readerLevels.count > 0 }
    }

    /// Begins reading an element of a mapping read by a reader, instead of making an object.
    @inline(never)
    func startReader(
        _ binding: ElementBinding, at bindingIndex: Int, name: ExpatName,
        attributes: ExpatAttributes, byteIndex: Int
    ) {
        guard let session = readerSession(of: binding, at: bindingIndex) else { return }
        var state = ReaderState(bindingIndex: bindingIndex, byteOffset: byteIndex, textStart: text.count)
        let access = binding.access
        if access.setOrigin != nil {
            let position = withDriver { $0.currentLineColumn } ?? (line: 0, column: 0)
            (state.line, state.column) = (position.line, position.column &+ 1)
        }
        if access.setNamespace != nil {
            state.namespace = ExpandedName(name).uri.map { String(decoding: $0, as: UTF8.self) }
        }
        if let slot = binding.elementNameSlot {
            let expanded = ExpandedName(name)
            state.elementName =
                slot.qualified ? expanded.qualifiedName : String(decoding: expanded.local, as: UTF8.self)
        }
        if frames.isEmpty {
            rootBinding = binding
            rootByteIndex = byteIndex
        }
        // Streaming (issue 5): the outermost value of the streamed type goes to the stream.
        if let stream, stream.openFrame < 0, stream.opens(binding, at: bindingIndex, sample: access.makeSampleValue) {
            state.streams = true
        }
        readerState = state
        setActiveReader(session)
        readerStart(name: name, attributes: attributes, byteIndex: byteIndex)
    }

    /// The mapping's reader session in this parse, made on first use.
    private func readerSession(of binding: ElementBinding, at bindingIndex: Int) -> ReaderSession? {
        if bindingIndex < readers.count, let session = readers[bindingIndex] { return session }
        guard let factory = binding.readerFactory else { return nil }
        if readers.count < registry.bindings.count {
            readers += repeatElement(nil, count: registry.bindings.count - readers.count)
        }
        let session = factory()
        readers[bindingIndex] = session
        return session
    }

    /// A start tag inside (or of) the element being read.
    ///
    /// Inlined into the driver's handler (whose frame is already set up); failures go out
    /// of line.
    @inline(__always)
    func readerStart(
        name: ExpatName, attributes: ExpatAttributes, byteIndex: Int
    ) {
        let depth = readerLevels.count
        // The parent's own text so far: its start in the buffer, to the end.
        let parentTextStart = readerLevels.lastSlot?.pointee.textStart ?? text.count
        readerLevels.append(ReaderLevel(textStart: text.count, byteOffset: byteIndex))
        do {
            try withActiveReader {
                try $0.reader.start(
                    ReaderElement(
                        depth: depth, byteOffset: byteIndex, name: name, attributes: attributes,
                        precedingText: text.values(from: parentTextStart)))
            }
        } catch {
            readerFailed(error, name: name, depth: depth, byteOffset: byteIndex, text: nil)
        }
    }

    /// An end tag inside (or of) the element being read; the element's own ends its value.
    @inline(__always)
    func readerEnd(name: ExpatName) {
        guard let level = readerLevels.lastSlot else { return }
        let (textStart, byteOffset) = (level.pointee.textStart, level.pointee.byteOffset)
        readerLevels.removeLast()
        let depth = readerLevels.count
        do {
            try withActiveReader {
                try $0.reader.end(
                    ReaderElement(endTagAt: depth, byteOffset: byteOffset, name: name),
                    text: ReaderText(text.values(from: textStart)))
            }
        } catch {
            readerFailed(error, name: name, depth: depth, byteOffset: byteOffset, text: text.values(from: textStart))
            return
        }
        text.truncate(to: textStart)
        if depth == 0 { finishReader() }
    }

    /// The value of the element read, once its end tag is: finished by the reader, given
    /// what an object of its mapping gets, and placed.
    @inline(never)
    private func finishReader() {
        let state = readerState
        readerState = ReaderState()
        var finished: HeldObject?
        withActiveReader { session in
            do {
                finished = try session.finish()
            } catch {
                let mapped = withBinding(state.bindingIndex) { $0.elementName.description }
                reportReaderFailure(
                    error, element: mapped, mapped: mapped, depth: 0, byteOffset: state.byteOffset, text: nil)
            }
        }
        setActiveReader(nil)
        guard let held = finished else { return }
        let placed = withBinding(state.bindingIndex) { binding in
            held.withObject { object in
                prepare(object, of: binding, state: state)
                guard state.streams, let stream else { return true }
                if errorCount == 0 {
                    stream.append(binding.access.isClass ? .object(object) : .value(binding.access.value(object)))
                }
                return false
            }
        }
        if placed {
            place(held, of: state.bindingIndex, byteIndex: state.byteOffset, slot: state.slot)
        } else {
            held.release()
        }
    }

    /// Gives a finished value what an object of its mapping gets: its origin, byte offset,
    /// namespace and element name, then the mapping's checks.
    private func prepare(_ object: AnyObject, of binding: ElementBinding, state: ReaderState) {
        let access = binding.access
        access.setOrigin?(object, file, state.line, state.column)
        access.setByteOffset?(object, state.byteOffset)
        access.setNamespace?(object) { state.namespace }
        if let slot = binding.elementNameSlot, let name = state.elementName { slot.store(object, name) }
        guard !binding.validators.isEmpty else { return }
        runValidators(of: binding, on: object, byteOffset: state.byteOffset)
    }

    /// Reports what a reader threw, and skips the rest of the element being read.
    @inline(never)
    private func readerFailed(
        _ error: any Error, name: ExpatName, depth: Int, byteOffset: Int,
        text value: UnsafeBufferPointer<UInt8>?
    ) {
        reportReaderFailure(
            error, element: ExpandedName(name).qualifiedName,
            mapped: withBinding(readerState.bindingIndex) { $0.elementName.description }, depth: depth,
            byteOffset: byteOffset, text: value)
        // Still open: the elements on the level stack (the one that threw in a start tag is
        // on it; one that threw in its end tag is not). Their end tags are skipped.
        let open = readerLevels.count
        readerLevels.truncate(to: 0)
        text.truncate(to: readerState.textStart)
        readerState = ReaderState()
        setActiveReader(nil)
        skipDepth = open
    }

    /// The diagnostic for what a reader threw, at the element whose event threw.
    private func reportReaderFailure(
        _ error: any Error, element: String, mapped: String, depth: Int, byteOffset: Int,
        text value: UnsafeBufferPointer<UInt8>?
    ) {
        var message = String(describing: error)
        var offset = byteOffset
        var focus = PendingDiagnostic.Focus.offset
        if let failure = error as? ElementReaderError {
            message = failure.message
            offset = failure.byteOffset ?? byteOffset
        } else if let failure = error as? ConversionError {
            // As the binder reports a failed conversion of element text.
            let place = depth == 0 ? "<\(mapped)>" : "<\(element)> in <\(mapped)>"
            if let attempt = failure.attempt {
                message =
                    "cannot convert \"\(Self.shortened(attempt.text))\" to \(attempt.typeName) for \(place): "
                    + failure.reason
            } else if let value {
                message =
                    "cannot convert \"\(Self.shortened(String(decoding: value, as: UTF8.self)))\" for \(place): "
                    + failure.reason
            } else {
                message = "\(failure.reason), in \(place)"
            }
            if value != nil { focus = .elementText }
        }
        report(PendingDiagnostic(code: .elementReaderFailed, message: message, byteOffset: offset, focus: focus))
    }

    /// Text as a message quotes it: at most 60 characters.
    static func shortened(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(57)) + "..." : text
    }
}
