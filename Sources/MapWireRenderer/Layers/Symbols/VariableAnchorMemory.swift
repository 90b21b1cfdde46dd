/// GL's memory of the variable anchor each label took (its `prevPlacement.variableOffsets`): next
/// frame a label tries the anchor it had first, then the others in the style's order, so a label that
/// still fits where it was does not jump to an earlier anchor as the camera moves. Keyed by the
/// label's identity on the map (layer, feature, anchor in tile units), never by screen position. Pure:
/// the previous frame's memory in, the order to try out, and the chosen anchors make the next memory.
struct VariableAnchorMemory: Equatable {
    private(set) var anchors: [String: Int] = [:]

    init(_ anchors: [String: Int] = [:]) { self.anchors = anchors }

    /// The order to try a label's `count` anchors in: its previous one first when it had one.
    func order(for label: String, count: Int) -> [Int] {
        guard let previous = anchors[label], previous > 0, previous < count else { return Array(0..<count) }
        return [previous] + (0..<count).filter { $0 != previous }
    }

    /// The memory for the next frame: the anchors labels took in this one (labels not placed are forgotten).
    static func next(chosen: [String: Int]) -> VariableAnchorMemory { VariableAnchorMemory(chosen) }
}
