import MapWireLabels

/// One run of label text with the glyphs of its font stack.
struct TextRun {
    let text: String
    let glyphs: [UInt32: GlyphStore.Glyph]
    var scale: Double = 1
}

/// How a label's text is laid out, all lengths in em units (24 per em).
struct TextLayoutOptions: Hashable {
    /// Lines wrap to stay within this width; 0 keeps each paragraph on one line.
    var maxWidth: Double = 0
    var lineHeight: Double = 1.2 * EmUnits.perEm
    var letterSpacing: Double = 0
    /// 0 left, 0.5 centre, 1 right.
    var justify: Double = 0.5
    var anchor: TextAnchor = .center
    var offsetX: Double = 0
    var offsetY: Double = 0
    /// Vertical writing along a line: upright characters take one em each (see `VerticalWriting`).
    var vertical = false
    /// Vertical writing of a point label: every character but spaces and Arabic stands upright (GL's
    /// `allowVerticalPlacement`), not only those Unicode draws upright.
    var verticalPoint = false
}

/// Lays text out into lines of positioned glyphs around an anchor (pure: no screen, no style).
enum TextShaper {
    private struct Character {
        let scalar: UInt32
        let run: Int
        let glyph: GlyphStore.Glyph?
    }

    static func shape(_ runs: [TextRun], _ options: TextLayoutOptions) -> ShapedText {
        var paragraphs: [[Character]] = [[]]
        for (index, run) in runs.enumerated() {
            for scalar in run.text.unicodeScalars {
                if scalar.value == 0x0A {
                    paragraphs.append([])
                } else {
                    // Directional marks steer the order but are not drawn.
                    let glyph = BidiText.isControl(scalar.value) ? nil : run.glyphs[scalar.value]
                    paragraphs[paragraphs.count - 1].append(Character(scalar: scalar.value, run: index, glyph: glyph))
                }
            }
        }
        let spacing = options.letterSpacing
        func upright(_ c: Character) -> Bool {
            guard options.vertical else { return false }
            return options.verticalPoint ? VerticalWriting.standsInAColumn(c.scalar) : VerticalWriting.isUpright(c.scalar)
        }
        func advance(_ c: Character) -> Double {
            guard let glyph = c.glyph else { return 0 }
            return (upright(c) ? EmUnits.perEm : Double(glyph.advance)) * runs[c.run].scale + spacing
        }

        // Lines break in logical order; right-to-left text is then reordered line by line.
        var lines: [(characters: ArraySlice<Character>, bidi: BidiText.Paragraph?)] = []
        for paragraph in paragraphs {
            let ranges = LineBreaker.lines(
                advances: paragraph.map(advance), breakAfter: paragraph.map { LineBreaker.allowsBreak(after: $0.scalar) },
                isSpace: paragraph.map { LineBreaker.isSpace($0.scalar) }, maxWidth: options.maxWidth,
                penalty: { LineBreaker.penalty(after: paragraph[$0].scalar, before: $0 + 1 < paragraph.count ? paragraph[$0 + 1].scalar : nil) })
            let scalars = paragraph.map(\.scalar)
            // Directions are resolved over the whole paragraph, before it is broken.
            let bidi = BidiText.paragraph(scalars)
            for range in ranges { lines.append((paragraph[range], bidi)) }
        }

        var glyphs: [ShapedText.Glyph] = []
        var y = EmUnits.baselineOffset
        var height = 0.0
        var widest = 0.0
        for line in lines {
            var trimmed = line.characters
            while let first = trimmed.first, LineBreaker.isSpace(first.scalar) { trimmed = trimmed.dropFirst() }
            while let last = trimmed.last, LineBreaker.isSpace(last.scalar) { trimmed = trimmed.dropLast() }
            let visual = BidiText.visualOrder(line.bidi, line: trimmed.indices).map { trimmed[$0] }
            let lineScale = trimmed.map { runs[$0.run].scale }.max() ?? 1
            let step = options.lineHeight * lineScale
            defer {
                y += step
                height += step
            }
            guard !trimmed.isEmpty else { continue }
            let start = glyphs.count
            var x = 0.0
            for c in visual {
                guard let glyph = c.glyph else { continue }
                let scale = runs[c.run].scale
                // Smaller runs share the line's baseline.
                glyphs.append(.init(glyph: glyph, x: x, y: y + (lineScale - scale) * EmUnits.perEm, scale: scale, section: c.run,
                                    upright: upright(c)))
                x += advance(c)
            }
            let length = max(0, x - spacing)
            widest = max(widest, length)
            for i in start..<glyphs.count { glyphs[i].x -= length * options.justify }
        }

        let left = -options.anchor.horizontal * widest + options.offsetX
        let top = -options.anchor.vertical * height + options.offsetY
        let shiftX = (options.justify - options.anchor.horizontal) * widest + options.offsetX
        let shiftY = top + options.lineHeight / 2
        for i in glyphs.indices {
            glyphs[i].x += shiftX
            glyphs[i].y += shiftY
        }
        return ShapedText(glyphs: glyphs, left: left, top: top, right: left + widest, bottom: top + height, lineCount: lines.count)
    }
}
