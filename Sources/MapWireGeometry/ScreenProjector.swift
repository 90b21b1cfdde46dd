import Foundation

/// Projects world points (px at a fixed zoom) onto the screen of a `Transform`: the forward
/// mapping of `Transform.visibleQuad`, with its constants worked out once for many points.
public struct ScreenProjector: Sendable {
    let centerX: Double, centerY: Double
    /// World px at the projector's zoom → camera-zoom px.
    let scale: Double
    let cosBearing: Double, sinBearing: Double
    let sinPitch: Double, cosPitch: Double
    let distance: Double
    let halfWidth: Double, halfHeight: Double
    public let isFlat: Bool

    public init(_ transform: Transform, zoom: Double) {
        let center = WebMercator.project(transform.camera.center, zoom: zoom)
        centerX = center.x
        centerY = center.y
        scale = pow(2, transform.camera.zoom - zoom)
        let bearing = transform.camera.bearing * .pi / 180
        cosBearing = cos(bearing)
        sinBearing = sin(bearing)
        let pitch = transform.camera.pitch * .pi / 180
        sinPitch = sin(pitch)
        cosPitch = cos(pitch)
        distance = Transform.cameraDistanceInHeights * Double(transform.size.height)
        halfWidth = Double(transform.size.width) / 2
        halfHeight = Double(transform.size.height) / 2
        isFlat = transform.camera.pitch == 0
    }

    /// Screen position (x right, y down, origin top-left) of a world point.
    @inline(__always)
    public func project(x: Double, y: Double) -> (x: Double, y: Double) {
        let dx = (x - centerX) * scale, dy = (y - centerY) * scale
        // Into screen axes: right = (cos b, sin b), down = (-sin b, cos b) in world (east, south).
        let right = dx * cosBearing + dy * sinBearing
        let down = -dx * sinBearing + dy * cosBearing
        if isFlat { return (halfWidth + right, halfHeight + down) }
        // Perspective: the camera looks down at `pitch`; points further up the screen are further away.
        let depth = max(distance - down * sinPitch, distance * 0.01)
        let factor = distance / depth
        return (halfWidth + right * factor, halfHeight + down * cosPitch * factor)
    }

    /// How much a length on the ground at this screen point is shrunk by perspective (1 when flat).
    public func perspectiveScale(atScreenY y: Double) -> Double {
        guard !isFlat else { return 1 }
        let down = y - halfHeight
        // Invert sy = D·g·cos p / (D − g·sin p) for g, then the factor D / (D − g·sin p).
        let g = down * distance / (distance * cosPitch + down * sinPitch)
        return distance / max(distance - g * sinPitch, distance * 0.01)
    }
}

extension Transform {
    /// A projector for world points given in px at `zoom`.
    public func projector(atZoom zoom: Double) -> ScreenProjector { ScreenProjector(self, zoom: zoom) }
}
