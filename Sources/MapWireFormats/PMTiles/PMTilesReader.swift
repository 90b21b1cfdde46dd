import Foundation
import Synchronization

/// Reads tiles, metadata and TileJSON from a PMTiles v3 archive through any byte source.
/// The header, the root directory, the metadata and the last few leaf directories are cached, so
/// a tile usually costs one read.
///
/// Async for any source (HTTP Range requests); the `…Now` methods answer on the calling thread
/// for a `PMTilesSynchronousByteSource` (a local file), with the same checks.
public final class PMTilesReader: Sendable {
    public let source: any PMTilesByteSource
    private let cache = Mutex(PMTilesCacheState())

    public init(source: any PMTilesByteSource) {
        self.source = source
    }

    /// A local archive. Fails at once when the file is missing or unreadable.
    public convenience init(path: String) throws(PMTilesError) {
        self.init(source: try PMTilesFileSource(path: path))
    }

    public var name: String { source.name }

    // MARK: Async (any source)

    public func header() async throws(PMTilesError) -> PMTilesHeader {
        guard case .header(let header) = try await run(.header) else { throw unexpected() }
        return header
    }

    /// The tile at z/x/y, decompressed; nil when the archive has no such tile.
    public func tile(z: Int, x: Int, y: Int) async throws(PMTilesError) -> Data? {
        guard let goal = Self.tileGoal(z: z, x: x, y: y) else { return nil }
        guard case .tile(let stored, let header) = try await run(goal) else { throw unexpected() }
        return try decodeTile(stored, header: header, label: "\(z)/\(x)/\(y)")
    }

    /// The metadata JSON object's bytes, decompressed (`{}` when the archive has none).
    public func metadata() async throws(PMTilesError) -> Data {
        guard case .metadata(let json) = try await run(.metadata) else { throw unexpected() }
        return json
    }

    public func tileJSON(tilesTemplate: String) async throws(PMTilesError) -> Data {
        let header = try await header()
        return try PMTilesTileJSON.make(header: header, metadata: try await metadata(), name: name, tilesTemplate: tilesTemplate)
    }

    // MARK: Synchronous (local files)

    public func headerNow() throws(PMTilesError) -> PMTilesHeader {
        guard case .header(let header) = try runNow(.header) else { throw unexpected() }
        return header
    }

    public func tileNow(z: Int, x: Int, y: Int) throws(PMTilesError) -> Data? {
        guard let goal = Self.tileGoal(z: z, x: x, y: y) else { return nil }
        guard case .tile(let stored, let header) = try runNow(goal) else { throw unexpected() }
        return try decodeTile(stored, header: header, label: "\(z)/\(x)/\(y)")
    }

    public func metadataNow() throws(PMTilesError) -> Data {
        guard case .metadata(let json) = try runNow(.metadata) else { throw unexpected() }
        return json
    }

    public func tileJSONNow(tilesTemplate: String) throws(PMTilesError) -> Data {
        try PMTilesTileJSON.make(header: try headerNow(), metadata: try metadataNow(), name: name, tilesTemplate: tilesTemplate)
    }

    /// How many leaf directories are cached (at most 64).
    public var cachedLeafDirectoryCount: Int { cache.withLock { $0.leaves.count } }

    // MARK: Driving the lookup

    private static func tileGoal(z: Int, x: Int, y: Int) -> PMTilesLookup.Goal? {
        PMTilesTileID.id(z: z, x: x, y: y).map { .tile(id: $0, label: "\(z)/\(x)/\(y)") }
    }

    private func run(_ goal: PMTilesLookup.Goal) async throws(PMTilesError) -> PMTilesLookup.Answer {
        var lookup = PMTilesLookup(goal: goal, name: name)
        var fed: Data?
        while true {
            switch try advance(&lookup, fed: fed) {
            case .done(let answer): return answer
            case .read(let request):
                do {
                    fed = try checked(await source.read(offset: request.offset, length: request.length), request)
                } catch {
                    throw wrapped(error)
                }
            }
        }
    }

    private func runNow(_ goal: PMTilesLookup.Goal) throws(PMTilesError) -> PMTilesLookup.Answer {
        guard let synchronous = source as? any PMTilesSynchronousByteSource else {
            throw .readFailed(name: name, detail: "this source can only be read asynchronously")
        }
        var lookup = PMTilesLookup(goal: goal, name: name)
        var fed: Data?
        while true {
            switch try advance(&lookup, fed: fed) {
            case .done(let answer): return answer
            case .read(let request):
                do {
                    fed = try checked(synchronous.readNow(offset: request.offset, length: request.length), request)
                } catch {
                    throw wrapped(error)
                }
            }
        }
    }

    private func advance(_ lookup: inout PMTilesLookup, fed: Data?) throws(PMTilesError) -> PMTilesLookup.Step {
        try cache.withLock { (state) throws(PMTilesError) -> PMTilesLookup.Step in try lookup.step(fed: fed, state: &state) }
    }

    private func checked(_ data: Data, _ request: PMTilesLookup.Read) throws(PMTilesError) -> Data {
        guard data.count >= request.minimum else {
            throw .pastEnd(name: name, what: request.what, offset: request.offset,
                           length: UInt64(request.length), available: UInt64(data.count))
        }
        // A source that gives more than asked, or a slice, must not shift the offsets that follow.
        return data.count > request.length || data.startIndex != 0 ? Data(data.prefix(request.length)) : data
    }

    private func wrapped(_ error: any Error) -> PMTilesError {
        (error as? PMTilesError) ?? .readFailed(name: name, detail: "\(error)")
    }

    private func unexpected() -> PMTilesError { .readFailed(name: name, detail: "the lookup answered another question") }

    private func decodeTile(_ stored: Data?, header: PMTilesHeader, label: String) throws(PMTilesError) -> Data? {
        guard let stored else { return nil }
        switch header.tileCompression {
        case .none:
            return stored
        case .gzip:
            break
        case .unknown:
            // Unknown compression: look at the bytes, as MBTiles readers do.
            guard Gzip.isCompressed(stored) else { return stored }
        default:
            throw .unsupportedCompression(name: name, what: "tiles", code: header.tileCompression.code)
        }
        do {
            return try Gzip.decompress(stored)
        } catch {
            throw .corruptData(name: name, what: "tile \(label)", detail: error.description)
        }
    }
}
