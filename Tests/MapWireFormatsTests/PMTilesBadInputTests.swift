import Foundation
import MapWireFormats
import Testing

/// Broken archives: each gives a clear `PMTilesError` naming the archive, never a trap.
@Suite struct PMTilesBadInputTests {
    /// Writes `data` to a scratch file and reads tile 0/0/0 (and the TileJSON) from it.
    static func readFirstTile(_ data: Data, tile: (Int, Int, Int) = (0, 0, 0)) throws(PMTilesError) -> Data? {
        let path = TemporaryFiles.path("bad.pmtiles")
        defer { TemporaryFiles.remove(path) }
        do { try data.write(to: URL(fileURLWithPath: path)) } catch { fatalError("cannot write the test file: \(error)") }
        let reader = try PMTilesReader(path: path)
        _ = try reader.tileJSONNow(tilesTemplate: "t")
        return try reader.tileNow(z: tile.0, x: tile.1, y: tile.2)
    }

    static func error(_ data: Data, tile: (Int, Int, Int) = (0, 0, 0)) -> PMTilesError? {
        do { _ = try readFirstTile(data, tile: tile); return nil } catch { return error }
    }

    static let goodRoot = CraftedPMTiles.directory([(id: 0, offset: 0, length: 5, run: 1)])
    static let good = CraftedPMTiles.archive(root: goodRoot, tiles: Array("hello".utf8))

    @Test func theCraftedArchiveTheOthersBreakReads() throws {
        #expect(try Self.readFirstTile(Self.good) == Data("hello".utf8))
    }

