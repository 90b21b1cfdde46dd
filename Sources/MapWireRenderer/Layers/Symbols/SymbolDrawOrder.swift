/// The order GL draws a symbol layer's placed symbols in (later ones cover earlier ones), as
/// MapLibre GL JS's symbol_bucket.ts sorts them: tile by tile in the reverse of the order they were
/// placed in, and within a tile, when the layer lets symbols overlap (`*-overlap` other than "never" or
/// `*-ignore-placement`, no `symbol-sort-key`), from the top of the screen down, so lower symbols
/// cover higher ones; symbols on the same row go by feature, later features first. Otherwise a
/// tile's symbols keep their placement order.
enum SymbolDrawOrder {
    struct Key {
        /// The symbol's tile, as its place in the placement order.
        var tile: Int
        /// The anchor's height on screen, in the tile's own units (GL rounds it to whole units).
        var rowY: Int
        /// The feature's place in its tile.
        var feature: Int
    }

    /// Whether the layer's symbols are drawn by their height on screen (GL's `sortFeaturesByY`).
    static func sortsByY(canOverlap: Bool, hasSortKey: Bool) -> Bool { canOverlap && !hasSortKey }

    /// The indices of `keys` (given in placement order) in drawing order.
    static func order(_ keys: [Key], byY: Bool, acrossTiles: Bool) -> [Int] {
        // Across tiles only when a sort key orders the whole layer (GL draws it key by key then).
        if acrossTiles { return Array(keys.indices) }
        return keys.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka.tile != kb.tile { return ka.tile > kb.tile }
            if byY {
                if ka.rowY != kb.rowY { return ka.rowY < kb.rowY }
                if ka.feature != kb.feature { return ka.feature > kb.feature }
            }
            return a < b
        }
    }

    /// The order the symbols of a layer that lets them overlap are placed in (so which of two colliding
    /// ones wins), as the GL JS the render suite was drawn with placed them (symbol_bucket.js sorted its
    /// instances before placing): tile by tile as given, within a tile from the top of the screen down,
    /// later features first on one row.
    static func placementOrder(_ keys: [Key]) -> [Int] {
        keys.indices.sorted { a, b in
            let ka = keys[a], kb = keys[b]
            if ka.tile != kb.tile { return ka.tile < kb.tile }
            if ka.rowY != kb.rowY { return ka.rowY < kb.rowY }
            if ka.feature != kb.feature { return ka.feature > kb.feature }
            return a < b
        }
    }

    /// A screen height in whole units of a tile that spans `tileSizeOnScreen` px, as GL measures
    /// anchors (8192 units a tile).
    static func row(screenY: Double, tileSizeOnScreen: Double) -> Int {
        guard tileSizeOnScreen > 0 else { return 0 }
        let units = (screenY * 8192 / tileSizeOnScreen).rounded()
        // Int() of NaN, infinity or a huge value traps.
        return abs(units) < 1e15 ? Int(units) : 0
    }
}
