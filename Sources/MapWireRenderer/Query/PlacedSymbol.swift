import MapWireGeometry
import MapWireVectorTile

/// A symbol the placement pass placed, as a rendered-feature query finds it: the feature it labels and
/// the boxes it holds on screen (its text where the text was placed, its icon where the icon was).
/// Labels that did not fit are not here: a query returns only what was drawn.
struct PlacedSymbol {
    struct Origin {
        let layerID: String
        let tile: CanonicalTileID
        /// The copy of the world the tile was drawn on.
        let wrap: Int
        let extent: Int
        /// The feature's place among its tile layer's features that pass the layer's filter.
        let featureIndex: Int
        let feature: VectorFeature
    }

    let origin: Origin
    let boxes: [ScreenBox]
    /// Where it was drawn in its layer (later symbols cover earlier ones).
    let drawKey: SymbolDrawOrder.Key
    /// Whether its layer draws symbols by their height on screen (`SymbolDrawOrder.sortsByY`).
    let drawnByY: Bool
}
