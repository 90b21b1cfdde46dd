import Foundation

/// A DEM tile's slopes, one per pixel, as GL's hillshade "prepare" pass computes them: a Sobel
/// filter over each pixel and its eight neighbours (border pixels from the neighbouring tiles),
/// divided by eight pixel widths in metres at the tile's zoom, steepened below zoom 15 (hillshades
/// would be barely visible at low zooms otherwise) and kept within ±4 as GL's slope texture keeps it.
/// Read back with linear filtering (or the nearest pixel), clamped at the tile's edge, as GL samples
/// that texture.
struct SlopeField {
    let dim: Int
    /// Rise east (x) and south (y) per unit of ground, row-major.
    private var dx: [Float], dy: [Float]

    /// `zoom`: the tile's zoom as drawn (past the source's maxzoom, the zoom it is shown at).
    init(_ dem: DEMData, zoom: Double) {
        dim = dem.dim
        dx = [Float](repeating: 0, count: dim * dim)
        dy = dx
        let steepening = zoom < 15 ? (zoom - 15) * (zoom < 2 ? 0.4 : zoom < 4.5 ? 0.35 : 0.3) : 0
        // 8 × metres per pixel is 2^28.2562 / (pixels per tile · 2^zoom).
        let scale = Double(dim) / pow(2, steepening + 28.2562 - zoom)
        for y in 0..<dim {
            for x in 0..<dim {
                let a = Double(dem[x - 1, y - 1]), b = Double(dem[x, y - 1]), c = Double(dem[x + 1, y - 1])
                let d = Double(dem[x - 1, y]), f = Double(dem[x + 1, y])
                let g = Double(dem[x - 1, y + 1]), h = Double(dem[x, y + 1]), i = Double(dem[x + 1, y + 1])
                dx[y * dim + x] = Float(min(max(((c + f + f + i) - (a + d + d + g)) * scale, -4), 4))
                dy[y * dim + x] = Float(min(max(((g + h + h + i) - (a + b + b + c)) * scale, -4), 4))
            }
        }
    }

    /// The slope at (u, v), 0...1 across and down the tile; `nearest`: the pixel's own, unmixed.
    func slope(u: Double, v: Double, nearest: Bool = false) -> (dx: Double, dy: Double) {
        if nearest {
            let i = min(max(Int(u * Double(dim)), 0), dim - 1) + min(max(Int(v * Double(dim)), 0), dim - 1) * dim
            return (Double(dx[i]), Double(dy[i]))
        }
        let fx = min(max(u * Double(dim) - 0.5, 0), Double(dim - 1)), fy = min(max(v * Double(dim) - 0.5, 0), Double(dim - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, dim - 1), y1 = min(y0 + 1, dim - 1)
        let tx = fx - Double(x0), ty = fy - Double(y0)
        @inline(__always) func lerp(_ field: [Float]) -> Double {
            let top = Double(field[y0 * dim + x0]) * (1 - tx) + Double(field[y0 * dim + x1]) * tx
            let bottom = Double(field[y1 * dim + x0]) * (1 - tx) + Double(field[y1 * dim + x1]) * tx
            return top * (1 - ty) + bottom * ty
        }
        return (lerp(dx), lerp(dy))
    }
}
