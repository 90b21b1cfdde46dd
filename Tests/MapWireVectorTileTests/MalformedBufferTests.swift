import Foundation
import MapWireNumerics
import MapWireVectorTile
import Testing

/// Truncated, corrupted and random buffers must throw (or decode), never trap.
@Suite struct MalformedBufferTests {
    static func sampleTile() throws -> Data {
        let values = [TileFactory.value { $0.stringValue = "residential" }]
        let features = [
            TileFactory.feature(id: 1, type: .polygon, geometry: [9, 0, 0, 26, 20, 0, 0, 20, 19, 0, 15], tags: [0, 0]),
            TileFactory.feature(id: 2, type: .linestring, geometry: [9, 4, 4, 18, 0, 16, 16, 0], tags: [0, 0]),
        ]
        return try TileFactory.data(TileFactory.layer("landuse", keys: ["class"], values: values, features: features))
    }

    @Test func everyTruncationThrowsOrDecodes() throws {
        let tile = try Self.sampleTile()
        var thrown = 0
        for length in 0..<tile.count {
            do { _ = try MVTDecoder.decode(tile.prefix(length)) } catch { thrown += 1 }
        }
        #expect(thrown > 0)
    }

    @Test func garbageIsMalformedProtobuf() {
        let garbage = Data([0x1A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x01])  // layer with a 4 GB length
        #expect {
            try MVTDecoder.decode(garbage)
        } throws: { error in
            guard let error = error as? VectorTileDecodingError, case .malformedProtobuf = error else { return false }
            return true
        }
        #expect(throws: VectorTileDecodingError.self) { try MVTDecoder.decode(Data("not a tile at all".utf8)) }
    }

    @Test func bitFlipsAndRandomBytesNeverTrap() throws {
        let tile = try Self.sampleTile()
        var generator = SeededRandom(seed: 0x5EED)
        var flipped = (decoded: 0, refused: 0)
        for _ in 0..<2000 {
            let corrupted = generator.corrupting(tile)
            do {
                let decoded = try MVTDecoder.decode(corrupted)
                flipped.decoded += 1
                // What decodes is a tile: its layers are the ones it names, in order.
                #expect(Set(decoded.layerOrder) == Set(decoded.layers.keys))
            } catch {
                flipped.refused += 1
            }
        }
        // A flip inside a coordinate or a value still reads; one in a tag or a length does not.
        #expect(flipped.decoded > 0 && flipped.refused > 0, "\(flipped)")
        var randomRefused = 0
        for _ in 0..<500 {
            let random = Data((0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            do { _ = try MVTDecoder.decode(random) } catch { randomRefused += 1 }
        }
        #expect(randomRefused > 0)
    }
}

