import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// Annotations (PROTOCOL.md 7.10, seed 004): the commands, selection (by command or by a tap offered to
/// the annotations before the gesture chain), and did-add-annotation-views once an annotation has been
/// part of a drawn frame. The store itself is MapEngine's `AnnotationStore`.
extension CoreSession {
    func addAnnotations(_ c: Mapwire_V1_AddAnnotations) throws(MapCommandError) {
        var batch: [Annotation] = []
        for annotation in c.annotations { batch.append(try annotation.engineAnnotation()) }
        try annotations.add(batch)
        askAboutAnnotations(batch.map(\.id))
        map.requestRepaint()
    }

    func removeAnnotations(_ c: Mapwire_V1_RemoveAnnotations) throws(MapCommandError) {
        publish(annotationChanges: try annotations.remove(c.ids), causedBy: nil)
        map.requestRepaint()
    }

    func selectAnnotation(_ c: Mapwire_V1_SelectAnnotation) throws(MapCommandError) {
        publish(annotationChanges: try annotations.select(c.id), causedBy: nil)
    }

    func deselectAnnotation(_ c: Mapwire_V1_DeselectAnnotation) throws(MapCommandError) {
        publish(annotationChanges: try annotations.deselect(c.id), causedBy: nil)
    }

    var annotationList: Mapwire_V1_AnnotationList {
        .with {
            $0.annotations = annotations.annotations.map(\.protocolValue)
            $0.selectedID = annotations.selectedID ?? ""
        }
    }

    /// Seed 002's "subview first" step for a tap: a tap on the shown callout gives callout-accessory-control-tapped
    /// or tap-on-callout (selection unchanged); else the topmost annotation under it is selected. Either way the
    /// tap goes no further (returns the annotation's id); a tap on the empty map deselects and goes on down the chain.
    func offerTapToAnnotations(_ gesture: Gesture, commandID: UInt64) -> String? {
        guard case .tap(let at) = gesture else { return nil }
        let hitTest = annotationHitTest
        if let callout = shownCallout(hitTest), let part = callout.layout.part(at: at) {
            switch part {
            case .bubble:
                publish(.tapOnCallout(.with { $0.id = callout.id }), causedBy: commandID)
            case .leftAccessory, .rightAccessory:
                publish(.calloutAccessoryControlTapped(.with {
                    $0.id = callout.id
                    $0.control = part == .leftAccessory ? .left : .right
                }), causedBy: commandID)
            }
            return callout.id
        }
        guard let id = hitTest.topmost(at: at, in: annotations.drawable, look: hitLook) else {
            publish(annotationChanges: annotations.deselectAll(), causedBy: commandID)
            return nil
        }
        // A shape's callout points where it was tapped (a point's sits on its image).
        let isPoint = if case .point? = annotations.annotation(id)?.shape { true } else { false }
        let tip = isPoint ? nil : Transform(camera: map.camera, size: map.size).groundCoordinate(at: at)
        // The id was just found in the store, so selecting it cannot be refused.
        publish(annotationChanges: (try? annotations.select(id, tip: tip)) ?? [], causedBy: commandID)
        // A shape tapped again elsewhere moves its callout.
        if tip != nil { map.requestRepaint() }
        return id
    }

    var annotationHitTest: AnnotationHitTest {
        AnnotationHitTest(transform: Transform(camera: map.camera, size: map.size))
    }

    /// What hit-testing needs of an annotation: its image's box, its line width, whether it takes taps.
    func hitLook(_ annotation: Annotation) -> AnnotationHitTest.HitLook {
        let appearance = appearance(of: annotation)
        let box = pointBox(annotation, appearance)
        return AnnotationHitTest.HitLook(pointWidth: box.width, pointHeight: box.height,
                                         lineWidth: appearance.lineWidth, shapeEnabled: appearance.shapeEnabled)
    }

    /// The delegate's answers for it, or the defaults.
    func appearance(of annotation: Annotation) -> AnnotationAppearance {
        annotations.appearance(of: annotation.id) ?? .defaults(tint: configuration.annotationTint)
    }

    /// A point's image box in points: a PNG's size from its header, a style image's when the core holds it,
    /// else the built-in pin's.
    func pointBox(_ annotation: Annotation, _ appearance: AnnotationAppearance) -> (width: Double, height: Double) {
        let pin = (width: AnnotationDefaults.pinWidth, height: AnnotationDefaults.pinHeight)
        switch appearance.image {
        case .png(let png)?: return png.points
        case .styleImage(let name)?: return map.styleImageSize(id: name) ?? pin
        case nil:
            guard case .point(_, let name?) = annotation.shape else { return pin }
            return map.styleImageSize(id: name) ?? pin
        }
    }

