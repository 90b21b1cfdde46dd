import MapWireCanvas
import MapWireStyle

/// `symbol`: labels and icons, placed without collisions. Keeps the previous frame's placement to
/// tell whether it changed.
final class SymbolPainter {
    private var placed: Set<String> = []
    private var previous: Set<String> = []
    private var missing: Set<String> = []

    func beginFrame() {
        previous = placed
        placed = []
        missing = []
    }

    func paint(_ layer: RenderLayer, _ context: PaintContext) {
        // Labels and icons arrive with the symbol work; until then symbol layers draw nothing.
    }

    func endFrame() -> (changed: Bool, missingImages: [String]) {
        (placed != previous, missing.sorted())
    }
}
