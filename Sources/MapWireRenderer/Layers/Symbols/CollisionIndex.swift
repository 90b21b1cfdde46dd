/// The boxes of symbols placed so far in a frame, bucketed in a coarse screen grid so a new
/// symbol is only tested against boxes near it. Each box keeps the overlap mode it was placed with.
struct CollisionIndex {
    let cellSize: Double
    /// The grid covers the viewport plus this margin on each side; boxes beyond fall into the
    /// edge cells, which only costs extra comparisons.
    let margin: Double
    private let columns: Int, rows: Int
    private var cells: [[Int32]]
    private var boxes: [ScreenBox] = []
    private var modes: [OverlapMode] = []

    init(width: Double, height: Double, cellSize: Double = 32, margin: Double = 100) {
        self.cellSize = cellSize
        self.margin = margin
        columns = max(1, Int(((width + 2 * margin) / cellSize).rounded(.up)))
        rows = max(1, Int(((height + 2 * margin) / cellSize).rounded(.up)))
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Whether none of `candidate` overlaps a box already in the index that a symbol placed with
    /// `mode` may not overlap.
    func fits(_ candidate: [ScreenBox], mode: OverlapMode = .never) -> Bool {
        guard mode != .always else { return true }
        for box in candidate {
            let (c0, r0, c1, r1) = cellRange(box)
            for r in r0...r1 {
                for c in c0...c1 {
                    for i in cells[r * columns + c] where boxes[Int(i)].intersects(box) && !mode.mayOverlap(modes[Int(i)]) {
                        return false
                    }
                }
            }
        }
        return true
    }

    /// Adds the boxes of a symbol placed with `mode`.
    mutating func insert(_ placed: [ScreenBox], mode: OverlapMode = .never) {
        for box in placed {
            let index = Int32(boxes.count)
            boxes.append(box)
            modes.append(mode)
            let (c0, r0, c1, r1) = cellRange(box)
            for r in r0...r1 {
                for c in c0...c1 { cells[r * columns + c].append(index) }
            }
        }
    }

    var count: Int { boxes.count }

    private func cellRange(_ box: ScreenBox) -> (Int, Int, Int, Int) {
        // Clamped before converting: Int() of NaN or infinity traps.
        func cell(_ v: Double, _ count: Int) -> Int {
            let index = ((v + margin) / cellSize).rounded(.down)
            if !(index > 0) { return 0 }
            return index >= Double(count - 1) ? count - 1 : Int(index)
        }
        return (cell(box.minX, columns), cell(box.minY, rows), cell(box.maxX, columns), cell(box.maxY, rows))
    }
}
