/// An XYZ tile address in the standard web-mercator grid (y grows southwards).
public struct CanonicalTileID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let z: Int
    public let x: Int
    public let y: Int

    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    public var description: String { "\(z)/\(x)/\(y)" }

    public static func < (lhs: CanonicalTileID, rhs: CanonicalTileID) -> Bool {
        (lhs.z, lhs.x, lhs.y) < (rhs.z, rhs.x, rhs.y)
    }
}
