/// A simple shelf packer: rectangles sorted by height (tallest first) fill rows left to right
/// up to a target width near the square root of the total area; `padding` px separate them.
enum ShelfPacker {
    struct Layout {
        /// Top-left of each input rectangle, in input order.
        var origins: [(x: Int, y: Int)]
        var width: Int
        var height: Int
    }

    static func pack(_ sizes: [(width: Int, height: Int)], padding: Int) -> Layout {
        guard !sizes.isEmpty else { return Layout(origins: [], width: 0, height: 0) }
        let area = sizes.reduce(0) { $0 + ($1.width + padding) * ($1.height + padding) }
        let widest = sizes.map(\.width).max()!
        let targetWidth = max(widest, Int(Double(area).squareRoot().rounded(.up)))

        // Tallest first; ties keep input order so the layout is deterministic.
        let order = sizes.indices.sorted { a, b in
            sizes[a].height != sizes[b].height ? sizes[a].height > sizes[b].height : a < b
        }
        var origins = [(x: Int, y: Int)](repeating: (0, 0), count: sizes.count)
        var x = 0, shelfY = 0, shelfHeight = 0, usedWidth = 0
        for i in order {
            let size = sizes[i]
            if x > 0 && x + size.width > targetWidth {
                shelfY += shelfHeight + padding
                x = 0
                shelfHeight = 0
            }
            origins[i] = (x, shelfY)
            usedWidth = max(usedWidth, x + size.width)
            shelfHeight = max(shelfHeight, size.height)
            x += size.width + padding
        }
        return Layout(origins: origins, width: usedWidth, height: shelfY + shelfHeight)
    }
}
