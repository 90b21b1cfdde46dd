import Foundation

/// One step of a render test's `metadata.test.operations`, applied to the map after the style loads and
/// before the image is taken. Free-form arguments (styles, layers, values, filters, sources) stay as JSON
/// so the driver can hand them to the engine exactly as the suite wrote them.
public enum RenderOperation: Sendable, Equatable {
    /// Let the map finish loading and render (upstream: wait until the map is idle).
    case wait
    /// A whole style object (or a URL string), as JSON.
    case setStyle(Data)
    case addLayer(Data, before: String?)
    case removeLayer(String)
    case setPaintProperty(layer: String, name: String, value: Data)
    case setLayoutProperty(layer: String, name: String, value: Data)
    /// `nil` clears the filter.
    case setFilter(layer: String, filter: Data?)
    case addSource(id: String, source: Data)
    case removeSource(String)
    /// `path` is already resolved against the suite root.
    case addImage(id: String, path: URL, sdf: Bool?, pixelRatio: Double?)
    case setZoom(Double)
    case setBearing(Double)
    case setCenter(lon: Double, lat: Double)
    case setPitch(Double)
    case setLayerZoomRange(layer: String, min: Double?, max: Double?)
    /// The style's light, sky, terrain or projection (JSON; `null` removes or resets it).
    case setLight(Data)
    case setSky(Data)
    case setTerrain(Data)
    case setProjection(Data)
    /// `id` as text (a number in decimal); `state` a JSON object.
    case setFeatureState(source: String, sourceLayer: String?, id: String, state: Data)
    case removeFeatureState(source: String, sourceLayer: String?, id: String?, key: String?)
    case setGlobalStateProperty(name: String, value: Data)
    /// An operation this parser does not know, or one whose arguments do not fit: the operation's JSON.
    case unknown(String)

    /// The upstream operation name, for logs and reports.
    public var name: String {
        switch self {
        case .wait: "wait"
        case .setStyle: "setStyle"
        case .addLayer: "addLayer"
        case .removeLayer: "removeLayer"
        case .setPaintProperty: "setPaintProperty"
        case .setLayoutProperty: "setLayoutProperty"
        case .setFilter: "setFilter"
        case .addSource: "addSource"
        case .removeSource: "removeSource"
        case .addImage: "addImage"
        case .setZoom: "setZoom"
        case .setBearing: "setBearing"
        case .setCenter: "setCenter"
        case .setPitch: "setPitch"
        case .setLayerZoomRange: "setLayerZoomRange"
        case .setLight: "setLight"
        case .setSky: "setSky"
        case .setTerrain: "setTerrain"
        case .setProjection: "setProjection"
        case .setFeatureState: "setFeatureState"
        case .removeFeatureState: "removeFeatureState"
        case .setGlobalStateProperty: "setGlobalStateProperty"
        case .unknown: "unknown"
        }
    }
}
