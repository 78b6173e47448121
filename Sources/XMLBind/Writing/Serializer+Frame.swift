extension Serializer {
    /// An element being written: its object, where its content has got to, and the
    /// children of the slot being written.
    ///
    /// It holds three references (the box and the cursor's two arrays) and numbers: a
    /// frame is made and destroyed per object, and what is rare (a computed end tag, a path
    /// element's queue) is kept beside it in ``FrameExtras``.
    struct Frame {
        let form: Int
        let box: AnyObject
        /// Where `</name>` is found.
        let end: EndTag
        let depth: Int
        /// Whether nothing is indented inside the element.
        let inline: Bool
        /// Whether `>` is written (else the element may still end as `/>`).
        var opened = false
        /// Whether a child element is written (then the end tag goes on its own line).
        var wroteElement = false
        /// The next ``WritingForm/steps`` entry; one past the end is the provider's children.
        var step = 0
        var children = ChildCursor()
        /// The tags of the name the slot being written gives its children (`xml:`), if it
        /// does: qualified once per slot, not per child.
        var slotTags = SlotTags.none
        /// The frame's entry in ``Serializer/frameExtras``, or -1.
        var extras = -1
        /// Whether the element keeps `.mixedText` pieces, on top of ``Serializer/openPieces``.
        /// A flag, not the pieces: a frame of any other element stays as small as it was.
        var writesPieces = false

        init(form: Int, box: AnyObject, end: EndTag, depth: Int, inline: Bool, extras: Int = -1) {
            self.form = form
            self.box = box
            self.end = end
            self.depth = depth
            self.inline = inline
            self.extras = extras
        }
    }

    /// Where a frame's end tag is.
    enum EndTag {
        /// The form's ``WritingForm/close``.
        case form
        /// The tags of a child slot of another form (`xml:`).
        case slot(form: Int, slot: Int)
        /// The frame's ``FrameExtras/close``.
        case extras
    }

    /// Which tags a frame's current slot gives its children.
    enum SlotTags {
        case none
        /// ``WritingForm/slotTags`` of the frame's form.
        case form(slot: Int)
        /// ``FrameExtras/slotTags``.
        case extras
    }

    /// What few frames need: a path element's (issue 13), a keyed member holder's, or an
    /// element whose name each object says (``NamespaceAware``).
    struct FrameExtras {
        /// `</name>`, or empty for a frame without tags (keyed members, Serializer+Keyed.swift).
        var close: [UInt8] = []
        /// For a path element's frame: its namespace, which an unprefixed name a slot
        /// through it gives its children is written in.
        var slotParent: NamespacePlan.Target = .inherit
        /// The tags a path element's slot gives its children.
        var slotTags: WritingForm.ElementTags?
        /// For a path element holding objects, what is left to write in it.
        var queue: [PathItem]?
    }
}
