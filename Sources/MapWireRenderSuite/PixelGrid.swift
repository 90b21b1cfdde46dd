import MapWireFormats

/// RGBA bytes with their size, and the neighbourhood arithmetic the diff needs.
struct PixelGrid {
    let width: Int
    let height: Int
    let pixels: [UInt8]

    init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        pixels = image.pixels
    }

    func offset(_ x: Int, _ y: Int) -> Int { (y * width + x) * 4 }

    func isOnBorder(_ x: Int, _ y: Int) -> Bool {
        x == 0 || y == 0 || x == width - 1 || y == height - 1
    }

    /// The up to eight surrounding pixels, column by column.
    func neighbours(_ x: Int, _ y: Int) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        result.reserveCapacity(8)
        for nx in max(x - 1, 0)...min(x + 1, width - 1) {
            for ny in max(y - 1, 0)...min(y + 1, height - 1) where nx != x || ny != y {
                result.append((nx, ny))
            }
        }
        return result
    }
}
