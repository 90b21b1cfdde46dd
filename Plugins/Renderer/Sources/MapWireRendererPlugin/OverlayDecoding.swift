import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireProtocol
import MapWireRenderer
import SwiftProtobuf

/// Turns the protocol's overlay messages into the renderer's: a KIND_ANNOTATIONS resource's
/// AnnotationOverlay (decoded once per key), and each frame's puck and callout.
enum OverlayDecoding {
    /// The annotations of an overlay resource, and what in it could not be used (an annotation with
    /// bad PNG bytes draws as the pin; a colour that is not one takes the default).
    struct Annotations {
        var annotations: [OverlayAnnotation]
        var problems: [String]
    }

    /// Throws when the bytes are not an AnnotationOverlay: the whole resource is unusable.
    static func annotations(_ data: Data, images: PNGCache) throws -> Annotations {
        let overlay = try Mapwire_V1_AnnotationOverlay(serializedBytes: data)
        var result = Annotations(annotations: [], problems: [])
        result.annotations.reserveCapacity(overlay.annotations.count)
        for drawn in overlay.annotations {
            if let annotation = annotation(drawn, images: images, problems: &result.problems) {
                result.annotations.append(annotation)
            }
        }
        return result
    }

    private static func annotation(_ drawn: Mapwire_V1_DrawnAnnotation, images: PNGCache, problems: inout [String]) -> OverlayAnnotation? {
        let id = drawn.annotation.id
        func color(_ css: String, _ what: String) -> CanvasColor {
            if !OverlayColor.isUsable(css) { problems.append("annotation \"\(id)\": \(what) \"\(css)\" is not a colour") }
            return OverlayColor.parse(css, default: OverlayDefaults.tint)
        }
        let shape: OverlayAnnotation.Shape
        switch drawn.annotation.shape {
        case .point(let point)?:
            shape = .point(lngLat(point.coordinate), image: image(drawn, named: point.image, id: id, images: images, problems: &problems))
        case .polyline(let line)?:
            shape = .polyline(line.coordinates.map(lngLat))
        case .polygon(let polygon)?:
            shape = .polygon(outer: polygon.outer.map(lngLat), holes: polygon.holes.map { $0.coordinates.map(lngLat) })
        case nil:
            problems.append("annotation \"\(id)\" has no shape")
            return nil
        }
        return OverlayAnnotation(id: id, shape: shape, alpha: drawn.alpha, strokeColor: color(drawn.strokeColor, "stroke colour"),
                                 fillColor: color(drawn.fillColor, "fill colour"), lineWidth: drawn.lineWidth, selected: drawn.selected)
    }

    /// The delegate's image, else the image the point names, else none (the pin).
    private static func image(_ drawn: Mapwire_V1_DrawnAnnotation, named name: String, id: String, images: PNGCache,
                              problems: inout [String]) -> OverlayImage? {
        guard drawn.hasImage else { return name.isEmpty ? nil : .styleImage(name) }
        switch drawn.image.source {
        case .styleImage(let name)?: return name.isEmpty ? nil : .styleImage(name)
        case .png(let bytes)?:
            do {
                let ratio = drawn.image.pixelRatio > 0 && drawn.image.pixelRatio.isFinite ? drawn.image.pixelRatio : 1
                return .png(try images.image(bytes), pixelRatio: ratio)
            } catch {
                problems.append("annotation \"\(id)\": its PNG image cannot be decoded (\(error)); drawn as the pin")
                return nil
            }
        case nil: return nil
        }
    }

    static func puck(_ puck: Mapwire_V1_UserLocationPuck) -> OverlayPuck {
        let style = puck.style
        return OverlayPuck(coordinate: lngLat(puck.coordinate), accuracyMeters: puck.accuracyMeters,
                           headingDegrees: puck.hasHeadingDegrees ? puck.headingDegrees : nil,
                           fillColor: OverlayColor.parse(style.puckFillColor, default: OverlayDefaults.puck),
                           haloColor: OverlayColor.parse(style.haloColor, default: OverlayDefaults.puckHalo),
                           accuracyRingColor: OverlayColor.parse(style.accuracyRingColor, default: OverlayDefaults.puckAccuracyRing),
                           headingArrowColor: OverlayColor.parse(style.headingArrowColor, default: OverlayDefaults.puck))
    }

    static func callout(_ callout: Mapwire_V1_CalloutOverlay) -> OverlayCallout {
        let content = callout.content
        return OverlayCallout(
            title: content.title, subtitle: content.subtitle, bubble: rect(callout.bubble),
            leftAccessory: callout.hasLeftAccessory ? (rect(callout.leftAccessory), content.leftAccessory) : nil,
            rightAccessory: callout.hasRightAccessory ? (rect(callout.rightAccessory), content.rightAccessory) : nil,
            tail: Point2D(x: callout.tail.x, y: callout.tail.y))
    }

    private static func rect(_ r: Mapwire_V1_ScreenRect) -> OverlayRect { OverlayRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    private static func lngLat(_ p: Mapwire_V1_LngLat) -> LngLat { LngLat(longitude: p.longitude, latitude: p.latitude) }
}

/// Annotation PNGs decoded once by their bytes: an overlay resource changes whenever any annotation
/// does, and its unchanged images need not be decoded again. Not Sendable: the plugin's loop thread owns it.
final class PNGCache {
    private var images: [Data: CanvasImage] = [:]
    /// Past this many different images the cache starts over (an application cycling through images
    /// must not grow the plugin without bound).
    let limit: Int

    init(limit: Int = 512) { self.limit = limit }

    func image(_ bytes: Data) throws -> CanvasImage {
        if let image = images[bytes] { return image }
        let image = try CanvasImage(encoded: bytes)
        if images.count >= limit { images.removeAll(keepingCapacity: true) }
        images[bytes] = image
        return image
    }
}
