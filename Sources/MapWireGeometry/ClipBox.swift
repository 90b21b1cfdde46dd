/// The square a tile keeps geometry in: minimum...maximum on both axes (for a tile, -buffer...extent+buffer).
public struct ClipBox: Equatable, Sendable {
    public let minimum: Double
    public let maximum: Double

    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A tile of `extent` units grown by `buffer` on every side.
    public init(extent: Double, buffer: Double) {
        self.init(minimum: -buffer, maximum: extent + buffer)
    }

    public func contains(_ point: PlanePoint) -> Bool {
        point.x >= minimum && point.x <= maximum && point.y >= minimum && point.y <= maximum
    }
}
