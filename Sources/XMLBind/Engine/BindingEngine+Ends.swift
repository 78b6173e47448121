#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// End tags: the element whose frame is on top ends (a path element, a property element or
/// an object) and its frame is popped. ``endElement(name:)`` in BindingEngine+Events.swift
/// dispatches here.
extension BindingEngine {
    /// Ends the path element whose frame is on top (see BindingEngine+Paths.swift).
    @inline(never)
    func endPathFrame(_ top: ValueSlot<Frame>) {
        guard let node = top.pointee.pathNode else { return }
        let frame = top.pointee
        frames.removeLast()
        endPathElement(node, owner: frame.pathOwner, frame: frame)
    }

    /// Ends the property element whose frame is on top (its owner's frame is below it),
    /// and pops it.
    ///
    /// The usual value (plain text, the property's first, nothing to substitute and no
    /// choice to check) is stored last, once the frame, the owner's marks and the text
    /// buffer are done with (the text stays in place until the next run is appended), in
    /// this function, with the setter slot's fields read outside any closure:
    /// `storePlainText(_:into:of:at:base:)` called inside the binding's closure stayed a
    /// function of its own, with a second prologue and epilogue a value. Anything else goes through
    /// ``storeText(from:into:of:at:object:base:assigned:place:)`` and its reports.
    @inline(never)
    func endPropertyElement(_ frame: ValueSlot<Frame>) {
        guard let owner = frames.slotBelowLast, owner.pointee.object != nil, let base = owner.pointee.base else {
            if isPiece, frames.count == 2 { markPieceInexact() }
            frames.removeLast()
            return
        }
        let (textStart, propertyIndex, bindingIndex) = (
            frame.pointee.textStart, frame.pointee.propertyIndex, frame.pointee.bindingIndex
        )
        // The binding is borrowed in small closures, each inlined: one around the whole path
        // stayed a call of its own once the store was written out in it.
        let isUsual = withBinding(bindingIndex) { binding in
            textStart >= 0 && resolver == nil && !binding.hasChoices && binding.textOffset(of: propertyIndex) >= 0
        }
        guard isUsual, !owner.pointee.assigned.contains(propertyIndex) else {
            withBinding(bindingIndex) { endOtherPropertyElement(frame, owner: owner, of: $0) }
            return
        }
        owner.pointee.assigned.insert(propertyIndex)
        elementAssignments.append((propertyIndex, frame.pointee.byteIndex))
        frames.removeLast()
        let bytes = text.removeText(from: textStart)
        let (trims, offset, isOptional) = withBinding(bindingIndex) { binding in
            (
                binding.textTrims(of: propertyIndex), binding.textOffset(of: propertyIndex),
                binding.textIsOptional(of: propertyIndex)
            )
        }
        storePlainText(
            bytes, trims: trims, at: offset, isOptional: isOptional,
            property: cacheIndex(of: propertyIndex, in: bindingIndex), base: base)
    }

    /// ``endPropertyElement(_:)`` for any value but the usual one: the frame is popped
    /// before the value is stored, as every report about it expects.
    @inline(never)
    func endOtherPropertyElement(
        _ frame: ValueSlot<Frame>, owner: ValueSlot<Frame>, of binding: ElementBinding
    ) {
        let (textStart, propertyIndex, bindingIndex, byteIndex, textOffset) = (
            frame.pointee.textStart, frame.pointee.propertyIndex, frame.pointee.bindingIndex, frame.pointee.byteIndex,
            frame.pointee.textOffset
        )
        frames.removeLast()
        guard let object = owner.pointee.object, let base = owner.pointee.base else { return }
        // The owner's frame holds the object; borrowing it saves a retain per value.
        object.withObject { object in
            storeText(
                from: textStart, into: propertyIndex, of: binding, at: bindingIndex, object: object, base: base,
                assigned: &owner.pointee.assigned,
                place: .element(
                    offset: byteIndex, textOffset: textOffset, ownerMark: owner.pointee.assignmentMark,
                    ownerOffset: owner.pointee.byteIndex))
        }
        elementAssignments.append((propertyIndex, byteIndex))
    }

