/// How GL sizes labels and icons under pitch: by the perspective ratio 0.5 + 0.5 × (camera-to-centre
/// distance / camera-to-anchor distance), clamped to 0…4, so they shrink with distance at half the
/// rate of the ground. Labels lying on the map come out the same size (the projection shrinks them by
/// the distance ratio, GL's ratio for them uses its inverse).
enum SymbolPerspective {
    /// `groundScale`: how much the ground at the anchor is shrunk by perspective (1 at the centre).
    static func ratio(groundScale: Double) -> Double {
        min(4, max(0, 0.5 + 0.5 * groundScale))
    }
}