    @Test func aBadMagicIsNotPMTiles() throws {
        var data = Self.good
        data.replaceSubrange(0..<7, with: Array("MBTiles".utf8))
        let error = try #require(Self.error(data))
        guard case .notPMTiles = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("bad.pmtiles") && error.description.contains("not a PMTiles archive"))
        // An SQLite file (an MBTiles archive renamed) is refused the same way.
        #expect(Self.error(Data("SQLite format 3\0".utf8) + Data(count: 200)).map { if case .notPMTiles = $0 { true } else { false } } == true)
    }

    @Test func versionTwoArchivesAreNamedAsSuch() throws {
        var data = Self.good
        data[7] = 2
        guard case .unsupportedVersion(_, 2) = try #require(Self.error(data)) else { Issue.record("\(String(describing: Self.error(data)))"); return }
        // A real v2 file starts "PM" and a 16-bit version.
        let v2 = Data([0x50, 0x4D, 0x02, 0x00]) + Data(count: 512)
        let error = try #require(Self.error(v2))
        guard case .unsupportedVersion(_, 2) = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("version 2") && error.description.contains("pmtiles convert"))
    }

    @Test func aRootDirectoryPastTheEndIsReported() throws {
        var data = Self.good
        // root_offset (bytes 8..<16) far beyond the file.
        data.replaceSubrange(8..<16, with: withUnsafeBytes(of: UInt64(1_000_000).littleEndian, Array.init))
        let error = try #require(Self.error(data))
        guard case .pastEnd(_, "root directory", 1_000_000, _, 0) = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("past the end"))
    }

    @Test func sectionsThatOverflowAreAnInvalidHeader() throws {
        var data = Self.good
        data.replaceSubrange(64..<72, with: withUnsafeBytes(of: UInt64.max.littleEndian, Array.init))  // tile_data_length
        guard case .invalidHeader = try #require(Self.error(data)) else { Issue.record("\(String(describing: Self.error(data)))"); return }
    }

    @Test func aTruncatedFileIsReportedWhereverItIsCut() throws {
        // Cut inside the header, inside the root directory, inside the tile data.
        for (length, what) in [(100, "header"), (129, "root directory"), (Self.good.count - 2, "tile 0/0/0")] {
            let error = try #require(Self.error(Self.good.prefix(length)))
            guard case .pastEnd(_, let reported, _, _, _) = error else { Issue.record("cut at \(length): \(error)"); continue }
            #expect(reported == what, "cut at \(length)")
        }
        guard case .notPMTiles = try #require(Self.error(Data())) else { Issue.record("an empty file"); return }
    }

    @Test func aVarintThatNeverEndsIsACorruptDirectory() throws {
        for root in [[UInt8](repeating: 0x80, count: 40), [UInt8](repeating: 0xff, count: 10) + [0x7f]] {
            let error = try #require(Self.error(CraftedPMTiles.archive(root: root)))
            guard case .corruptDirectory(_, "root directory", let detail) = error else { Issue.record("\(error)"); continue }
            #expect(detail.contains("ends inside a number") || detail.contains("longer than 64 bits"), "\(detail)")
        }
    }

    @Test func anAbsurdEntryCountIsRefusedBeforeAllocating() throws {
        let root = CraftedPMTiles.varint(UInt64.max) + [0, 0, 0, 0]
        let error = try #require(Self.error(CraftedPMTiles.archive(root: root)))
        guard case .corruptDirectory(_, _, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail.contains("claims"))
    }

    @Test func aTileEntryPastTheTileDataIsReported() throws {
        let root = CraftedPMTiles.directory([(id: 0, offset: 3, length: 5, run: 1)])
        let error = try #require(Self.error(CraftedPMTiles.archive(root: root, tiles: Array("hello".utf8))))
        guard case .outsideSection(_, "tile 0/0/0", _) = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("tile data section, which holds 5 bytes"))
    }

    @Test func aLeafDirectoryThatPointsAtItselfIsALoop() throws {
        // The leaf holds one entry: a leaf pointer to offset 0 (itself), 5 bytes long.
        let leaf = CraftedPMTiles.directory([(id: 0, offset: 0, length: 5, run: 0)])
        #expect(leaf.count == 5)
        let archive = CraftedPMTiles.archive(root: leaf, leaves: leaf)
        let error = try #require(Self.error(archive))
        guard case .directoryTooDeep(_, 3) = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("directory loop"))
    }

    @Test func aLeafPointerPastTheLeafSectionIsReported() throws {
        let root = CraftedPMTiles.directory([(id: 0, offset: 0, length: 50, run: 0)])
        let error = try #require(Self.error(CraftedPMTiles.archive(root: root, leaves: [1, 2, 3])))
        guard case .outsideSection(_, let what, _) = error else { Issue.record("\(error)"); return }
        #expect(what.contains("leaf directory"))
    }

    /// Lengths no real archive has are refused before anything that size is read or allocated.
    @Test func absurdLengthsAreRefusedBeforeReading() throws {
        func patched(_ data: Data, at offset: Int, _ value: UInt64) -> Data {
            var data = data
            data.replaceSubrange(offset..<(offset + 8), with: withUnsafeBytes(of: value.littleEndian, Array.init))
            return data
        }
        // A root directory of 1 TiB (root_length), and metadata of 1 TiB (metadata_length).
        for (offset, what) in [(16, "root directory"), (32, "metadata")] {
            let error = try #require(Self.error(patched(Self.good, at: offset, 1 << 40)))
            guard case .tooLarge(_, let reported, 1 << 40, _) = error else { Issue.record("\(error)"); continue }
            #expect(reported == what)
        }
        // A leaf pointer of 100 MiB inside a leaf section the header says is 1 GiB.
        let root = CraftedPMTiles.directory([(id: 0, offset: 0, length: 100 << 20, run: 0)])
        let hugeLeaf = patched(CraftedPMTiles.archive(root: root), at: 48, 1 << 30)
        guard case .tooLarge(_, let what, _, _) = try #require(Self.error(hugeLeaf)) else { Issue.record("\(String(describing: Self.error(hugeLeaf)))"); return }
        #expect(what.contains("leaf directory"))
    }

    /// The same archive from memory, through the async path: the checks do not depend on the source.
    @Test func theAsyncPathReportsTheSameErrors() async throws {
        var data = Self.good
        data[7] = 7
        let reader = PMTilesReader(source: PMTilesMemorySource(name: "memory.pmtiles", bytes: data))
        await #expect(throws: PMTilesError.unsupportedVersion(name: "memory.pmtiles", version: 7)) { try await reader.tile(z: 0, x: 0, y: 0) }
        let good = PMTilesReader(source: PMTilesMemorySource(name: "memory.pmtiles", bytes: Self.good))
        #expect(try await good.tile(z: 0, x: 0, y: 0) == Data("hello".utf8))
    }

    @Test func unsupportedCompressionsAreNamed() throws {
        let brotli = CraftedPMTiles.archive(root: Self.goodRoot, tiles: Array("hello".utf8), internalCompression: 3)
        #expect(Self.error(brotli).map { "\($0)" }?.contains("compression brotli") == true)
        let zstdTiles = CraftedPMTiles.archive(root: Self.goodRoot, tiles: Array("hello".utf8), tileCompression: 4)
        let error = try #require(Self.error(zstdTiles))
        guard case .unsupportedCompression(_, "tiles", 4) = error else { Issue.record("\(error)"); return }
    }

    @Test func corruptGzipAndBadMetadataAreReported() throws {
        // A gzip tile whose bytes are not gzip.
        let notGzip = CraftedPMTiles.archive(root: Self.goodRoot, tiles: [0x1f, 0x8b, 0, 0, 0], tileCompression: 2)
        guard case .corruptData(_, "tile 0/0/0", _) = try #require(Self.error(notGzip)) else { Issue.record("\(String(describing: Self.error(notGzip)))"); return }
        // Gzip directories that are not gzip.
        let badRoot = CraftedPMTiles.archive(root: Array("garbage".utf8), internalCompression: 2)
        guard case .corruptData(_, "root directory", _) = try #require(Self.error(badRoot)) else { Issue.record("\(String(describing: Self.error(badRoot)))"); return }
        // Metadata that is not a JSON object.
        let badMetadata = CraftedPMTiles.archive(root: Self.goodRoot, metadata: "[1, 2", tiles: Array("hello".utf8))
        guard case .invalidMetadata = try #require(Self.error(badMetadata)) else { Issue.record("\(String(describing: Self.error(badMetadata)))"); return }
    }

    @Test func aMissingFileIsFileNotFound() {
        #expect(throws: PMTilesError.fileNotFound(path: "/nonexistent/x.pmtiles")) { try PMTilesReader(path: "/nonexistent/x.pmtiles") }
    }
}
