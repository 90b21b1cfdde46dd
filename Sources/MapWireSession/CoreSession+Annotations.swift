import Foundation
import MapEngine
import MapWireProtocol

/// Annotations (PROTOCOL.md 7.10, seed 004): the commands, selection (by command or by a tap offered to
/// the annotations before the gesture chain), and did-add-annotation-views once an annotation has been
/// part of a drawn frame. The store itself is MapEngine's `AnnotationStore`.
extension CoreSession {
    func addAnnotations(_ c: Mapwire_V1_AddAnnotations) throws(MapCommandError) {
        var batch: [Annotation] = []
        for annotation in c.annotations { batch.append(try annotation.engineAnnotation()) }
        try annotations.add(batch)
        map.requestRepaint()
    }

    func removeAnnotations(_ c: Mapwire_V1_RemoveAnnotations) throws(MapCommandError) {
        publishAnnotationChanges(try annotations.remove(c.ids), causedBy: nil)
        map.requestRepaint()
    }

    func selectAnnotation(_ c: Mapwire_V1_SelectAnnotation) throws(MapCommandError) {
        publishAnnotationChanges(try annotations.select(c.id), causedBy: nil)
    }

    func deselectAnnotation(_ c: Mapwire_V1_DeselectAnnotation) throws(MapCommandError) {
        publishAnnotationChanges(try annotations.deselect(c.id), causedBy: nil)
    }

    var annotationList: Mapwire_V1_AnnotationList {
        .with {
            $0.annotations = annotations.annotations.map(\.protocolValue)
            $0.selectedID = annotations.selectedID ?? ""
        }
    }

    /// Seed 002's "subview first" step for a tap: the topmost annotation under it is selected and the tap
    /// goes no further (returns its id); a tap on the empty map deselects and goes on down the chain.
    func offerTapToAnnotations(_ gesture: Gesture, commandID: UInt64) -> String? {
        guard case .tap(let at) = gesture else { return nil }
        let hitTest = AnnotationHitTest(transform: Transform(camera: map.camera, size: map.size), pixelRatio: map.pixelRatio)
        guard let id = hitTest.topmost(at: at, in: annotations.annotations) else {
            publishAnnotationChanges(annotations.deselectAll(), causedBy: commandID)
            return nil
        }
        // The id was just found in the store, so selecting it cannot be refused.
        publishAnnotationChanges((try? annotations.select(id)) ?? [], causedBy: commandID)
        return id
    }

    private func publishAnnotationChanges(_ changes: [AnnotationStore.Change], causedBy causation: UInt64?) {
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
        return Annotation(id: id, title: title, subtitle: subtitle, shape: shape)
    }
}

extension Annotation {
    var protocolValue: Mapwire_V1_Annotation {
        .with {
            $0.id = id
            $0.title = title
            $0.subtitle = subtitle
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
