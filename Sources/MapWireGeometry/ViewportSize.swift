/// The size of the rendered viewport in screen pixels.
public struct ViewportSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
