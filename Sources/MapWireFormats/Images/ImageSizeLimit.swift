/// The largest image a decoder will allocate pixels for, checked against the header first so a
/// file that claims 60000×60000 pixels costs nothing.
public struct ImageSizeLimit: Sendable, Equatable {
    public var maxSide: Int
    public var maxPixels: Int

    public init(maxSide: Int, maxPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// Far above any tile, sprite sheet or frame MapWire draws (256 MiB of RGBA at most).
    public static let standard = ImageSizeLimit(maxSide: 16_384, maxPixels: 1 << 26)
}
