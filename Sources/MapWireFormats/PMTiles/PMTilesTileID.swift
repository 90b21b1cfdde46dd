/// PMTiles tile ids: tiles numbered zoom by zoom (z0 first), along a Hilbert curve within each zoom.
public enum PMTilesTileID {
    /// The deepest zoom whose ids fit in 64 bits.
    public static let maxZoom = 31

    /// The id of tile z/x/y; nil outside the tile grid or beyond `maxZoom`.
    public static func id(z: Int, x: Int, y: Int) -> UInt64? {
        guard (0...maxZoom).contains(z), x >= 0, y >= 0 else { return nil }
        let n = UInt64(1) << UInt64(z)
        guard UInt64(x) < n, UInt64(y) < n else { return nil }
        var x = UInt64(x), y = UInt64(y), position: UInt64 = 0
        var s = n >> 1
        while s > 0 {
            let rx: UInt64 = x & s != 0 ? 1 : 0, ry: UInt64 = y & s != 0 ? 1 : 0
            position += s * s * ((3 * rx) ^ ry)
            // Drop the bit just placed, then turn the quadrant as the curve does.
            x &= s - 1
            y &= s - 1
            rotate(s, &x, &y, rx, ry)
            s >>= 1
        }
        return firstID(zoom: z) + position
    }

    /// The tile of an id; nil for ids past zoom `maxZoom`.
    public static func tile(_ id: UInt64) -> (z: Int, x: Int, y: Int)? {
        var z = 0
        while z <= maxZoom, id >= firstID(zoom: z + 1) { z += 1 }
        guard z <= maxZoom else { return nil }
        var position = id - firstID(zoom: z)
        var x: UInt64 = 0, y: UInt64 = 0, s: UInt64 = 1
        let n = UInt64(1) << UInt64(z)
        while s < n {
            let rx = 1 & (position / 2), ry = 1 & (position ^ rx)
            rotate(s, &x, &y, rx, ry)
            x += s * rx
            y += s * ry
            position /= 4
            s <<= 1
        }
        return (z, Int(x), Int(y))
    }

    /// The number of tiles in all zooms below `zoom`: (4^zoom − 1) / 3. Zoom 32 gives (2^64 − 1) / 3.
    static func firstID(zoom: Int) -> UInt64 {
        zoom >= 32 ? UInt64.max / 3 : ((UInt64(1) << UInt64(2 * zoom)) - 1) / 3
    }

    /// Both coordinates are below `s` here, so nothing goes negative.
    private static func rotate(_ s: UInt64, _ x: inout UInt64, _ y: inout UInt64, _ rx: UInt64, _ ry: UInt64) {
        guard ry == 0 else { return }
        if rx == 1 {
            x = s - 1 - x
            y = s - 1 - y
        }
        swap(&x, &y)
    }
}
