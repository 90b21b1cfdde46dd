import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// A `raster-dem` source's tiles for one frame, decoded, each tile's border filled from the
/// neighbours the frame has (GL fills it from the neighbours it has loaded), and found by screen pixel.
struct DEMTiles {
    let tiles: [CanonicalTileID: DEMData]
    /// The zooms the tiles are at, highest first: a pixel is drawn from the most detailed tile over it.
    private let zooms: [Int]

    init(images: [CanonicalTileID: CanvasImage], encoding: DEMEncoding) {
        var decoded: [CanonicalTileID: DEMData] = [:]
        for (id, image) in images { decoded[id] = DEMData(image: image, encoding: encoding) }
        var filled = decoded
        for (id, _) in decoded {
            let n = 1 << id.z
            for dy in -1...1 {
                for dx in -1...1 where dx != 0 || dy != 0 {
                    let y = id.y + dy
                    guard y >= 0, y < n else { continue }
                    // Across the antimeridian the neighbour is on the other side of the world.
                    let neighbour = CanonicalTileID(z: id.z, x: ((id.x + dx) % n + n) % n, y: y)
                    if let other = decoded[neighbour] { filled[id]?.backfillBorder(from: other, dx: dx, dy: dy) }
                }
            }
        }
        tiles = filled
        zooms = Set(filled.keys.map(\.z)).sorted(by: >)
    }

    var isEmpty: Bool { tiles.isEmpty }

    /// One device pixel over a tile: where in the tile (0...1 across and down) its centre lies.
    struct Sample {
        let x: Int, y: Int
        let tile: CanonicalTileID
        let dem: DEMData
        let u: Double, v: Double
    }

    /// Calls `body` for each device pixel of the canvas the tiles cover, in rows.
    func forEachPixel(_ context: PaintContext, _ body: (Sample) -> Void) {
        guard let top = zooms.first, let ground = ScreenToGround(context.transform, zoom: Double(top)) else { return }
        let size = context.canvas.devicePixelSize
        let ratio = context.canvas.pixelRatio
        for py in 0..<size.height {
            for px in 0..<size.width {
                guard let world = ground.ground((Double(px) + 0.5) / ratio, (Double(py) + 0.5) / ratio) else { continue }
                for z in zooms {
                    let scale = Double(1 << z) / Double(1 << top)
                    let tx = world.x * scale / WebMercator.tileSize, ty = world.y * scale / WebMercator.tileSize
                    let n = 1 << z
                    let column = Int(tx.rounded(.down)), row = Int(ty.rounded(.down))
                    guard row >= 0, row < n else { break }
                    let id = CanonicalTileID(z: z, x: ((column % n) + n) % n, y: row)
                    guard let dem = tiles[id] else { continue }
                    body(Sample(x: px, y: py, tile: id, dem: dem, u: tx - Double(column), v: ty - Double(row)))
                    break
                }
            }
        }
    }
}

extension PaintContext {
    /// The DEM tiles a `hillshade` or `color-relief` layer draws from: its source's raster tiles when
    /// the style says the source is `raster-dem`.
    func demTiles(for layer: RenderLayer) -> (id: String, source: RenderStyle.Source, tiles: DEMTiles)? {
        guard let id = layer.source, let source = style.sources[id], source.type == "raster-dem",
              case .raster(let images)? = scene.sources[id] else { return nil }
        let tiles = dem.tiles(of: id, images: images, encoding: source.demEncoding)
        return tiles.isEmpty ? nil : (id, source, tiles)
    }
}
