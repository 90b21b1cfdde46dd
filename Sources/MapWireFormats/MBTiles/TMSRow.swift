/// MBTiles stores rows in TMS order (row 0 at the south); XYZ counts from the north.
/// The flip is its own inverse.
enum TMSRow {
    static func flip(z: Int, y: Int) -> Int { (1 << z) - 1 - y }

    static func isValid(z: Int, x: Int, y: Int) -> Bool {
        guard (0...30).contains(z) else { return false }
        let count = 1 << z
        return (0..<count).contains(x) && (0..<count).contains(y)
    }
}
