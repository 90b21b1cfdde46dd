/// Insets in screen px from each viewport edge. The padded area is what is left in the middle;
/// camera targets and fits centre on it instead of on the whole viewport.
public struct EdgePadding: Equatable, Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    public static let zero = EdgePadding()

    /// The centre of the padded area.
    public func center(in size: ViewportSize) -> ScreenPoint {
        ScreenPoint(x: (left + Double(size.width) - right) / 2, y: (top + Double(size.height) - bottom) / 2)
    }

    /// Width and height of the padded area (negative when the insets overlap).
    public func availableSize(in size: ViewportSize) -> (width: Double, height: Double) {
        (Double(size.width) - left - right, Double(size.height) - top - bottom)
    }
}
