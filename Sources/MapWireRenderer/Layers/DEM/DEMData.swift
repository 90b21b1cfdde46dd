import MapWireCanvas
import MapWireJSON

/// How a `raster-dem` source packs elevations into pixels: metres = R·red + G·green + B·blue − shift
/// (the style specification's `encoding`, and `redFactor` … `baseShift` for "custom").
struct DEMEncoding: Equatable, Sendable {
    let red: Double, green: Double, blue: Double, baseShift: Double

    /// Mapbox Terrain-RGB: tenths of a metre above −10 000 m.
    static let mapbox = DEMEncoding(red: 6553.6, green: 25.6, blue: 0.1, baseShift: 10_000)
    /// Terrarium: metres above −32 768 m, with 1/256 m in blue.
    static let terrarium = DEMEncoding(red: 256, green: 1, blue: 1.0 / 256, baseShift: 32_768)

    /// The source's encoding; an unknown name reads as "mapbox", the default (GL engines warn and
    /// draw the source as if it had none).
    init(source: [String: Any]) {
        func number(_ key: String, _ fallback: Double) -> Double { FoundationJSON.double(source[key]) ?? fallback }
        switch source["encoding"] as? String {
        case "terrarium": self = .terrarium
        case "custom":
            self.init(red: number("redFactor", 1), green: number("greenFactor", 1), blue: number("blueFactor", 1),
                      baseShift: number("baseShift", 0))
        default: self = .mapbox
        }
    }

    init(red: Double, green: Double, blue: Double, baseShift: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.baseShift = baseShift
    }

    @inline(__always)
    func elevation(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        Double(r) * red + Double(g) * green + Double(b) * blue - baseShift
    }
}

/// One DEM tile's elevations in metres with a one-pixel border around them, as GL engines keep it:
/// the border starts as a copy of the tile's own edge and is then filled from the neighbouring tiles
/// that are loaded, so slopes and interpolation carry on across tile edges without a seam.
struct DEMData {
    /// Pixels across the tile (its image is square).
    let dim: Int
    /// `dim` + 2: a row with its border.
    var stride: Int { dim + 2 }
    /// Row-major, border included: (x, y) for x, y in −1...dim is at (y + 1)·stride + x + 1.
    private(set) var elevations: [Float]

    /// Nil for an image that is not square (GL refuses those too).
    init?(image: CanvasImage, encoding: DEMEncoding) {
        guard image.width == image.height, image.width > 0 else { return nil }
        dim = image.width
        let rgba = image.rgba()
        let stride = dim + 2
        var elevations = [Float](repeating: 0, count: stride * stride)
        for y in 0..<dim {
            for x in 0..<dim {
                let i = (y * dim + x) * 4
                elevations[(y + 1) * stride + x + 1] = Float(encoding.elevation(rgba[i], rgba[i + 1], rgba[i + 2]))
            }
        }
        self.elevations = elevations
        // The border repeats the edge until a neighbour fills it.
        for i in 0..<dim {
            self[-1, i] = self[0, i]
            self[dim, i] = self[dim - 1, i]
            self[i, -1] = self[i, 0]
            self[i, dim] = self[i, dim - 1]
        }
        self[-1, -1] = self[0, 0]
        self[dim, -1] = self[dim - 1, 0]
        self[-1, dim] = self[0, dim - 1]
        self[dim, dim] = self[dim - 1, dim - 1]
    }

    /// Metres at pixel (x, y), x and y in −1...dim (the border outside 0..<dim).
    subscript(x: Int, y: Int) -> Float {
        @inline(__always) get { elevations[(y + 1) * stride + x + 1] }
        set { elevations[(y + 1) * stride + x + 1] = newValue }
    }

    /// Fills the part of the border that touches `neighbour`, the tile `dx`, `dy` (each −1, 0 or 1)
    /// tiles away: its edge pixels become this tile's border pixels.
    mutating func backfillBorder(from neighbour: DEMData, dx: Int, dy: Int) {
        guard neighbour.dim == dim, dx != 0 || dy != 0, abs(dx) <= 1, abs(dy) <= 1 else { return }
        func range(_ d: Int) -> Range<Int> { d < 0 ? -1..<0 : d > 0 ? dim..<(dim + 1) : 0..<dim }
        for y in range(dy) {
            for x in range(dx) { self[x, y] = neighbour[x - dx * dim, y - dy * dim] }
        }
    }

    /// The elevation at (x, y) in pixels from the tile's top-left corner, interpolated between pixel
    /// centres (as a GPU's linear filter reads the tile with its border; clamped beyond it), or that
    /// of the pixel (x, y) falls in (`nearest`).
    func elevation(_ x: Double, _ y: Double, nearest: Bool = false) -> Double {
        if nearest { return Double(self[min(max(Int(x), 0), dim - 1), min(max(Int(y), 0), dim - 1)]) }
        let fx = min(max(x - 0.5, -1), Double(dim)), fy = min(max(y - 0.5, -1), Double(dim))
        let x0 = min(Int(fx.rounded(.down)), dim - 1), y0 = min(Int(fy.rounded(.down)), dim - 1)
        let tx = fx - Double(x0), ty = fy - Double(y0)
        let top = Double(self[x0, y0]) * (1 - tx) + Double(self[x0 + 1, y0]) * tx
        let bottom = Double(self[x0, y0 + 1]) * (1 - tx) + Double(self[x0 + 1, y0 + 1]) * tx
        return top * (1 - ty) + bottom * ty
    }
}
