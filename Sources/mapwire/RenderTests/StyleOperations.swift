import Foundation
import MapWireProtocol
import MapWireRenderSuite

/// A render test's runtime-styling operation as the core command that does it (PROTOCOL.md 7.12), as GL's
/// harness called the map's methods: the style is changed in place, never loaded again (but by setStyle).
enum StyleOperations {
    enum Step {
        /// A command to send; a refusal is what GL's error event was (the test goes on without the change).
        case command(Mapwire_V1_Command.OneOf_Kind)
        /// Let the map finish loading and draw (upstream: wait until the map is idle).
        case wait
        /// A new camera (upstream's setZoom, setBearing, setCenter, setPitch).
        case camera(zoom: Double?, bearing: Double?, center: (Double, Double)?, pitch: Double?)
    }

    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// `rewrite` turns the suite's local:// URLs in JSON into URLs the loader reads; `baseURL` is the
    /// test's style URL, against which a new style's relative URLs resolve.
    static func step(for operation: RenderOperation, baseURL: String, rewrite: (Data) -> Data) throws -> Step {
        func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }
        switch operation {
        case .wait:
            return .wait
        case .setStyle(let data):
            return .command(.setStyleJson(.with { $0.json = text(rewrite(data)); $0.baseURL = baseURL }))
        case .addLayer(let data, let before):
            return .command(.addLayer(.with { $0.json = text(rewrite(data)); if let before { $0.before = before } }))
        case .removeLayer(let id):
            return .command(.removeLayer(.with { $0.id = id }))
        case .setPaintProperty(let layer, let name, let value):
            return .command(.setPaintProperty(.with { $0.layer = layer; $0.name = name; $0.valueJson = text(value) }))
        case .setLayoutProperty(let layer, let name, let value):
            return .command(.setLayoutProperty(.with { $0.layer = layer; $0.name = name; $0.valueJson = text(value) }))
        case .setFilter(let layer, let filter):
            return .command(.setFilter(.with { $0.layer = layer; $0.filterJson = filter.map(text) ?? "null" }))
        case .addSource(let id, let source):
            return .command(.addSource(.with { $0.id = id; $0.json = text(rewrite(source)) }))
        case .removeSource(let id):
            return .command(.removeSource(.with { $0.id = id }))
        case .addImage(let id, let path, let sdf, let pixelRatio):
            guard let png = try? Data(contentsOf: path) else { throw Unsupported(description: "cannot read image \(path.path)") }
            return .command(.addStyleImage(.with { $0.id = id; $0.png = png; $0.sdf = sdf ?? false; $0.pixelRatio = pixelRatio ?? 1 }))
        case .setZoom(let zoom): return .camera(zoom: zoom, bearing: nil, center: nil, pitch: nil)
        case .setBearing(let bearing): return .camera(zoom: nil, bearing: bearing, center: nil, pitch: nil)
        case .setPitch(let pitch): return .camera(zoom: nil, bearing: nil, center: nil, pitch: pitch)
        case .setCenter(let lon, let lat): return .camera(zoom: nil, bearing: nil, center: (lon, lat), pitch: nil)
        case .setLayerZoomRange(let layer, let min, let max):
            return .command(.setLayerZoomRange(.with {
                $0.layer = layer
                if let min { $0.minZoom = min }
                if let max { $0.maxZoom = max }
            }))
        case .setLight(let value): return .command(.setLight(.with { $0.json = text(value) }))
        case .setSky(let value): return .command(.setSky(.with { $0.json = text(value) }))
        case .setTerrain(let value): return .command(.setTerrain(.with { $0.json = text(value) }))
        case .setProjection(let value): return .command(.setProjection(.with { $0.json = text(value) }))
        case .setFeatureState(let source, let sourceLayer, let id, let state):
            return .command(.setFeatureState(.with {
                $0.source = source; $0.featureID = id; $0.stateJson = text(state)
                if let sourceLayer { $0.sourceLayer = sourceLayer }
            }))
        case .removeFeatureState(let source, let sourceLayer, let id, let key):
            return .command(.removeFeatureState(.with {
                $0.source = source
                if let sourceLayer { $0.sourceLayer = sourceLayer }
                if let id { $0.featureID = id }
                if let key { $0.key = key }
            }))
        case .setGlobalStateProperty(let name, let value):
            return .command(.setGlobalStateProperty(.with { $0.name = name; $0.valueJson = text(value) }))
        case .unknown(let name):
            throw Unsupported(description: "unknown operation \(name)")
        }
    }
}
