/// GL's cut of a stretchable sprite icon fitted to its label (`icon-text-fit` with the sprite index's
/// `stretchX`, `stretchY` and `content`): the image is cut at the edges of its stretch zones, the zones
/// share out whatever the fitted box needs beyond the fixed parts, and the fixed parts keep their size
/// in sprite px (not scaled by `icon-size`, as in GL's icon quads' pixel offsets). With `content`, that
/// part of the image (not the whole) is what covers the fitted box. Pure.
enum IconStretchQuads {
    /// One piece: a rectangle of the icon's image (image px, from the icon's top-left) and where it goes
    /// (px from the symbol's anchor, before rotation).
    struct Piece: Equatable {
        var sourceX, sourceY, sourceWidth, sourceHeight: Double
        var left, top, right, bottom: Double
    }

    /// One axis of the icon: its length in image px, its stretch zones, and the content range (if any).
    struct Axis: Equatable {
        var length: Double
        var zones: [ClosedRange<Double>]
        var content: ClosedRange<Double>?
    }

    /// The pieces of an icon whose fitted box is `box` (px from the anchor before `icon-size`), drawn at
    /// `size` with the image's `pixelRatio`. Pieces with nothing to show are left out.
    static func pieces(x: Axis, y: Axis, pixelRatio: Double,
                       box: (left: Double, top: Double, right: Double, bottom: Double), size: Double) -> [Piece] {
        let columns = cuts(x, from: box.left, to: box.right, pixelRatio: pixelRatio, size: size)
        let rows = cuts(y, from: box.top, to: box.bottom, pixelRatio: pixelRatio, size: size)
        var pieces: [Piece] = []
        for i in 0..<max(0, columns.count - 1) {
            for j in 0..<max(0, rows.count - 1) {
                let a = columns[i], b = columns[i + 1], c = rows[j], d = rows[j + 1]
                guard b.image > a.image, d.image > c.image else { continue }
                pieces.append(Piece(sourceX: a.image, sourceY: c.image, sourceWidth: b.image - a.image, sourceHeight: d.image - c.image,
                                    left: a.position, top: c.position, right: b.position, bottom: d.position))
            }
        }
        return pieces
    }

    /// A cut across one axis: where it is in the image and where it lands (px from the anchor).
    struct Cut: Equatable {
        var image: Double
        var position: Double
    }

    /// The cuts of one axis laid over `from...to`: each cut is `fixed` image px of fixed parts and
    /// `stretch` image px of zones in from the start; zones spread over what the box leaves.
    static func cuts(_ axis: Axis, from start: Double, to end: Double, pixelRatio: Double, size: Double) -> [Cut] {
        let zones = axis.zones.isEmpty ? [0...axis.length] : axis.zones
        let stretchTotal = zones.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        let fixedTotal = axis.length - stretchTotal
        // The span the box covers: the content range when given (and it holds some stretch), else all.
        var stretchBefore = 0.0, stretchSpan = stretchTotal, fixedBefore = 0.0, fixedSpan = fixedTotal
        if let content = axis.content {
            let inContent = within(zones, content.lowerBound, content.upperBound)
            if inContent > 0 {
                stretchBefore = within(zones, 0, content.lowerBound)
                stretchSpan = inContent
                fixedBefore = content.lowerBound - stretchBefore
                fixedSpan = content.upperBound - content.lowerBound - inContent
            }
        }
        guard stretchTotal > 0, stretchSpan > 0 else { return [] }
        let boxLength = end - start
        // GL never lets the stretched part shrink below what keeps the fixed parts whole.
        let minimumScale = boxLength > 0 ? fixedSpan / pixelRatio / boxLength : 0
        let scale = max(minimumScale, size)
        func cut(fixed: Double, stretch: Double) -> Cut {
            let em = (stretch - stretchBefore) / stretchSpan * boxLength + start
            let px = (fixed - fixedBefore) - fixedSpan * stretch / stretchTotal
            return Cut(image: fixed + stretch, position: em * scale + px / pixelRatio)
        }
        var result = [cut(fixed: 0, stretch: 0)]
        var stretchSoFar = 0.0
        for zone in zones {
            let fixed = zone.lowerBound - stretchSoFar
            result.append(cut(fixed: fixed, stretch: stretchSoFar))
            stretchSoFar += zone.upperBound - zone.lowerBound
            result.append(cut(fixed: fixed, stretch: stretchSoFar))
        }
        result.append(cut(fixed: fixedTotal, stretch: stretchTotal))
        return result
    }

    /// How much of the zones lies between `low` and `high`.
    static func within(_ zones: [ClosedRange<Double>], _ low: Double, _ high: Double) -> Double {
        zones.reduce(0) { sum, zone in
            sum + max(low, min(high, zone.upperBound)) - max(low, min(high, zone.lowerBound))
        }
    }
}

extension IconStretchQuads {
    /// The pieces of a sprite icon (its stretch zones and content from the sprite index).
    static func pieces(_ entry: SpriteAtlas.Entry, box: (left: Double, top: Double, right: Double, bottom: Double),
                       size: Double) -> [Piece] {
        let content = entry.content
        return pieces(x: Axis(length: Double(entry.width), zones: entry.stretchX, content: content.map { $0[0]...$0[2] }),
                      y: Axis(length: Double(entry.height), zones: entry.stretchY, content: content.map { $0[1]...$0[3] }),
                      pixelRatio: entry.pixelRatio, box: box, size: size)
    }
}
