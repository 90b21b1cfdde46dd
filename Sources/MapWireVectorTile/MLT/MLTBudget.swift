/// How many values one tile may decode to. MLT's run-length and FastPFOR streams state counts
/// that a few bytes can make huge, so every decoded array is charged here before it is allocated:
/// a hostile tile fails with a clear error instead of exhausting memory.
final class MLTBudget {
    /// 16 Mi values: several times the largest real tiles (a dense OpenMapTiles z14 tile decodes
    /// to a few hundred thousand), and at most a few hundred MB even if every value were 8 bytes.
    static let defaultLimit = 1 << 24

    private(set) var remaining: Int

    init(limit: Int = MLTBudget.defaultLimit) { remaining = limit }

    func spend(_ count: Int, for what: @autoclosure () -> String) throws(MLTProblem) {
        guard count >= 0, count <= remaining else {
            throw MLTProblem("\(what()) claims \(count) values, more than the tile's decoding limit allows")
        }
        remaining -= count
    }
}
