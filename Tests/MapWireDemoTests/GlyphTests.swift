import Foundation
import Testing
import MapWireVectorTile
@testable import MapWireDemo

@Suite struct GlyphTests {
    static let required = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,:;!?'\"-()/&"

    static func decodedRange() throws -> Glyphs_Glyphs {
        try Glyphs_Glyphs(serializedBytes: Data(contentsOf: GeneratedDemo.file("glyphs/MapWire Sans/0-255.pbf")))
    }

    @Test func rangeHasOneNamedStackWithTheRequiredGlyphs() throws {
        let glyphs = try Self.decodedRange()
        #expect(glyphs.stacks.count == 1)
        let stack = glyphs.stacks[0]
        #expect(stack.name == "MapWire Sans")
        #expect(stack.range == "0-255")
        let ids = Set(stack.glyphs.map(\.id))
        for scalar in Self.required.unicodeScalars {
            #expect(ids.contains(scalar.value), "missing glyph \(scalar)")
        }
        for glyph in stack.glyphs {
            // As in real ranges, glyphs without ink (space) carry no bitmap at all.
            let expected = glyph.width == 0 ? 0 : Int((glyph.width + 6) * (glyph.height + 6))
            #expect(glyph.bitmap.count == expected, "glyph \(glyph.id)")
            #expect(glyph.advance > 0)
        }
    }

    @Test func metricsFollowTheRealGlyphConventions() throws {
        let byID = Dictionary(uniqueKeysWithValues: try Self.decodedRange().stacks[0].glyphs.map { ($0.id, $0) })
        let capital = try #require(byID[UInt32(Character("H").asciiValue!)])
        // Cap height 16 px + 1 px stroke each side: ink from 1 px below to 17 px above the baseline,
        // so top = 17 - 26 = -9, the same as Open Sans capitals.
        #expect(capital.height == 18)
        #expect(capital.top == -9)
        let descender = try #require(byID[UInt32(Character("g").asciiValue!)])
        #expect(Int(descender.top) - Int(descender.height) < -26)  // reaches below the baseline
        let space = try #require(byID[32])
        #expect(space.width == 0 && space.bitmap.isEmpty && space.advance > 0)
    }

    @Test func distanceFieldIs192AtTheEdgeAndFallsOutward() throws {
        let glyphs = try Self.decodedRange().stacks[0].glyphs
        let capital = try #require(glyphs.first { $0.id == UInt32(Character("I").asciiValue!) })
        let stride = Int(capital.width) + 6
        let row = (Int(capital.height) + 6) / 2
        let values = (0..<stride).map { Int(capital.bitmap[row * stride + $0]) }
        #expect(values.max()! > 192)  // inside the vertical stroke
        #expect(values[0] < values[2])  // falls off towards the border
        #expect(values.contains { abs($0 - 192) <= 16 })  // some pixel near the edge value
    }
}
