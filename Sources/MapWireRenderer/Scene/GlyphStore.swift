import Foundation
import MapWireVectorTile
import SwiftProtobuf

/// Signed-distance-field glyphs by font stack and code point, read from glyph range PBFs.
public struct GlyphStore: Sendable {
    public struct Glyph: Sendable {
        public let id: UInt32
        /// (width + 6) × (height + 6) bytes: the glyph with its 3 px border; empty for blank glyphs.
        public let bitmap: [UInt8]
        public let width: Int, height: Int
        public let left: Int, top: Int
        public let advance: Int
    }

    /// Font stack (the names joined with ",") → code point → glyph.
    public private(set) var stacks: [String: [UInt32: Glyph]] = [:]

    public init() {}

    /// Glyph bitmaps wider or taller than this are not font glyphs (SDF fonts are cut at 24 px);
    /// the bound keeps every size product far from overflow.
    public static let maximumGlyphSide = 1024

    /// Adds one glyph range PBF for the stack `fontStack`. Throws, adding nothing, when the bytes
    /// are not a glyph range: not protobuf, no font stack, or a glyph whose bitmap does not
    /// match its size.
    public mutating func add(fontStack: [String], rangePBF data: Data) throws {
        let decoded: Glyphs_Glyphs
        do { decoded = try Glyphs_Glyphs(serializedBytes: data, partial: true) }
        catch { throw RenderStyleError("a glyph range is not a valid glyphs PBF: \(error)") }
        // Random bytes sometimes parse as protobuf (only unknown fields): a real range has a stack.
        guard !decoded.stacks.isEmpty else { throw RenderStyleError("a glyph range PBF has no font stack") }
        var glyphs: [UInt32: Glyph] = [:]
        for stack in decoded.stacks {
            for g in stack.glyphs where g.hasID {
                glyphs[g.id] = try Self.glyph(g)
            }
        }
        stacks[fontStack.joined(separator: ","), default: [:]].merge(glyphs) { _, new in new }
    }

    /// Adds every glyph of `other` (ranges decoded one by one, drawn together).
    public mutating func add(_ other: GlyphStore) {
        for (key, glyphs) in other.stacks { stacks[key, default: [:]].merge(glyphs) { _, new in new } }
    }

    private static func glyph(_ g: Glyphs_Glyph) throws -> Glyph {
        let width = Int(g.width), height = Int(g.height)
        guard width <= maximumGlyphSide, height <= maximumGlyphSide else {
            throw RenderStyleError("glyph \(g.id) is \(width)×\(height) px, more than \(maximumGlyphSide) px on a side")
        }
        let expected = (width + 6) * (height + 6)
        // Blank glyphs (a space) have no bitmap; any other must hold exactly its pixels.
        guard g.bitmap.isEmpty || width > 0 && height > 0 && g.bitmap.count == expected else {
            throw RenderStyleError("glyph \(g.id) is \(width)×\(height) px but has \(g.bitmap.count) bitmap bytes, not \(expected)")
        }
        return Glyph(id: g.id, bitmap: [UInt8](g.bitmap), width: width, height: height,
                     left: Int(g.left), top: Int(g.top), advance: Int(g.advance))
    }

    public func glyph(_ codePoint: UInt32, in fontStack: [String]) -> Glyph? {
        stacks[fontStack.joined(separator: ",")]?[codePoint]
    }
}
