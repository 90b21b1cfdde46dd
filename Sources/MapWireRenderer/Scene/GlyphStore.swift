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

    /// Adds one glyph range PBF for the stack `fontStack`.
    public mutating func add(fontStack: [String], rangePBF data: Data) throws {
        let decoded: Glyphs_Glyphs
        do { decoded = try Glyphs_Glyphs(serializedBytes: data, partial: true) }
        catch { throw RenderStyleError("a glyph range is not a valid glyphs PBF: \(error)") }
        let key = fontStack.joined(separator: ",")
        var glyphs = stacks[key] ?? [:]
        for stack in decoded.stacks {
            for g in stack.glyphs where g.hasID {
                glyphs[g.id] = Glyph(id: g.id, bitmap: [UInt8](g.bitmap), width: Int(g.width), height: Int(g.height),
                                     left: Int(g.left), top: Int(g.top), advance: Int(g.advance))
            }
        }
        stacks[key] = glyphs
    }

    public func glyph(_ codePoint: UInt32, in fontStack: [String]) -> Glyph? {
        stacks[fontStack.joined(separator: ",")]?[codePoint]
    }
}

/// One 256-code-point glyph range of a font stack.
public struct GlyphRangeKey: Hashable, Sendable, Comparable {
    public let fontStack: [String]
    public let rangeStart: UInt32

    public init(fontStack: [String], rangeStart: UInt32) {
        self.fontStack = fontStack
        self.rangeStart = rangeStart
    }

    public static func < (a: Self, b: Self) -> Bool {
        (a.fontStack.joined(separator: ","), a.rangeStart) < (b.fontStack.joined(separator: ","), b.rangeStart)
    }
}
