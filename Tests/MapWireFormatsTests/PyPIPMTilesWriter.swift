import Foundation
import MapWireProcess
import Testing

/// Archives written by the `pmtiles` package from PyPI (Tests/Scripts/write-pmtiles.py), so the
/// reader is tested against another implementation's writer, not only against itself.
enum PyPIPMTilesWriter {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/write-pmtiles.py").path

    static let isAvailable: Bool = (try? python(["-c", "import pmtiles"])) != nil
    static let skipMessage: Comment = "python3 with the pmtiles package is missing: scripts/install-deps --tests"

    /// One tile as written and as expected back (uncompressed).
    struct Tile: Equatable {
        var z: Int, x: Int, y: Int
        var data: Data
    }

    /// Writes the archive the spec describes (see the script's docstring) and returns the tiles it
    /// holds, as the script reports them.
    @discardableResult
    static func write(_ spec: [String: Any]) throws -> [Tile] {
        var spec = spec
        let output = try #require(spec["output"] as? String)
        let manifest = output + ".manifest.json", specPath = output + ".spec.json"
        spec["manifest"] = manifest
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        try python([script, specPath])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [[Any]])
        return try rows.map { row in
            guard row.count == 4, let z = row[0] as? Int, let x = row[1] as? Int, let y = row[2] as? Int,
                  let encoded = row[3] as? String, let data = Data(base64Encoded: encoded) else {
                throw Failure(description: "a manifest row is not [z, x, y, base64]: \(row)")
            }
            return Tile(z: z, x: x, y: y, data: data)
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Runs python3 with a deadline; throws with its stderr when it fails.
    private static func python(_ arguments: [String]) throws {
        try ChildProcess.runToEnd("/usr/bin/env", ["python3"] + arguments)
    }
}

/// Hand-made archives for what no writer produces on purpose: loops, endless varints, entries
/// past the end. Uncompressed directories, so every byte is where the test puts it.
enum CraftedPMTiles {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        repeat {
            let low = UInt8(value & 0x7f)
            value >>= 7
            bytes.append(value == 0 ? low : low | 0x80)
        } while value != 0
        return bytes
    }

    /// A directory in the spec's column form; offsets are written as stored (value + 1).
    static func directory(_ entries: [(id: UInt64, offset: UInt64, length: UInt64, run: UInt64)]) -> [UInt8] {
        var bytes = varint(UInt64(entries.count))
        var last: UInt64 = 0
        for e in entries { bytes += varint(e.id - last); last = e.id }
        for e in entries { bytes += varint(e.run) }
        for e in entries { bytes += varint(e.length) }
        for e in entries { bytes += varint(e.offset + 1) }
        return bytes
    }

    static func archive(root: [UInt8], leaves: [UInt8] = [], metadata: String = "{}", tiles: [UInt8] = [],
                        internalCompression: UInt8 = 1, tileCompression: UInt8 = 1, tileType: UInt8 = 1) -> Data {
        let metadataBytes = Array(metadata.utf8)
        let rootOffset = 127, metadataOffset = rootOffset + root.count
        let leafOffset = metadataOffset + metadataBytes.count, tileOffset = leafOffset + leaves.count
        var header = Array("PMTiles".utf8) + [3]
        for value in [rootOffset, root.count, metadataOffset, metadataBytes.count, leafOffset, leaves.count,
                      tileOffset, tiles.count, 1, 1, 1] {
            header += withUnsafeBytes(of: UInt64(value).littleEndian, Array.init)
        }
        header += [1, internalCompression, tileCompression, tileType, 0, 4]
        for value: Int32 in [-1_800_000_000, -850_000_000, 1_800_000_000, 850_000_000] {
            header += withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        header += [0] + withUnsafeBytes(of: Int32(0).littleEndian, Array.init) + withUnsafeBytes(of: Int32(0).littleEndian, Array.init)
        precondition(header.count == 127)
        return Data(header + root + metadataBytes + leaves + tiles)
    }
}
