@testable import MapWireCanvas

/// The canvas pixels at one moment, with helpers for asserting on single pixels.
struct PixelSnapshot {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    init(_ canvas: Canvas) {
        bytes = canvas.rgba()
        width = canvas.deviceWidth
        height = canvas.deviceHeight
    }

    init(_ image: CanvasImage) {
        bytes = image.rgba()
        width = image.width
        height = image.height
    }

    /// Straight RGBA at (x, y) in device pixels.
    subscript(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * 4
        return RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
    }
}

/// One straight-alpha pixel.
struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Int

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        self.init(Int(r), Int(g), Int(b), Int(a))
    }

    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    static let clear = RGBA(0, 0, 0, 0)

    /// Every channel within `tolerance` of `other`.
    func isClose(to other: RGBA, tolerance: Int = 2) -> Bool {
        abs(r - other.r) <= tolerance && abs(g - other.g) <= tolerance
            && abs(b - other.b) <= tolerance && abs(a - other.a) <= tolerance
    }

    var description: String { "(\(r), \(g), \(b), \(a))" }
}

extension CanvasColor {
    static let red = CanvasColor(r: 1, g: 0, b: 0, a: 1)
    static let green = CanvasColor(r: 0, g: 1, b: 0, a: 1)
    static let blue = CanvasColor(r: 0, g: 0, b: 1, a: 1)
}

extension RGBA {
    static let red = RGBA(255, 0, 0, 255)
    static let green = RGBA(0, 255, 0, 255)
    static let blue = RGBA(0, 0, 255, 255)
    static let white = RGBA(255, 255, 255, 255)
}

/// A closed axis-aligned rectangle path.
func rectanglePath(x: Double, y: Double, width: Double, height: Double) -> CanvasPath {
    var path = CanvasPath()
    path.addRing(
        [Point2D(x: x, y: y), Point2D(x: x + width, y: y), Point2D(x: x + width, y: y + height), Point2D(x: x, y: y + height)],
        closed: true)
    return path
}

/// A `width`×`height` image of one straight colour.
func solidImage(_ pixel: RGBA, width: Int, height: Int) -> CanvasImage {
    let bytes = (0..<(width * height)).flatMap { _ in [UInt8(pixel.r), UInt8(pixel.g), UInt8(pixel.b), UInt8(pixel.a)] }
    return CanvasImage(rgba: bytes, width: width, height: height)
}
