import Foundation
import MapWireGeometry

/// One resource a renderer needs for a frame, under a key that names its content (equal keys, equal bytes).
public struct RenderResource: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case style, tile, geojson, spriteJson, spriteImage, glyphs, image, styleImage
    }

    public var key: String
    public var kind: Kind
    public var data: Data
    public var sourceID = ""
    /// "vector", "raster", "raster-dem", "geojson", "image".
    public var sourceType = ""
    /// Tiles: which one, and the source's tile size in px.
    public var tileID: CanonicalTileID?
    public var tileSize = 0
    /// Glyphs: the font stack and the first code point of the range.
    public var fontStack: [String] = []
    public var rangeStart = 0
    /// Image sources: the corners top-left, top-right, bottom-right, bottom-left.
    public var coordinates: [LngLat] = []
    /// Style images: how the image was added (its bytes are `data`, not its png/rgba), and whether
    /// `data` is straight-alpha RGBA rather than PNG.
    public var styleImage: StyleImageDefinition?
    public var rawRGBA = false

    public init(key: String, kind: Kind, data: Data) {
        self.key = key
        self.kind = kind
        self.data = data
    }
}

/// An image added to the style at run time (add-style-image): PNG, or straight-alpha RGBA with its size.
public struct StyleImageDefinition: Sendable, Equatable {
    public var id: String
    public var png = Data()
    public var rgba = Data()
    public var width = 0
    public var height = 0
    /// Device pixels per logical pixel (0 means 1).
    public var pixelRatio = 0.0
    public var sdf = false
    public var stretchX: [ImageStretch] = []
    public var stretchY: [ImageStretch] = []
    public var content: ImageContent?

    public init(id: String) {
        self.id = id
    }
}

/// Where an image may stretch, in image px.
public struct ImageStretch: Sendable, Equatable {
    public var from: Float
    public var to: Float

    public init(from: Float, to: Float) {
        self.from = from
        self.to = to
    }
}

/// The box an image's content goes in, in image px.
public struct ImageContent: Sendable, Equatable {
    public var left: Float
    public var top: Float
    public var right: Float
    public var bottom: Float

    public init(left: Float, top: Float, right: Float, bottom: Float) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }
}
