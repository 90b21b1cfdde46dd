/// One rendered icon: straight-alpha RGBA pixels, row-major.
struct RasterIcon {
    let name: String
    let width: Int
    let height: Int
    let rgba: [UInt8]
}
