import MapWireGeometry

/// GL's cut of symbols too far into a pitched view (MapLibre GL JS 5.3.0, `CollisionIndex`): a collision
/// box whose anchor's perspective ratio, 0.5 + 0.5 × camera-to-centre / camera-to-anchor distance (not
/// clamped), is below 0.6 is not placed — an anchor more than five times as far as the centre. GL checks it
/// for collision boxes (point labels and icons); line labels, placed by collision circles, are not cut.
/// Up to pitch 60 (with a 36.87° field of view) the top of the screen is about 2.4 times as far as the centre
/// (ratio ≈ 0.71), so the cut only reaches anchors far beyond the top edge; at pitch 85 the map's far edge,
/// GL's horizon, is about 6.7 times as far, and labels fade out well below it.
enum SymbolDistanceCull {
    static let perspectiveRatioCutoff = 0.6

    /// `groundScale`: camera-to-centre over camera-to-anchor distance (the projector's perspective scale).
    static func isTooFar(groundScale: Double) -> Bool {
        0.5 + 0.5 * groundScale < perspectiveRatioCutoff
    }

    /// Whether a symbol anchored at this screen row is cut (never when flat).
    static func isTooFar(screenY: Double, _ projector: ScreenProjector) -> Bool {
        !projector.isFlat && isTooFar(groundScale: projector.perspectiveScale(atScreenY: screenY))
    }
}
