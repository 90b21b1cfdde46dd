/// A position on the screen in px: x to the right, y down, origin at the top-left corner.
/// Also used for screen-space translations (dx, dy), as gesture callbacks report them.
public struct ScreenPoint: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
