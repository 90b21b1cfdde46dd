import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// What a frame carries for the renderer to draw above the style (PROTOCOL.md 7.10): the annotations as
/// one KIND_ANNOTATIONS resource (re-encoded only when the store changed, its key new only when its bytes
/// are, so the bytes cross only on change) and the selected annotation's callout.
extension AnnotationMachine {
    /// The last overlay resource built, for the store revision it was built at.
    struct OverlayCache {
        var revision: UInt64 = .max
        var resource: Mapwire_V1_RenderResource?
        /// Numbers the overlay's keys (unique within the core's epoch).
        var number: UInt64 = 0
    }

    /// The overlay resource, nil when nothing is to be drawn.
    mutating func overlayResource() -> Mapwire_V1_RenderResource? {
        let revision = store.revision
        guard revision != overlay.revision else { return overlay.resource }
        overlay.revision = revision
        let drawable = store.drawable
        guard !drawable.isEmpty else {
            overlay.resource = nil
            return nil
        }
        let selected = store.selectedID
        let message = Mapwire_V1_AnnotationOverlay.with {
            $0.annotations = drawable.map { annotation in
                drawnAnnotation(annotation, appearance: appearance(of: annotation), selected: annotation.id == selected)
            }
        }
        let data: Data = (try? message.serializedBytes()) ?? Data()
        if let previous = overlay.resource, previous.data == data { return previous }
        overlay.number += 1
        let resource = Mapwire_V1_RenderResource.with {
            $0.key = "annotations-\(overlay.number)"
            $0.kind = .annotations
            $0.data = data
            $0.dataIncluded = true
        }
        overlay.resource = resource
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

    /// The selected annotation's callout, laid out for the camera of this frame.
    func calloutOverlay(in scene: Scene) -> Mapwire_V1_CalloutOverlay? {
        guard let shown = shownCallout(AnnotationHitTest(transform: scene.transform), scene) else { return nil }
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

extension ScreenRect {
    var protocolRect: Mapwire_V1_ScreenRect { .with { $0.x = x; $0.y = y; $0.width = width; $0.height = height } }
}
