import Foundation
import MapWireNumerics
import MapWireVectorTile
import Testing

/// MapLibre Tiles are untrusted input: truncated, corrupted, random and hostile tiles throw a
/// `malformedMLT` error (or decode), never trap, and never allocate what their counts claim.
@Suite struct MLTMalformedTileTests {
    /// A few small synthetic tiles covering each decoding path, and a real one.
    static func samples() throws -> [Data] {
        let names = ["java/poly_multi_fpf", "java/props_shared_dict_fsst", "java/mix_3_pt_polyh_mline", "rust/ids_fpf",
                     "java/multipoint_morton", "java/props_offset_str_fsst", "java/prop_f64_val_null", "java/ids64_opt_delta"]
        return try names.map { try MLTFixtures.synthetic($0).tile } + [MLTFixtures.openMapTiles(MLTFixtures.openMapTilesNames[0], "mlt")]
    }

    static func isMalformedMLT(_ error: any Error) -> Bool {
        guard let error = error as? VectorTileDecodingError, case .malformedMLT = error else { return false }
        return true
    }

    @Test func everyTruncationThrowsOrDecodes() throws {
        for tile in try Self.samples() {
            // Every length of the small tiles; a few hundred spread over the large one.
            let lengths = tile.count < 2000 ? Array(0..<tile.count) : stride(from: 0, to: tile.count, by: tile.count / 300).map { $0 }
            var refused = 0
            for length in lengths {
                do { _ = try MLTDecoder.decode(tile.prefix(length)) } catch {
                    #expect(Self.isMalformedMLT(error), "\(error)")
                    refused += 1
                }
            }
            #expect(refused > lengths.count / 2)
        }
    }

    @Test func bitFlipsNeverTrap() throws {
        var generator = SeededRandom(seed: 0x4D4C54)
        for tile in try Self.samples() {
            var outcome = (decoded: 0, refused: 0)
            for _ in 0..<(tile.count < 2000 ? 1500 : 300) {
                let corrupted = generator.corrupting(tile)
                do {
                    let decoded = try MLTDecoder.decode(corrupted)
                    #expect(Set(decoded.layerOrder) == Set(decoded.layers.keys))
                    outcome.decoded += 1
                } catch {
                    #expect(Self.isMalformedMLT(error), "\(error)")
                    outcome.refused += 1
                }
            }
            #expect(outcome.refused > 0, "\(outcome)")
        }
    }

    @Test func randomBytesNeverTrap() {
        var generator = SeededRandom(seed: 0xB17E5)
        var refused = 0
        for round in 0..<3000 {
            var bytes = (0..<Int(generator.next() % 200)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Half start like a real layer (a size, tag 1), so the reading gets past the first byte.
            if round % 2 == 0, !bytes.isEmpty { bytes = [UInt8(min(bytes.count, 127)), 1] + bytes }
            do { _ = try MLTDecoder.decode(Data(bytes)) } catch {
                #expect(Self.isMalformedMLT(error), "\(error)")
                refused += 1
            }
        }
        #expect(refused > 1500)
    }

    /// A layer named "l" of extent 4096 whose only column is the geometry, with the given streams.
    static func layer(streamCount: UInt8, _ streams: [UInt8]) -> Data {
        let body: [UInt8] = [1, 1, UInt8(ascii: "l"), 0x80, 0x20, 1, 4, streamCount] + streams
        return Data([UInt8(body.count)] + body)
    }

    @Test func hugeClaimedCountsAreRefusedBeforeAllocating() {
        // Geometry types as one run-length run of 2^32 - 1 values: six bytes claiming 16 GB.
        let run = Self.layer(streamCount: 1, [0x10, 0x62, 2, 6, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F,
                                              0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0])
        #expect { try MLTDecoder.decode(run) } throws: { error in
            "\(error)".contains("decoding limit") && Self.isMalformedMLT(error)
        }
        // 4 billion varints said to be in a 1-byte stream.
        let varints = Self.layer(streamCount: 1, [0x10, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 1, 0])
        #expect { try MLTDecoder.decode(varints) } throws: { error in Self.isMalformedMLT(error) }
        // A FastPFOR stream claiming 4 billion values from one word.
        let fastPFOR = Self.layer(streamCount: 1, [0x10, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 4, 0, 0, 0, 0])
        #expect { try MLTDecoder.decode(fastPFOR) } throws: { error in Self.isMalformedMLT(error) }
        // A million columns in a 10-byte layer.
        let columns = Data([9, 1, 1, UInt8(ascii: "l"), 0x80, 0x20, 0x80, 0x80, 0x40, 4])
        #expect { try MLTDecoder.decode(columns) } throws: { error in Self.isMalformedMLT(error) }
    }

    @Test func errorsNameTheLayerAndWhatWentWrong() {
        let error = #expect(throws: VectorTileDecodingError.self) {
            try MLTDecoder.decode(Self.layer(streamCount: 1, [0x10, 0x02, 1, 1, 9]))
        }
        // Geometry type 9 does not exist.
        #expect(error?.description == "not a readable MapLibre tile: layer \"l\": unknown geometry type 9")
    }

    @Test func layersOfUnknownTagsAreSkipped() throws {
        // A tag-2 layer (a later format) before an empty tile's end: nothing to draw, no error.
        #expect(try MLTDecoder.decode(Data([3, 2, 0xAA, 0xBB])) == VectorTileData())
        #expect(try MLTDecoder.decode(Data()) == VectorTileData())
    }
}
