import MapWireGeometry

/// The map's annotations in drawing order (the last added on top), which one is selected, which have
/// not yet been part of a drawn frame, and the delegate's answers for each (its appearance). Pure state:
/// the host turns the returned changes into events.
public struct AnnotationStore: Sendable {
    public private(set) var annotations: [Annotation] = []
    /// The selected annotation; its callout is laid out per frame from its appearance (CalloutLayout).
    public private(set) var selectedID: String?
    /// Where a shape was tapped to select it: its callout points there (nil: its first coordinate).
    public private(set) var selectedTip: LngLat?
    /// The delegate's resolved answers; an annotation without one looks like the defaults.
    private var appearances: [String: AnnotationAppearance] = [:]
    /// Annotations not yet shown that the delegate is being asked about: not drawn (nor hit) until answered
    /// or timed out, so their first frame already has the delegate's look.
    public private(set) var asking: Set<String> = []
    /// Counts every change to what is drawn (annotations, answers, selection): the host re-encodes the
    /// overlay only when it moved.
    public private(set) var revision: UInt64 = 0
    /// Added but not yet in a frame that was begun, in the order added.
    private var undrawn: [String] = []
    /// Taken by the frame being drawn; announced when it is drawn, back to `undrawn` when it is not.
    private var inFrame: [String] = []
    private var index: [String: Int] = [:]

    public init() {}

    public enum Change: Equatable, Sendable {
        case selected(String)
        case deselected(String)
    }

    public func annotation(_ id: String) -> Annotation? { index[id].map { annotations[$0] } }

    /// Adds a batch, all or nothing: every annotation valid, no id already in use or repeated in the batch.
    public mutating func add(_ batch: [Annotation]) throws(MapCommandError) {
        guard !batch.isEmpty else { throw MapCommandError("add-annotations needs at least one annotation") }
        var seen = Set<String>()
        var checked: [Annotation] = []
        for annotation in batch {
            let valid = try AnnotationValidation.validated(annotation)
            guard index[valid.id] == nil else {
                throw MapCommandError("annotation \"\(valid.id)\" already exists", reason: .refusedInState)
            }
            guard seen.insert(valid.id).inserted else { throw MapCommandError("annotation \"\(valid.id)\" appears twice in the batch") }
            checked.append(valid)
        }
        for annotation in checked {
            index[annotation.id] = annotations.count
            annotations.append(annotation)
            undrawn.append(annotation.id)
        }
        revision += 1
    }

    // MARK: The delegate's answers

    /// The appearance the delegate gave `id`, nil for the defaults.
    public func appearance(of id: String) -> AnnotationAppearance? { appearances[id] }

    /// The delegate is asked about these (known) annotations: those not yet part of any frame wait to be
    /// drawn until `answered`; those already on screen keep their look meanwhile (no flicker when a
    /// delegate registers late).
    public mutating func beginAsking(_ ids: [String]) {
        let notShown = Set(undrawn)
        for id in ids where index[id] != nil && notShown.contains(id) { asking.insert(id) }
        revision += 1
    }

    /// The delegate's answer (nil: none in time, the defaults) for an annotation it was asked about. An id
    /// no longer in the store is ignored.
    public mutating func answered(_ id: String, _ appearance: AnnotationAppearance?) {
        asking.remove(id)
        guard index[id] != nil else { return }
        appearances[id] = appearance
        revision += 1
    }

    /// Annotations that may be drawn and tapped now (not waiting for the delegate), bottom first.
    public var drawable: [Annotation] {
        asking.isEmpty ? annotations : annotations.filter { !asking.contains($0.id) }
    }

    /// Removes annotations, all or nothing; the selected one is deselected first.
    public mutating func remove(_ ids: [String]) throws(MapCommandError) -> [Change] {
        guard !ids.isEmpty else { throw MapCommandError("remove-annotations needs at least one id") }
        for id in ids where index[id] == nil { throw unknown(id) }
        var changes: [Change] = []
        if let selected = selectedID, ids.contains(selected) { changes = unselect(selected) }
        let gone = Set(ids)
        for id in gone {
            appearances[id] = nil
            asking.remove(id)
        }
        revision += 1
        annotations.removeAll { gone.contains($0.id) }
        undrawn.removeAll { gone.contains($0) }
        inFrame.removeAll { gone.contains($0) }
        index = Dictionary(uniqueKeysWithValues: annotations.enumerated().map { ($1.id, $0) })
        return changes
    }

    /// Selects an annotation, deselecting the one selected before. Selecting the selected one changes nothing.
    /// `tip`: where a tap selected it (a shape's callout points there).
    public mutating func select(_ id: String, tip: LngLat? = nil) throws(MapCommandError) -> [Change] {
        guard index[id] != nil else { throw unknown(id) }
        guard selectedID != id else {
            if tip != nil { selectedTip = tip }
            return []
        }
        var changes: [Change] = []
        if let previous = selectedID { changes.append(.deselected(previous)) }
        selectedID = id
        selectedTip = tip
        revision += 1
        changes.append(.selected(id))
        return changes
    }

    /// Deselects `id` when it is the selected annotation (an unknown id is refused, another one is ignored).
    public mutating func deselect(_ id: String) throws(MapCommandError) -> [Change] {
        guard index[id] != nil else { throw unknown(id) }
        return unselect(id)
    }

    /// A tap that hit nothing: the selected annotation, if any, is deselected.
    public mutating func deselectAll() -> [Change] {
        guard let selected = selectedID else { return [] }
        return unselect(selected)
    }

    private mutating func unselect(_ id: String) -> [Change] {
        guard selectedID == id else { return [] }
        selectedID = nil
        selectedTip = nil
        revision += 1
        return [.deselected(id)]
    }

    // MARK: Frames

    /// A frame begins: the annotations not yet drawn are part of it (those the delegate is being asked
    /// about wait for the next one).
    public mutating func frameBegan() {
        guard !asking.isEmpty else {
            inFrame.append(contentsOf: undrawn)
            undrawn = []
            return
        }
        inFrame.append(contentsOf: undrawn.filter { !asking.contains($0) })
        undrawn.removeAll { !asking.contains($0) }
    }

    /// The frame was drawn: the ids seen in a drawn frame for the first time (did-add-annotation-views).
    public mutating func frameDrawn() -> [String] {
        defer { inFrame = [] }
        return inFrame
    }

    /// The frame was not drawn: its annotations wait for the next one.
    public mutating func frameNotDrawn() {
        undrawn = inFrame + undrawn
        inFrame = []
    }

    private func unknown(_ id: String) -> MapCommandError {
        MapCommandError("no annotation with id \"\(id)\"", reason: .notFound)
    }
}
