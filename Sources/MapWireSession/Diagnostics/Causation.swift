import MapEngine
import MapWireProtocol

/// Causation ids (Envelope.causation_id, PROTOCOL.md 4): which command an event answers. Events published
/// while a command is handled carry its id; so do the later events of what it started: a style's loading
/// sequence up to its map-idle (or its failure), a runtime style change's loads and frames up to the next
/// map-idle, and a camera animation up to its camera-did-change.
struct Causation {
    /// The command being handled now (0: none).
    private(set) var handling: UInt64 = 0
    /// The command whose style is loading, and the one whose camera animation runs.
    private(set) var style: UInt64 = 0
    private(set) var camera: UInt64 = 0

    /// A command is being handled: what is published until `end()` carries its id.
    mutating func begin(_ commandID: UInt64) { handling = commandID }
    mutating func end() { handling = 0 }

    /// The command an event of the map answers (0: none); the style's or the animation's id ends with
    /// the event that ends it.
    mutating func of(_ event: MapEvent) -> UInt64 {
        let id: UInt64
        switch event {
        case .cameraWillChange, .cameraChanged, .cameraIsChanging, .cameraDidChange:
            // Between commands and animations, the camera moves to a style's default camera.
            id = handling != 0 ? handling : camera != 0 ? camera : style
        case .mapDidFailLoading, .didFinishRenderingMap(fullyRendered: false):
            // They end the style loading now, also when a newer style's command replaces it.
            id = style != 0 ? style : handling
        default:
            id = handling != 0 ? handling : style
        }
        switch event {
        case .mapIdle, .mapDidFailLoading, .didFinishRenderingMap(fullyRendered: false): style = 0
        // An animation ends on its own between commands; a command that ends one says so itself.
        case .cameraDidChange where handling == 0: camera = 0
        default: break
        }
        return id
    }

    /// After a command succeeded: what it started goes on under its id. `styleFailed`: the style it set
    /// failed at once; `animating`: the camera is moving.
    mutating func commandDone(_ command: Mapwire_V1_Command, styleFailed: Bool, animating: Bool) {
        switch command.kind {
        case .setStyleUri, .setStyleJson:
            // map-idle may already have come (a style with nothing to load still needs a frame).
            style = styleFailed ? 0 : command.id
        case .setCamera, .jumpTo, .easeTo, .flyTo, .setViewportState, .setTrackingMode, .setSize:
            camera = animating ? command.id : 0
        case .addSource, .removeSource, .addStyleImage, .removeStyleImage, .removeLayer, .addLayer, .moveLayer, .setPaintProperty,
             .setLayoutProperty, .setFilter, .setLayerZoomRange, .setSourceData, .updateSourceData, .setFeatureState,
             .removeFeatureState, .setLight, .setSky, .setTerrain, .setProjection, .setGlobalStateProperty, .setSprite:
            // A change in place goes on under its id until the map is idle again: the data it loads
            // (source-data-loaded, style-data-loaded {sprite}) and the frames that draw it. A style still
            // loading keeps its own id.
            if style == 0 { style = command.id }
        default:
            break
        }
    }

    /// A style parsed off the loop: its loading sequence goes on under `commandID` (0: it failed).
    mutating func styleParsed(_ commandID: UInt64) { style = commandID }
}