    /// The selected annotation's callout as the camera shows it now, when it shows one.
    func shownCallout(_ hitTest: AnnotationHitTest) -> (id: String, text: CalloutText, layout: CalloutLayout)? {
        guard let id = annotations.selectedID, !annotations.asking.contains(id), let annotation = annotations.annotation(id) else {
            return nil
        }
        let appearance = appearance(of: annotation)
        guard let text = appearance.calloutText(for: annotation) else { return nil }
        var tip: ScreenPoint
        switch annotation.shape {
        case .point(let at, _):
            // Above the image's top (bottom centre on the coordinate).
            tip = hitTest.screenPoint(of: at)
            tip.y -= pointBox(annotation, appearance).height
        case .polyline(let coordinates):
            tip = hitTest.screenPoint(of: annotations.selectedTip ?? coordinates[0])
        case .polygon(let outer, _):
            tip = hitTest.screenPoint(of: annotations.selectedTip ?? outer[0])
        }
        return (id, text, CalloutLayout.layout(text, tip: tip, in: map.size))
    }

    private func publish(annotationChanges changes: [AnnotationStore.Change], causedBy causation: UInt64?) {
        // The selection is drawn (and its callout shown): a change needs a frame.
        if !changes.isEmpty { map.requestRepaint() }
        for change in changes {
            switch change {
            case .selected(let id): publish(.didSelectAnnotation(.with { $0.id = id }), causedBy: causation)
            case .deselected(let id): publish(.didDeselectAnnotation(.with { $0.id = id }), causedBy: causation)
            }
        }
    }

    // MARK: Frames (CoreSession+Frames.swift calls these)

    func annotationFrameBegan() { annotations.frameBegan() }

    /// The frame was drawn: announce the annotations it showed for the first time.
    func annotationFrameDrawn() {
        let ids = annotations.frameDrawn()
        guard !ids.isEmpty else { return }
        publish(.didAddAnnotationViews(.with { $0.ids = ids }))
    }

    func annotationFrameNotDrawn() { annotations.frameNotDrawn() }
}

extension Mapwire_V1_Annotation {
    /// The engine's annotation; only the shape's presence is checked here (the store validates the rest).
    func engineAnnotation() throws(MapCommandError) -> Annotation {
        let name = id.isEmpty ? "an annotation" : "annotation \"\(id)\""
        let shape: AnnotationShape
        switch self.shape {
        case .point(let p):
            guard p.hasCoordinate else { throw MapCommandError("\(name): a point annotation needs a coordinate") }
            shape = .point(p.coordinate.engineValue, image: p.image.isEmpty ? nil : p.image)
        case .polyline(let l):
            shape = .polyline(l.coordinates.map(\.engineValue))
        case .polygon(let g):
            shape = .polygon(outer: g.outer.map(\.engineValue), holes: g.holes.map { $0.coordinates.map(\.engineValue) })
        case nil:
            throw MapCommandError("\(name) has no kind (point, polyline or polygon)")
        }
        return Annotation(id: id, title: title, subtitle: subtitle, shape: shape, attributes: attributes)
    }
}

extension Annotation {
    var protocolValue: Mapwire_V1_Annotation {
        .with {
            $0.id = id
            $0.title = title
            $0.subtitle = subtitle
            $0.attributes = attributes
            switch shape {
            case .point(let at, let image):
                $0.point = .with { $0.coordinate = at.protocolLngLat; $0.image = image ?? "" }
            case .polyline(let coordinates):
                $0.polyline = .with { $0.coordinates = coordinates.map(\.protocolLngLat) }
            case .polygon(let outer, let holes):
                $0.polygon = .with {
                    $0.outer = outer.map(\.protocolLngLat)
                    $0.holes = holes.map { hole in .with { $0.coordinates = hole.map(\.protocolLngLat) } }
                }
            }
        }
    }
}

extension Mapwire_V1_LngLat {
    var engineValue: LngLat { LngLat(longitude: longitude, latitude: latitude) }
}

extension LngLat {
    var protocolLngLat: Mapwire_V1_LngLat { .with { $0.longitude = longitude; $0.latitude = latitude } }
}
