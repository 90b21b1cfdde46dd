import MapWireNumerics

/// Finds features whose world bounding box overlaps a box, without looking at the others.
/// The world is split into a fixed grid; a feature is listed in every cell its box touches, and
/// features spanning many cells are kept aside and always bounds-checked instead.
struct FeatureGridIndex: Sendable {
    static let cellsPerSide = 64
    /// Above this many cells a feature goes to `wide` so a world-sized polygon costs one entry.
    static let maximumCellsPerFeature = 256

    private var cells: [[Int]]
    private var wide: [Int] = []
    private let bounds: [WorldBounds]

    init(_ bounds: [WorldBounds]) {
        self.bounds = bounds
        cells = Array(repeating: [], count: Self.cellsPerSide * Self.cellsPerSide)
        for (index, box) in bounds.enumerated() {
            let (columns, rows) = Self.cellRange(box)
            if columns.count * rows.count > Self.maximumCellsPerFeature {
                wide.append(index)
                continue
            }
            for row in rows {
                for column in columns { cells[row * Self.cellsPerSide + column].append(index) }
            }
        }
    }

    /// Indexes of features overlapping `box`, in input order.
    func query(_ box: WorldBounds) -> [Int] {
        var found = Set(wide.filter { bounds[$0].intersects(box) })
        let (columns, rows) = Self.cellRange(box)
        for row in rows {
            for column in columns {
                for index in cells[row * Self.cellsPerSide + column] where bounds[index].intersects(box) {
                    found.insert(index)
                }
            }
        }
        return found.sorted()
    }

    /// Cells covering the box; anything outside the world (buffers, longitudes past ±180) lands
    /// in the edge cells, which still hold every feature that reaches that far.
    private static func cellRange(_ box: WorldBounds) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        func cell(_ value: Double) -> Int {
            // Coordinates far outside the world (longitude 1e20) saturate instead of trapping.
            min(max(Int(saturating: (value * Double(cellsPerSide)).rounded(.down)), 0), cellsPerSide - 1)
        }
        return (cell(box.minX)...cell(box.maxX), cell(box.minY)...cell(box.maxY))
    }
}
