/// A path in canvas pixel coordinates (before the pixel ratio).
/// Recorded as plain values so it can be built on any thread and replayed into cairo later.
public struct CanvasPath: Sendable {
    enum Element: Sendable {
        case move(Point2D)
        case line(Point2D)
        case close
        case circle(center: Point2D, radius: Double)
    }

    private(set) var elements: [Element] = []

    public init() {}

    /// True when the path has nothing that could cover a pixel.
    public var isEmpty: Bool {
        !elements.contains { element in
            switch element {
            case .line, .circle: return true
            case .move, .close: return false
            }
        }
    }

    public mutating func move(to point: Point2D) {
        elements.append(.move(point))
    }

    public mutating func line(to point: Point2D) {
        elements.append(.line(point))
    }

    public mutating func close() {
        elements.append(.close)
    }

    /// A path of one axis-aligned rectangle.
    public static func rectangle(left: Double, top: Double, right: Double, bottom: Double) -> CanvasPath {
        var path = CanvasPath()
        path.addRing([Point2D(x: left, y: top), Point2D(x: right, y: top), Point2D(x: right, y: bottom), Point2D(x: left, y: bottom)],
                     closed: true)
        return path
    }

    /// Appends a polyline (`closed: false`) or polygon ring (`closed: true`) as a new sub-path.
    public mutating func addRing(_ points: [Point2D], closed: Bool) {
        guard let first = points.first else { return }
        // Grow geometrically: reserving exactly what this ring needs made a path of many rings
        // copy all its elements once per ring (quadratic; 40 % of the cairo baseline's time).
        let needed = elements.count + points.count + 1
        if elements.capacity < needed { elements.reserveCapacity(max(needed, 2 * elements.capacity)) }
        elements.append(.move(first))
        for point in points.dropFirst() {
            elements.append(.line(point))
        }
        if closed {
            elements.append(.close)
        }
    }

    /// Appends a full circle as its own closed sub-path.
    public mutating func addCircle(center: Point2D, radius: Double) {
        guard radius > 0 else { return }
        elements.append(.circle(center: center, radius: radius))
    }
}
