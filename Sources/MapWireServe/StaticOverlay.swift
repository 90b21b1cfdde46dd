import Foundation
import MapWireProtocol
import MapWireServeInput

/// A static image's `path=` and `marker=` overlays as annotations the core draws in that view only
/// (RenderView.overlay): paths as polylines (or polygons with `fill:`), markers as the built-in pin.
enum StaticOverlay {
    static func overlay(for image: StaticRequest) -> Mapwire_V1_AnnotationOverlay? {
        guard !image.paths.isEmpty || !image.markers.isEmpty else { return nil }
        let lngLat = { (c: Coordinate) in Mapwire_V1_LngLat.with { $0.longitude = c.longitude; $0.latitude = c.latitude } }
        var drawn: [Mapwire_V1_DrawnAnnotation] = []
        for (index, path) in image.paths.enumerated() {
            drawn.append(.with {
                $0.annotation = .with {
                    $0.id = "path-\(index)"
                    if path.fill != nil {
                        $0.polygon = .with { $0.outer = path.coordinates.map(lngLat) }
                    } else {
                        $0.polyline = .with { $0.coordinates = path.coordinates.map(lngLat) }
                    }
                }
                $0.alpha = 1
                $0.strokeColor = path.stroke
                $0.fillColor = path.fill ?? ""
                $0.lineWidth = path.width
            })
        }
        for (index, marker) in image.markers.enumerated() {
            drawn.append(.with {
                $0.annotation = .with { $0.id = "marker-\(index)"; $0.point = .with { $0.coordinate = lngLat(marker) } }
                $0.alpha = 1
            })
        }
        return .with { $0.annotations = drawn }
    }
}