    /// ``end(_:of:)`` with the frame's binding, borrowed: a function of its own, which the
    /// end handler calls directly (a closure around it there became a partial application
    /// once the handler was made expat's entry).
    @inline(never)
    func endObjectFrame(_ top: ValueSlot<Frame>) {
        withBinding(top.pointee.bindingIndex) { binding in end(top, of: binding) }
    }

    /// Ends the object element whose frame is on top, and pops it.
    ///
    /// The frame is read in place (it is large, and this runs once per element); nothing
    /// pushes a frame until it is popped, so its address stays valid.
    func end(_ frame: ValueSlot<Frame>, of binding: ElementBinding) {
        // The frame's reference to the object is now this function's: handed on to the
        // parent's collected children, or released once the object is placed.
        guard let held = frame.pointee.object, let base = frame.pointee.base else {
            frames.removeLast()
            return
        }
        let (bindingIndex, byteIndex, slot) = (
            frame.pointee.bindingIndex, frame.pointee.byteIndex, frame.pointee.propertyIndex
        )
        // Borrowed from the frame's reference, which keeps it alive until it is placed.
        let disposition = held.withObject { object -> EndDisposition in
            let textStart = frame.pointee.textStart
            if let index = binding.textProperty {
                if textStart < text.count {
                    storeText(
                        from: textStart, into: index, of: binding, at: bindingIndex, object: object, base: base,
                        assigned: &frame.pointee.assigned,
                        place: .text(offset: byteIndex, textOffset: frame.pointee.textOffset))
                } else {
                    dropText(from: textStart)
                }
            } else if let mixed = binding.mixedTextSlot, textStart >= 0 {
                // `.mixedText`: the piece after the last child object, empty for none.
                mixed.append(object, String(decoding: text.values(from: textStart), as: UTF8.self))
                dropText(from: textStart)
            }
            storeCollectedChildren(from: frame.pointee.childMark, of: binding, base: base)
            // Required members all given, and nothing else to do: one mask test.
            if binding.hasCompletion,
                !binding.completesByBits
                    || frame.pointee.assigned.lowBits(in: binding.requiredBits) != binding.requiredBits
            {
                complete(binding, object: object, base: base, frame: frame)
            }
            elementAssignments.truncate(to: frame.pointee.assignmentMark)
            guard watchesEnds else { return .placed }
            // `xsi:nil="true"` (issue 13): the element stands for no object.
            if nilFrames.count > 0, nilFrames[nilFrames.count &- 1] == frames.count &- 1 {
                nilFrames.removeLast()
                return .dropped
            }
            // Streaming (issue 5): the streamed object goes to the stream, not to its
            // parent, and only while the document has had no error.
            if let stream, stream.openFrame == frames.count &- 1 {
                stream.openFrame = -1
                guard errorCount == 0 else { return .dropped }
                // A class instance goes to the queue with the frame's reference (below); a
                // struct's value is copied out, and its box released with the frame's.
                guard binding.access.isClass else {
                    stream.append(.value(binding.access.value(object)))
                    return .dropped
                }
                return .streamed
            }
            // Editing (issue 32): the object is complete; its parent is the frame below.
            if recorder != nil {
                let parent = frames.count >= 2 ? frames[frames.count &- 2].bindingIndex : -1
                recorder?.objectEnded(object, bindingIndex: bindingIndex, byteIndex: byteIndex, parentBinding: parent)
            }
            return .placed
        }
        frame.pointee.assigned.deallocate()
        frames.removeLast()
        switch disposition {
        case .placed: place(held, of: bindingIndex, byteIndex: byteIndex, slot: slot)
        case .streamed: stream?.append(taking: held)
        case .dropped: held.release()
        }
    }

    /// What becomes of an object when its element ends, once its frame is gone.
    enum EndDisposition {
        /// Handed to its parent (or made the root), with the frame's reference.
        case placed
        /// Queued for the stream, with the frame's reference: no retain and release.
        case streamed
        /// Not kept by the engine (`xsi:nil`, a struct's value already streamed, an error):
        /// the frame's reference is released.
        case dropped
    }
}
