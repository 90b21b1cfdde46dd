import MapWireVectorTile

/// GL joins a tile's line features that carry the same label and meet end to start into one line
/// before laying labels along them (a street cut into pieces gets labels on the whole street, not
/// squeezed onto each piece). Only each feature's first line takes part; a feature merged into an
/// earlier one is gone, and the result keeps the order of the features that were kept. Pure.
enum LineLabelMerger {
    struct Merged: Equatable {
        /// The feature whose properties the merged line keeps.
        var index: Int
        var line: [TilePoint]
    }

    private struct End: Hashable {
        let text: String
        let point: TilePoint
    }

    /// `texts[i]` is feature i's label (nil or empty: not merged), `lines[i]` its first line.
    static func merge(texts: [String?], lines: [[TilePoint]]) -> [Merged] {
        var merged: [Merged?] = []
        // Which merged line starts (left) or ends (right) at a labelled point.
        var startsAt: [End: Int] = [:], endsAt: [End: Int] = [:]
        for (k, line) in lines.enumerated() {
            guard let text = texts[k], !text.isEmpty, let first = line.first, let last = line.last else {
                merged.append(Merged(index: k, line: line))
                continue
            }
            let left = End(text: text, point: first), right = End(text: text, point: last)
            let before = endsAt[left], after = startsAt[right]
            if let i = before, let j = after, i != j {
                // Lines with this label meet both ends: join all three into i.
                var joined = merged[i]!.line
                joined.removeLast()
                joined += line.dropLast() + merged[j]!.line
                merged[i]!.line = joined
                merged[j] = nil
                endsAt[left] = nil
                startsAt[right] = nil
                endsAt[right] = nil
                if let end = joined.last { endsAt[End(text: text, point: end)] = i }
            } else if let i = before {
                merged[i]!.line.removeLast()
                merged[i]!.line += line
                endsAt[left] = nil
                endsAt[right] = i
            } else if let j = after {
                merged[j]!.line.removeFirst()
                merged[j]!.line = line + merged[j]!.line
                startsAt[right] = nil
                startsAt[left] = j
            } else {
                merged.append(Merged(index: k, line: line))
                startsAt[left] = merged.count - 1
                endsAt[right] = merged.count - 1
            }
        }
        return merged.compactMap { $0 }
    }
}
