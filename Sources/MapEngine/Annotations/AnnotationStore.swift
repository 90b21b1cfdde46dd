/// The map's annotations in drawing order (the last added on top), which one is selected, and which have
/// not yet been part of a drawn frame. Pure state: the host turns the returned changes into events.
public struct AnnotationStore: Sendable {
    public private(set) var annotations: [Annotation] = []
    /// Callouts (a later part of issue 16) belong to the selection: when the annotation delegate says the
    /// selected annotation can show one, its callout (screen box, accessory boxes) is kept next to this id,
    /// and a tap tests the callout before the annotations (tap-on-callout, callout-accessory-control-tapped).
    public private(set) var selectedID: String?
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
    }

    /// Removes annotations, all or nothing; the selected one is deselected first.
    public mutating func remove(_ ids: [String]) throws(MapCommandError) -> [Change] {
        guard !ids.isEmpty else { throw MapCommandError("remove-annotations needs at least one id") }
        for id in ids where index[id] == nil { throw unknown(id) }
        var changes: [Change] = []
        if let selected = selectedID, ids.contains(selected) { changes = unselect(selected) }
        let gone = Set(ids)
        annotations.removeAll { gone.contains($0.id) }
        undrawn.removeAll { gone.contains($0) }
        inFrame.removeAll { gone.contains($0) }
        index = Dictionary(uniqueKeysWithValues: annotations.enumerated().map { ($1.id, $0) })
        return changes
    }

    /// Selects an annotation, deselecting the one selected before. Selecting the selected one changes nothing.
    public mutating func select(_ id: String) throws(MapCommandError) -> [Change] {
        guard index[id] != nil else { throw unknown(id) }
        guard selectedID != id else { return [] }
        var changes: [Change] = []
        if let previous = selectedID { changes.append(.deselected(previous)) }
        selectedID = id
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
        return [.deselected(id)]
    }

    // MARK: Frames

    /// A frame begins: the annotations not yet drawn are part of it.
    public mutating func frameBegan() {
        inFrame.append(contentsOf: undrawn)
        undrawn = []
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
