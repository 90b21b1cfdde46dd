import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// What a frame carries for the renderer to draw above the style (PROTOCOL.md 7.10): the annotations as
/// one KIND_ANNOTATIONS resource (re-encoded only when the store changed, its key new only when its bytes
/// are, so the bytes cross only on change), the user-location puck and the selected annotation's callout.
extension CoreSession {
    /// The overlay resource, nil when nothing is to be drawn.
    func annotationOverlayResource() -> Mapwire_V1_RenderResource? {
        let revision = annotations.revision
        guard revision != annotationOverlay.revision else { return annotationOverlay.resource }
        annotationOverlay.revision = revision
        let drawable = annotations.drawable
        guard !drawable.isEmpty else {
            annotationOverlay.resource = nil
            return nil
        }
        let selected = annotations.selectedID
        let overlay = Mapwire_V1_AnnotationOverlay.with {
            $0.annotations = drawable.map { annotation in
                drawnAnnotation(annotation, appearance: appearance(of: annotation), selected: annotation.id == selected)
            }
        }
        let data: Data = (try? overlay.serializedBytes()) ?? Data()
        if let previous = annotationOverlay.resource, previous.data == data { return previous }
        annotationOverlay.number += 1
        let resource = Mapwire_V1_RenderResource.with {
            $0.key = "annotations-\(annotationOverlay.number)"
            $0.kind = .annotations
            $0.data = data
            $0.dataIncluded = true
        }
        annotationOverlay.resource = resource
        return resource
    }

    private func drawnAnnotation(_ annotation: Annotation, appearance: AnnotationAppearance, selected: Bool) -> Mapwire_V1_DrawnAnnotation {
        .with {
            $0.annotation = annotation.protocolValue
            switch appearance.image {
            case .png(let png)?:
                $0.image = .with { $0.png = Data(png.data); $0.pixelRatio = png.pixelRatio }
            case .styleImage(let name)?:
                $0.image = .with { $0.styleImage = name; $0.pixelRatio = 1 }
            case nil:
                // The annotation's own image name, else (absent) the built-in pin.
                if case .point(_, let name?) = annotation.shape { $0.image = .with { $0.styleImage = name; $0.pixelRatio = 1 } }
            }
            $0.alpha = appearance.alpha
            $0.strokeColor = appearance.strokeColor
            $0.fillColor = appearance.fillColor
            $0.lineWidth = appearance.lineWidth
            $0.selected = selected
        }
    }

    /// The puck, when the location is shown and known. Its arrow follows the course in follow-with-course,
    /// else the compass heading (the course when the device gives no heading); no arrow without either.
    var userLocationPuck: Mapwire_V1_UserLocationPuck? {
        guard tracking.showsUserLocation, let location = viewport.location else { return nil }
        let arrow = tracking.mode == .followWithCourse ? location.course ?? location.heading : location.heading ?? location.course
        let colors = puckColors
        return .with {
            $0.coordinate = location.coordinate.protocolLngLat
            $0.accuracyMeters = max(0, location.accuracy ?? 0)
            if let arrow { $0.headingDegrees = arrow }
            $0.style = .with {
                $0.puckFillColor = colors.fill
                $0.haloColor = colors.halo
                $0.accuracyRingColor = colors.accuracyRing
                $0.headingArrowColor = colors.headingArrow
            }
        }
    }

    /// The selected annotation's callout, laid out for the camera of this frame.
    var calloutOverlay: Mapwire_V1_CalloutOverlay? {
        guard let shown = shownCallout(annotationHitTest) else { return nil }
        let layout = shown.layout
        return .with {
            $0.annotationID = shown.id
            $0.content = .with {
                $0.title = shown.text.title
                $0.subtitle = shown.text.subtitle
                $0.leftAccessory = shown.text.leftAccessory
                $0.rightAccessory = shown.text.rightAccessory
            }
            $0.bubble = layout.bubble.protocolRect
            if let left = layout.leftAccessory { $0.leftAccessory = left.protocolRect }
            if let right = layout.rightAccessory { $0.rightAccessory = right.protocolRect }
            $0.tail = .with { $0.x = layout.tail.x; $0.y = layout.tail.y }
        }
    }
}

/// The last overlay resource built, for the store revision it was built at.
struct AnnotationOverlayCache {
    var revision: UInt64 = .max
    var resource: Mapwire_V1_RenderResource?
    /// Numbers the overlay's keys (unique within the core's epoch).
    var number: UInt64 = 0
}

extension ScreenRect {
    var protocolRect: Mapwire_V1_ScreenRect { .with { $0.x = x; $0.y = y; $0.width = width; $0.height = height } }
}
