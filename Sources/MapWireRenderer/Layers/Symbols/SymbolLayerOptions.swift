import Foundation
import MapWireStyle

/// A symbol layer's placement options: layout properties the style spec does not let vary per
/// feature, so they are read once per layer and frame.
struct SymbolLayerOptions {
    enum Placement { case point, line, lineCenter }

    let placement: Placement
    let spacing: Double
    /// `text-overlap` and `icon-overlap` (or the `*-allow-overlap` they override).
    let textOverlap: OverlapMode, iconOverlap: OverlapMode
    let textIgnorePlacement: Bool, textOptional: Bool
    let iconIgnorePlacement: Bool, iconOptional: Bool
    /// Whether text and icons turn with the map ("map") rather than stay level ("viewport").
    let textFollowsMap: Bool, iconFollowsMap: Bool
    /// Whether text lies on the map plane under pitch ("map"; "auto" follows the rotation alignment).
    let textPitchWithMap: Bool
    let keepUpright: Bool
    /// text-max-angle in radians.
    let maxAngle: Double
    let hasSortKey: Bool
    /// `symbol-avoid-edges`: symbols stay wholly inside their own tiles.
    let avoidEdges: Bool
    /// Whether symbols may overlap one another (GL's `canOverlap`: drawn by their height on screen then).
    var canOverlap: Bool { textOverlap != .never || iconOverlap != .never || textIgnorePlacement || iconIgnorePlacement }
    /// The text and icon properties that may vary per feature, looked up once for the layer.
    let text: SymbolTextStyle.Properties
    let icon: SymbolIconStyle.Properties

    /// The zoom GL evaluates a symbol layer's layout properties at: its tiles' (the camera's rounded down),
    /// fixed while a tile is drawn between zooms; `text-size`, `icon-size` and paint follow the camera.
    static func layoutZoom(cameraZoom: Double) -> Double { cameraZoom.rounded(.down) }

    /// `frame`: the camera's zoom, no feature.
    init(_ layer: RenderLayer, _ frame: EvaluationContext) {
        let layoutZoom = Self.layoutZoom(cameraZoom: frame.zoom)
        let eval = EvaluationContext(zoom: layoutZoom)
        switch layer.string("symbol-placement", eval, "point") {
        case "line": placement = .line
        case "line-center": placement = .lineCenter
        default: placement = .point
        }
        spacing = layer.number("symbol-spacing", eval, 250)
        textOverlap = OverlapMode(layer, overlap: "text-overlap", allowOverlap: "text-allow-overlap", eval)
        textIgnorePlacement = layer.bool("text-ignore-placement", eval, false)
        textOptional = layer.bool("text-optional", eval, false)
        iconOverlap = OverlapMode(layer, overlap: "icon-overlap", allowOverlap: "icon-allow-overlap", eval)
        iconIgnorePlacement = layer.bool("icon-ignore-placement", eval, false)
        iconOptional = layer.bool("icon-optional", eval, false)
        // "auto" means "map" along lines and "viewport" at points.
        let alongLine = placement != .point
        func followsMap(_ name: String) -> Bool {
            let value = layer.string(name, eval, "auto")
            return value == "map" || value == "auto" && alongLine
        }
        textFollowsMap = followsMap("text-rotation-alignment")
        iconFollowsMap = followsMap("icon-rotation-alignment")
        let pitchAlignment = layer.string("text-pitch-alignment", eval, "auto")
        textPitchWithMap = pitchAlignment == "map" || pitchAlignment == "auto" && textFollowsMap
        keepUpright = layer.bool("text-keep-upright", eval, true)
        maxAngle = layer.number("text-max-angle", eval, 45) * .pi / 180
        hasSortKey = layer.layout["symbol-sort-key"] != nil
        avoidEdges = layer.bool("symbol-avoid-edges", eval, false)
        text = SymbolTextStyle.Properties(layer, EvaluationContext(zoom: frame.zoom), layoutZoom: layoutZoom)
        icon = SymbolIconStyle.Properties(layer, EvaluationContext(zoom: frame.zoom), layoutZoom: layoutZoom)
    }
}
