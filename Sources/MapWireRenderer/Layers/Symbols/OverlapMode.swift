import MapWireStyle

/// Whether a symbol may be placed over symbols placed before it: the style specification's
/// `text-overlap` and `icon-overlap`, which take precedence over the older `*-allow-overlap` (true
/// reads as "always"). A "cooperative" symbol may overlap symbols placed "always" or "cooperative",
/// not those placed "never".
enum OverlapMode: String, Sendable {
    case never, always, cooperative

    /// The mode of a layer's text or icons: `overlap` when the layer sets it, else "always" when
    /// `allowOverlap` is true, else "never".
    init(_ layer: RenderLayer, overlap: String, allowOverlap: String, _ eval: EvaluationContext) {
        if layer.layout[overlap] != nil, let mode = OverlapMode(rawValue: layer.string(overlap, eval, "never")) {
            self = mode
        } else {
            self = layer.bool(allowOverlap, eval, false) ? .always : .never
        }
    }

    /// Whether a symbol placed with this mode may overlap a box placed with `other`.
    func mayOverlap(_ other: OverlapMode) -> Bool {
        self == .always || self == .cooperative && other != .never
    }
}
