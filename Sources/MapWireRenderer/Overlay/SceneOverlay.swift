import MapWireCanvas
import MapWireGeometry

/// What a frame draws above every style layer, as MapLibre's MGLMapView draws its annotation views above
/// the map: the annotations bottom first, then the user-location puck, then the callout of the selected
/// annotation. Colours are resolved already.
public struct SceneOverlay {
    public var annotations: [OverlayAnnotation]
    public var puck: OverlayPuck?
    public var callout: OverlayCallout?

    public init(annotations: [OverlayAnnotation] = [], puck: OverlayPuck? = nil, callout: OverlayCallout? = nil) {
        self.annotations = annotations
        self.puck = puck
        self.callout = callout
    }

    public var isEmpty: Bool { annotations.isEmpty && puck == nil && callout == nil }
}

/// One annotation with the delegate's answers: shapes use the colours, alpha and width; points the image.
public struct OverlayAnnotation {
    public enum Shape {
        case point(LngLat, image: OverlayImage?)
        case polyline([LngLat])
        case polygon(outer: [LngLat], holes: [[LngLat]])
    }

    public var id: String
    public var shape: Shape
    public var alpha: Double
    public var strokeColor: CanvasColor
    public var fillColor: CanvasColor
    /// Polyline width in points (logical px).
    public var lineWidth: Double
    public var selected: Bool

    public init(id: String, shape: Shape, alpha: Double = 1, strokeColor: CanvasColor = OverlayDefaults.tint,
                fillColor: CanvasColor = OverlayDefaults.tint, lineWidth: Double = OverlayDefaults.lineWidth, selected: Bool = false) {
        self.id = id
        self.shape = shape
        self.alpha = alpha
        self.strokeColor = strokeColor
        self.fillColor = fillColor
        self.lineWidth = lineWidth
        self.selected = selected
    }
}

/// A point annotation's image: decoded PNG bytes, or the name of a sprite or added style image.
public enum OverlayImage {
    /// `pixelRatio` device pixels per point of the image.
    case png(CanvasImage, pixelRatio: Double)
    case styleImage(String)
}

/// The user-location puck at a coordinate, in its style's colours.
public struct OverlayPuck {
    public var coordinate: LngLat
    /// The accuracy ring's radius on the ground (0: no ring).
    public var accuracyMeters: Double
    /// Degrees clockwise from north; nil: no arrow.
    public var headingDegrees: Double?
    public var fillColor: CanvasColor
    public var haloColor: CanvasColor
    public var accuracyRingColor: CanvasColor
    public var headingArrowColor: CanvasColor

    public init(coordinate: LngLat, accuracyMeters: Double, headingDegrees: Double?,
                fillColor: CanvasColor = OverlayDefaults.puck, haloColor: CanvasColor = OverlayDefaults.puckHalo,
                accuracyRingColor: CanvasColor = OverlayDefaults.puckAccuracyRing, headingArrowColor: CanvasColor = OverlayDefaults.puck) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.headingDegrees = headingDegrees
        self.fillColor = fillColor
        self.haloColor = haloColor
        self.accuracyRingColor = accuracyRingColor
        self.headingArrowColor = headingArrowColor
    }
}

/// A rectangle in logical px from the top left.
public struct OverlayRect: Equatable, Sendable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var isUsable: Bool { [x, y, width, height].allSatisfy(\.isFinite) && width > 0 && height > 0 && width <= Canvas.maximumSize && height <= Canvas.maximumSize }
}

/// The selected annotation's callout as the core laid it out (logical px).
public struct OverlayCallout {
    public var title: String
    public var subtitle: String
    public var bubble: OverlayRect
    public var leftAccessory: (rect: OverlayRect, label: String)?
    public var rightAccessory: (rect: OverlayRect, label: String)?
    public var tail: Point2D

    public init(title: String, subtitle: String, bubble: OverlayRect, leftAccessory: (rect: OverlayRect, label: String)? = nil,
                rightAccessory: (rect: OverlayRect, label: String)? = nil, tail: Point2D) {
        self.title = title
        self.subtitle = subtitle
        self.bubble = bubble
        self.leftAccessory = leftAccessory
        self.rightAccessory = rightAccessory
        self.tail = tail
    }
}

/// MGLMapViewDelegate's annotation defaults, used where an overlay's colour is empty or not a colour.
public enum OverlayDefaults {
    /// The map's default tint ("#007AFF").
    public static let tint = CanvasColor(r: 0, g: 122.0 / 255, b: 1, a: 1)
    /// The puck's blue ("#1E90FF").
    public static let puck = CanvasColor(r: 30.0 / 255, g: 144.0 / 255, b: 1, a: 1)
    /// The halo and the accuracy ring: the puck's blue, translucent ("rgba(30, 144, 255, 0.3)", "… 0.15)").
    public static let puckHalo = puck.withOpacity(0.3)
    public static let puckAccuracyRing = puck.withOpacity(0.15)
    public static let lineWidth = AnnotationDefaults.lineWidth
}
