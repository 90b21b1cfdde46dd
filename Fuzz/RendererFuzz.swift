import Foundation
import MapEngine
import MapWireCanvas
import MapWireFormats
import MapWireGeometry
import MapWireRenderer
import MapWireVectorTile

// libFuzzer entry point over what the renderer plugin reads from the core: vector tiles (MVT, MLT),
// GeoJSON, glyph range PBFs, sprite indexes and images (PNG, JPEG, WebP). The first byte picks
// the kind, the rest is the resource. Tiles and GeoJSON that decode are drawn, with a style
// whose every layer kind and data-driven property reads the features, so numbers from the data
// reach the tiler, the painters and the label placement. Built by scripts/fuzz with
// `swiftc -sanitize=fuzzer` from the package's sources; not part of the SwiftPM package. A crash
// (trap, fatalError) is a finding.

/// One MapRenderer for every input, as in the plugin (it keeps the compiled style and labels).
/// nonisolated(unsafe): libFuzzer calls the entry point from one thread only.
nonisolated(unsafe) let renderer = MapRenderer()

let fuzzStyle = Data(#"""
{"version":8,"sources":{"v":{"type":"vector","tileSize":512},"g":{"type":"geojson","maxzoom":20}},
 "layers":[
  {"id":"bg","type":"background","paint":{"background-color":"#fff"}},
  {"id":"f","type":"fill","source":"v","source-layer":"l","paint":{"fill-color":"#0a0","fill-opacity":["to-number",["get","o"],1]}},
  {"id":"ln","type":"line","source":"v","source-layer":"l","paint":{"line-width":["to-number",["get","w"],2],"line-offset":["to-number",["get","off"],0],"line-blur":["to-number",["get","b"],0],"line-dasharray":[2,1]}},
  {"id":"c","type":"circle","source":"v","source-layer":"l","paint":{"circle-radius":["to-number",["get","r"],3],"circle-blur":["to-number",["get","b"],0]}},
  {"id":"gf","type":"fill","source":"g","paint":{"fill-color":"#00a"}},
  {"id":"gl","type":"line","source":"g","paint":{"line-width":2}},
  {"id":"gc","type":"circle","source":"g","paint":{"circle-radius":4}},
  {"id":"s","type":"symbol","source":"v","source-layer":"l","layout":{
     "text-field":["slice",["to-string",["get","name"]],["to-number",["get","from"],0],["to-number",["get","to"],99]],
     "text-size":["to-number",["get","size"],16],"text-max-width":["to-number",["get","mw"],10],
     "text-font":["F"],"symbol-placement":["case",["==",["get","line"],true],"line","point"],"text-rotate":["to-number",["get","rot"],0]}},
  {"id":"gs","type":"symbol","source":"g","layout":{"text-field":["number-format",["to-number",["get","n"],1],{"max-fraction-digits":["to-number",["get","d"],2]}],"text-font":["F"],"text-size":["to-number",["get","size"],12]}}
 ]}
"""#.utf8)

/// Glyphs for the symbol layers: a small square for every printable ASCII character.
let fuzzGlyphs: GlyphStore = {
    var range = Glyphs_Glyphs()
    range.stacks = [.with {
        $0.name = "F"
        $0.range = "0-255"
        $0.glyphs = (32...126).map { id in
            .with { $0.id = UInt32(id); $0.width = 4; $0.height = 6; $0.left = 0; $0.top = -4; $0.advance = 6
                $0.bitmap = Data(repeating: 200, count: 10 * 12) }
        }
    }]
    var store = GlyphStore()
    try! store.add(fontStack: ["F"], rangePBF: try! range.serializedData())
    return store
}()

let fuzzSpriteImage = CanvasImage(rgba: [UInt8](repeating: 128, count: 16 * 8 * 4), width: 16, height: 8)

func draw(_ sources: [String: SourceData], zoom: Double) {
    let scene = RenderScene(styleJSON: fuzzStyle, camera: Camera(center: LngLat(longitude: 0, latitude: 0), zoom: zoom, bearing: 0, pitch: 0),
                            size: ViewportSize(width: 64, height: 64), pixelRatio: 1, sources: sources, sprite: nil, glyphs: fuzzGlyphs)
    _ = try? renderer.render(scene)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRendererInputs(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let data = Data(bytes: bytes + 1, count: count - 1)
    switch bytes[0] % 6 {
    case 0:
        // Both vector encodings read every tile input: what one refuses the other may draw.
        guard let tile = (try? MVTDecoder.decode(data)) ?? (try? MLTDecoder.decode(data)) else { return 0 }
        // The tile under the view's centre at zoom 0, and again at a zoom where it is large.
        draw(["v": .vector([CanonicalTileID(z: 0, x: 0, y: 0): tile])], zoom: 0)
        draw(["v": .vector([CanonicalTileID(z: 3, x: 4, y: 4): tile])], zoom: 3.5)
    case 1:
        guard let tiler = try? GeoJSONTiler(data: data) else { return 0 }
        draw(["g": .geojson(tiler)], zoom: 0)
        draw(["g": .geojson(tiler)], zoom: 9)
    case 2:
        var glyphs = GlyphStore()
        try? glyphs.add(fontStack: ["F"], rangePBF: data)
    case 3:
        if let atlas = try? SpriteAtlas(image: fuzzSpriteImage, indexJSON: data) {
            _ = SpriteAtlas.combining(atlas, with: [])
        }
    case 4:
        if let image = try? CanvasImage(encoded: data) {
            _ = Canvas.adjusted(image, brightnessMin: 0.1, brightnessMax: 0.9, contrast: 0.2, saturation: -0.5, hueRotate: 30)
        }
    default:
        // GeoJSON properties drive the symbol layer's number-format and sizes.
        guard let tiler = try? GeoJSONTiler(data: data) else { return 0 }
        draw(["g": .geojson(tiler)], zoom: 2)
    }
    return 0
}
