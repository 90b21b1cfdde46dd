import MapWireLabels
import MapWireStyle

/// Labels shaped in earlier frames: the same text, fonts and layout give the same glyph layout as
/// long as the padded glyphs do not change, so a steady view shapes nothing again. Each entry keeps
/// the glyph ranges its text lacked, so a frame that reuses it still reports them. Entries the
/// previous frame did not use are dropped; a stack padded anew (`PaddedGlyphs.generation`) clears it.
final class ShapedLabelCache {
    /// What shaping reads: each section's text, font stack and scale, and the layout options.
    struct Key: Hashable {
        struct Run: Hashable {
            let text: String
            let stack: [String]
            let scale: Double
        }

        let runs: [Run]
        /// Every layout option, so an option added to `TextLayoutOptions` is part of the key too.
        let layout: TextLayoutOptions

        init(_ runs: [Run], _ layout: TextLayoutOptions) {
            self.runs = runs
            self.layout = layout
        }
    }

    struct Entry {
        let shaped: ShapedText
        /// Glyph ranges the text needed and the glyphs lacked when it was shaped.
        let lacking: [GlyphRangeKey]
    }

    private var entries: [Key: (entry: Entry, frame: Int)] = [:]
    private var frame = 0
    private var glyphGeneration = -1

    /// Call at the start of each frame: drops what the previous frame did not use.
    func beginFrame() {
        if entries.contains(where: { $0.value.frame != frame }) {
            entries = entries.filter { $0.value.frame == frame }
        }
        frame += 1
    }

    /// The entry for `key`, shaping it with `shape` when no earlier frame did with the same glyphs.
    /// `glyphGeneration`: `PaddedGlyphs.generation` after the key's stacks were read this frame.
    func entry(_ key: Key, glyphGeneration generation: Int, shape: () -> Entry) -> Entry {
        if generation != glyphGeneration {
            // Some stack was padded anew (new glyphs): any layout may change.
            entries = [:]
            glyphGeneration = generation
        }
        if let index = entries.index(forKey: key) {
            entries.values[index].frame = frame
            return entries.values[index].entry
        }
        let entry = shape()
        entries[key] = (entry, frame)
        return entry
    }
}
