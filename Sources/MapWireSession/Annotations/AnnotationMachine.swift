import Foundation
import Logging
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The annotations of the map (PROTOCOL.md 7.10; MGLMapViewDelegate's annotation calls): the commands,
/// selection (by command, or by a tap offered to the annotations before the gesture chain), the
/// delegate's answers on how they look, and did-add-annotation-views once an annotation has been part of
/// a drawn frame. Every call returns what the session must do; the machine holds no reference to it.
struct AnnotationMachine {
    /// What the annotations ask of the session, in order.
    enum Output: Equatable {
        /// Publish this event (causation nil: the command being handled).
        case publish(Mapwire_V1_Envelope.OneOf_Payload, causedBy: UInt64?)
        /// Ask the annotation delegate how these annotations look (DescribeAnnotations); the session
        /// hands its outcome back to `described(_:_:)`.
        case describe([Mapwire_V1_Annotation])
        /// What is drawn changed: the map needs a frame.
        case repaint
    }

    /// The map as a tap sees it: where things are on screen now, and how large a style image is.
    struct Scene {
        let transform: Transform
        let size: ViewportSize
        let styleImageSize: (String) -> (width: Double, height: Double)?
    }

    /// The store itself: MapEngine's.
    var store = AnnotationStore()
    /// The map's tint colour (CSS): annotations' default stroke and fill.
    let tint: String
    /// Annotations asked about in one DescribeAnnotations, by encoded size.
    let batchBytes: Int
    /// The last overlay sent in frames, by the store's revision (AnnotationMachine+Overlay.swift).
    var overlay = OverlayCache()
    let logger: Logger

    init(tint: String, batchBytes: Int, logger: Logger) {
        self.tint = tint
        self.batchBytes = batchBytes
        self.logger = logger
    }

    // MARK: Commands

    /// The annotation commands that change something (PROTOCOL.md 7.10); nil for any other command.
    mutating func handle(_ command: Mapwire_V1_Command.OneOf_Kind, delegatePresent: Bool) throws(MapCommandError) -> [Output]? {
        switch command {
        case .addAnnotations(let c): try add(c, delegatePresent: delegatePresent)
        case .removeAnnotations(let c): try remove(c)
        case .selectAnnotation(let c): try select(c)
        case .deselectAnnotation(let c): try deselect(c)
        default: nil
        }
    }

    mutating func add(_ c: Mapwire_V1_AddAnnotations, delegatePresent: Bool) throws(MapCommandError) -> [Output] {
        var batch: [Annotation] = []
        for annotation in c.annotations { batch.append(try annotation.engineAnnotation()) }
        try store.add(batch)
        return describe(batch.map(\.id), delegatePresent: delegatePresent) + [.repaint]
    }

    mutating func remove(_ c: Mapwire_V1_RemoveAnnotations) throws(MapCommandError) -> [Output] {
        changes(try store.remove(c.ids), causedBy: nil) + [.repaint]
    }

    mutating func select(_ c: Mapwire_V1_SelectAnnotation) throws(MapCommandError) -> [Output] {
        changes(try store.select(c.id), causedBy: nil)
    }

    mutating func deselect(_ c: Mapwire_V1_DeselectAnnotation) throws(MapCommandError) -> [Output] {
        changes(try store.deselect(c.id), causedBy: nil)
    }

    var list: Mapwire_V1_AnnotationList {
        .with {
            $0.annotations = store.annotations.map(\.protocolValue)
            $0.selectedID = store.selectedID ?? ""
        }
    }

    // MARK: Taps

    /// The gesture chain's "subview first" step for a tap (HERE's NMAMapGestureDelegate): a tap on the shown
    /// callout gives callout-accessory-control-tapped or tap-on-callout (selection unchanged); else the
    /// topmost annotation under it is selected. Either way the tap goes no further (`taken` is the
    /// annotation's id); a tap on the empty map deselects and goes on down the chain.
    mutating func offerTap(_ gesture: Gesture, commandID: UInt64, in scene: Scene) -> (taken: String?, outputs: [Output]) {
        guard case .tap(let at) = gesture else { return (nil, []) }
        let hitTest = AnnotationHitTest(transform: scene.transform)
        if let callout = shownCallout(hitTest, scene), let part = callout.layout.part(at: at) {
            switch part {
            case .bubble:
                return (callout.id, [.publish(.tapOnCallout(.with { $0.id = callout.id }), causedBy: commandID)])
            case .leftAccessory, .rightAccessory:
                return (callout.id, [.publish(.calloutAccessoryControlTapped(.with {
                    $0.id = callout.id
                    $0.control = part == .leftAccessory ? .left : .right
                }), causedBy: commandID)])
            }
        }
        guard let id = hitTest.topmost(at: at, in: store.drawable, look: { hitLook($0, scene) }) else {
            return (nil, changes(store.deselectAll(), causedBy: commandID))
        }
        // A shape's callout points where it was tapped (a point's sits on its image).
        let isPoint = if case .point? = store.annotation(id)?.shape { true } else { false }
        let tip = isPoint ? nil : scene.transform.groundCoordinate(at: at)
        // The id was just found in the store, so selecting it cannot be refused.
        var outputs = changes((try? store.select(id, tip: tip)) ?? [], causedBy: commandID)
        // A shape tapped again elsewhere moves its callout.
        if tip != nil, outputs.isEmpty { outputs.append(.repaint) }
        return (id, outputs)
    }

    /// What hit-testing needs of an annotation: its image's box, its line width, whether it takes taps.
    private func hitLook(_ annotation: Annotation, _ scene: Scene) -> AnnotationHitTest.HitLook {
        let appearance = appearance(of: annotation)
        let box = pointBox(annotation, appearance, scene)
        return AnnotationHitTest.HitLook(pointWidth: box.width, pointHeight: box.height,
                                         lineWidth: appearance.lineWidth, shapeEnabled: appearance.shapeEnabled)
    }

    /// The delegate's answers for it, or the defaults.
    func appearance(of annotation: Annotation) -> AnnotationAppearance {
        store.appearance(of: annotation.id) ?? .defaults(tint: tint)
    }

    /// A point's image box in points: a PNG's size from its header, a style image's when the core holds it,
    /// else the built-in pin's.
    private func pointBox(_ annotation: Annotation, _ appearance: AnnotationAppearance, _ scene: Scene) -> (width: Double, height: Double) {
        let pin = (width: AnnotationDefaults.pinWidth, height: AnnotationDefaults.pinHeight)
        switch appearance.image {
        case .png(let png)?: return png.points
        case .styleImage(let name)?: return scene.styleImageSize(name) ?? pin
        case nil:
            guard case .point(_, let name?) = annotation.shape else { return pin }
            return scene.styleImageSize(name) ?? pin
        }
    }

    /// The selected annotation's callout as the camera shows it now, when it shows one.
    func shownCallout(_ hitTest: AnnotationHitTest, _ scene: Scene) -> (id: String, text: CalloutText, layout: CalloutLayout)? {
        guard let id = store.selectedID, !store.asking.contains(id), let annotation = store.annotation(id) else { return nil }
        let appearance = appearance(of: annotation)
        guard let text = appearance.calloutText(for: annotation) else { return nil }
        var tip: ScreenPoint
        switch annotation.shape {
        case .point(let at, _):
            // Above the image's top (bottom centre on the coordinate).
            tip = hitTest.screenPoint(of: at)
            tip.y -= pointBox(annotation, appearance, scene).height
        case .polyline(let coordinates):
            tip = hitTest.screenPoint(of: store.selectedTip ?? coordinates[0])
        case .polygon(let outer, _):
            tip = hitTest.screenPoint(of: store.selectedTip ?? outer[0])
        }
        return (id, text, CalloutLayout.layout(text, tip: tip, in: scene.size))
    }

    /// Selection changes as events; the selection is drawn (and its callout shown), so a change needs a frame.
    private func changes(_ changes: [AnnotationStore.Change], causedBy causation: UInt64?) -> [Output] {
        guard !changes.isEmpty else { return [] }
        var outputs: [Output] = [.repaint]
        for change in changes {
            switch change {
            case .selected(let id): outputs.append(.publish(.didSelectAnnotation(.with { $0.id = id }), causedBy: causation))
            case .deselected(let id): outputs.append(.publish(.didDeselectAnnotation(.with { $0.id = id }), causedBy: causation))
            }
        }
        return outputs
    }

    // MARK: Frames

    mutating func frameBegan() { store.frameBegan() }

    /// The frame was drawn: announce the annotations it showed for the first time.
    mutating func frameDrawn() -> [Output] {
        let ids = store.frameDrawn()
        guard !ids.isEmpty else { return [] }
        return [.publish(.didAddAnnotationViews(.with { $0.ids = ids }), causedBy: nil)]
    }

    mutating func frameNotDrawn() { store.frameNotDrawn() }
}
