import MapWireJSON

/// Reads a sprite icon's `stretchX` / `stretchY` (`[[from, to], …]`, image px, in order, not
/// overlapping) and `content` (`[x1, y1, x2, y2]`), as GL's sprite index gives them. Anything else is
/// a clear error naming the field, so the icon is skipped with the reason.
enum SpriteStretch {
    static func zones(_ value: Any?, length: Int, name: String) -> Result<[ClosedRange<Double>], RenderStyleError> {
        guard let value else { return .success([]) }
        guard let pairs = value as? [Any] else { return .failure(RenderStyleError("\(name) must be an array of [from, to] pairs")) }
        var zones: [ClosedRange<Double>] = []
        for pair in pairs {
            guard let ends = pair as? [Any], ends.count == 2,
                  let from = FoundationJSON.double(ends[0]), let to = FoundationJSON.double(ends[1]),
                  from.isFinite, to.isFinite, from <= to
            else { return .failure(RenderStyleError("\(name) must be an array of [from, to] pairs with from ≤ to")) }
            guard from >= (zones.last?.upperBound ?? 0), to <= Double(length) else {
                return .failure(RenderStyleError("\(name) zones must be in order, apart, and inside the icon's \(length) px"))
            }
            zones.append(from...to)
        }
        return .success(zones)
    }

    static func content(_ value: Any?, width: Int, height: Int) -> Result<[Double]?, RenderStyleError> {
        guard let value else { return .success(nil) }
        guard let list = value as? [Any], list.count == 4 else { return .failure(RenderStyleError("content must be [x1, y1, x2, y2]")) }
        let box = list.compactMap { FoundationJSON.double($0) }.filter(\.isFinite)
        guard box.count == 4, box[0] >= 0, box[1] >= 0, box[0] <= box[2], box[1] <= box[3],
              box[2] <= Double(width), box[3] <= Double(height)
        else { return .failure(RenderStyleError("content must be [x1, y1, x2, y2] inside the icon's \(width)×\(height) px")) }
        return .success(box)
    }
}
