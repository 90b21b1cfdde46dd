import Foundation
import MapWireGeometry
import MapWireJSON
import MapWireCanvas
import MapWireVectorTile

/// Everything one frame draws: the style, the view, and the data of each source, already decoded.
public struct RenderScene {
    public var styleJSON: Data
    public var camera: Camera
    public var size: ViewportSize
    public var pixelRatio: Double
    /// Source id → its data for this view.
    public var sources: [String: SourceData]
    public var sprite: SpriteAtlas?
    public var glyphs: GlyphStore
    /// Annotations, the user-location puck and the callout, drawn above every style layer.
    public var overlay = SceneOverlay()

    public init(styleJSON: Data, camera: Camera, size: ViewportSize, pixelRatio: Double,
                sources: [String: SourceData], sprite: SpriteAtlas?, glyphs: GlyphStore) {
        self.styleJSON = styleJSON
        self.camera = camera
        self.size = size
        self.pixelRatio = pixelRatio
        self.sources = sources
        self.sprite = sprite
        self.glyphs = glyphs
    }
}

/// A source's data for one frame.
public enum SourceData {
    /// Decoded vector tiles (from MVT or cut from GeoJSON), by tile.
    case vector([CanonicalTileID: VectorTileData])
    /// Raster tiles as images, by tile.
    case raster([CanonicalTileID: CanvasImage])
    /// GeoJSON, cut into the tiles of each view as it is drawn.
    case geojson(GeoJSONTiler)
    /// One image stretched over four corners (top-left, top-right, bottom-right, bottom-left).
    case image(CanvasImage, corners: [LngLat])
}

/// A sprite sheet and its index.
public struct SpriteAtlas {
    public struct Entry: Sendable {
        public var x, y, width, height: Int
        public var pixelRatio: Double
        public var sdf: Bool
        /// Stretch zones across and down (image px) and the content box `[x1, y1, x2, y2]`, for `icon-text-fit`.
        public var stretchX: [ClosedRange<Double>] = []
        public var stretchY: [ClosedRange<Double>] = []
        public var content: [Double]?
        public init(x: Int, y: Int, width: Int, height: Int, pixelRatio: Double, sdf: Bool) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.pixelRatio = pixelRatio; self.sdf = sdf
        }

        /// Whether `icon-text-fit` cuts this icon into pieces (only its stretch zones stretch).
        var isStretchable: Bool { !stretchX.isEmpty || !stretchY.isEmpty }
    }

    public var image: CanvasImage
    public var entries: [String: Entry]
    /// Icons of the index left out, each with why (not whole numbers, not inside the image …).
    public private(set) var skipped: [String] = []

    public init(image: CanvasImage, entries: [String: Entry]) {
        self.image = image
        self.entries = entries
    }

    /// Reads a sprite index (`{"name": {"x", "y", "width", "height", "pixelRatio", "sdf"}}`). An
    /// icon whose rectangle is not whole pixels inside the image, or whose pixel ratio is not a
    /// positive number, is left out and named in `skipped`.
    public init(image: CanvasImage, indexJSON: Data) throws {
        guard let object = (try? JSONSerialization.jsonObject(with: indexJSON)) as? [String: Any] else {
            throw RenderStyleError("the sprite index is not a JSON object")
        }
        var entries: [String: Entry] = [:]
        var skipped: [String] = []
        for (name, value) in object.sorted(by: { $0.key < $1.key }) {
            switch Self.entry(value, image: image) {
            case .success(let entry): entries[name] = entry
            case .failure(let why): skipped.append("\"\(name)\": \(why.description)")
            }
        }
        self.init(image: image, entries: entries)
        self.skipped = skipped
    }

    private static func entry(_ value: Any, image: CanvasImage) -> Result<Entry, RenderStyleError> {
        guard let e = value as? [String: Any] else { return .failure(RenderStyleError("not a JSON object")) }
        // Whole pixels, small enough that sums and products of them cannot overflow.
        func pixels(_ key: String) -> Int? {
            guard let number = FoundationJSON.double(e[key]), number == number.rounded(), abs(number) <= 16_777_216 else { return nil }
            return Int(number)
        }
        guard let x = pixels("x"), let y = pixels("y"), let w = pixels("width"), let h = pixels("height") else {
            return .failure(RenderStyleError("x, y, width and height must be whole numbers"))
        }
        guard x >= 0, y >= 0, w > 0, h > 0, x + w <= image.width, y + h <= image.height else {
            return .failure(RenderStyleError("\(w)×\(h) at \(x),\(y) is not inside the \(image.width)×\(image.height) image"))
        }
        let pixelRatio = FoundationJSON.double(e["pixelRatio"]) ?? 1
        guard pixelRatio > 0, pixelRatio.isFinite else { return .failure(RenderStyleError("pixelRatio \(pixelRatio) is not a positive number")) }
        var entry = Entry(x: x, y: y, width: w, height: h, pixelRatio: pixelRatio, sdf: FoundationJSON.bool(e["sdf"]) ?? false)
        switch (SpriteStretch.zones(e["stretchX"], length: w, name: "stretchX"), SpriteStretch.zones(e["stretchY"], length: h, name: "stretchY"),
                SpriteStretch.content(e["content"], width: w, height: h)) {
        case let (.success(across), .success(down), .success(content)):
            entry.stretchX = across
            entry.stretchY = down
            entry.content = content
        case let (.failure(why), _, _), let (_, .failure(why), _), let (_, _, .failure(why)):
            return .failure(why)
        }
        return .success(entry)
    }
}

extension SpriteAtlas {
    /// An image added to the style at run time.
    public struct AddedImage {
        public let name: String
        public let image: CanvasImage
        public let pixelRatio: Double
        public let sdf: Bool

        public init(name: String, image: CanvasImage, pixelRatio: Double, sdf: Bool) {
            self.name = name
            self.image = image
            self.pixelRatio = pixelRatio
            self.sdf = sdf
        }
    }

    /// One atlas holding the sprite (if any) and the added images to its right; an added image
    /// replaces a sprite icon of the same name.
    public static func combining(_ base: SpriteAtlas?, with added: [AddedImage]) -> SpriteAtlas {
        let baseWidth = base?.image.width ?? 0, baseHeight = base?.image.height ?? 0
        let width = max(1, baseWidth + added.reduce(0) { $0 + $1.image.width })
        let height = max(1, max(baseHeight, added.map(\.image.height).max() ?? 0))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        func copy(_ image: CanvasImage, toX x0: Int) {
            let source = image.rgba()
            for y in 0..<image.height {
                let from = y * image.width * 4, to = (y * width + x0) * 4
                pixels.replaceSubrange(to..<to + image.width * 4, with: source[from..<from + image.width * 4])
            }
        }
        var entries = base?.entries ?? [:]
        if let base { copy(base.image, toX: 0) }
        var x = baseWidth
        for item in added {
            copy(item.image, toX: x)
            entries[item.name] = Entry(x: x, y: 0, width: item.image.width, height: item.image.height,
                                       pixelRatio: item.pixelRatio, sdf: item.sdf)
            x += item.image.width
        }
        return SpriteAtlas(image: CanvasImage(rgba: pixels, width: width, height: height), entries: entries)
    }
}
