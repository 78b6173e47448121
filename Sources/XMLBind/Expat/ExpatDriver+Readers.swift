internal import CExpat

// Invariants (the expat room, see Engine/UncheckedLayer.swift): the handlers below are the
// element handlers expat calls while an element reader reads, under the same rules as the
// driver's own (the driver and engine borrowed, names and attributes valid only during the
// callback). They are installed only while `engine.isReading` holds, and the driver's own
// are put back by the event that ends the reading.

/// The element handlers while an ``ElementReader`` reads (``BindingEngine/isReading``):
/// every tag inside its element goes to the reader, so these skip the engine's dispatch
/// between bound and read elements, and the question of the text handler, which stays on
/// (a reader gets all text inside its element). The driver's guards apply to each tag as
/// they do to any.
extension ExpatDriver {
    /// Hands the tags to the reader handlers, once the engine has begun reading an element.
    @inline(never)
    func startReading() {
        XML_SetElementHandler(parser, Self.readerStartElement, Self.readerEndElement)
    }

    /// Puts the driver's own handlers back once the engine has stopped reading (the element
    /// ended, or its reader failed and the rest is skipped), and does what they would have
    /// done after the event: the text handler as the engine now wants it, a stop it asked for.
    @inline(never)
    private func afterReaderEvent() {
        let (stops, wantsText, reads) = hotEngine.withObject { ($0.shouldStop, $0.wantsText, $0.isReading) }
        if !reads { XML_SetElementHandler(parser, Self.startElement, Self.endElement) }
        if wantsText != deliversText { deliverText(wantsText) }
        if stops { stop() }
    }

    private static let readerStartElement: XML_StartElementHandler = { userData, name, attributes in
        guard let name else { return }
        withDriver(userData) { driver in
            guard !driver.hasFailed, driver.admitElement(name: name, attributes: attributes) else { return }
            let goesOn = driver.hotEngine.withObject { engine in
                engine.readerStart(
                    name: ExpatName(name), attributes: ExpatAttributes(attributes), byteIndex: driver.currentByteIndex)
                return engine.isReading && !engine.shouldStop
            }
            if !goesOn { driver.afterReaderEvent() }
        }
    }

    private static let readerEndElement: XML_EndElementHandler = { userData, name in
        guard let name else { return }
        withDriver(userData) { driver in
            guard !driver.hasFailed else { return }
            driver.depth -= 1
            driver.textRun = 0
            let goesOn = driver.hotEngine.withObject { engine in
                engine.readerEnd(name: ExpatName(name))
                return engine.isReading && !engine.shouldStop
            }
            if !goesOn { driver.afterReaderEvent() }
        }
    }
}
