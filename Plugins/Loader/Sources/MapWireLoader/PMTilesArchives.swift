import Dispatch
import Foundation
import MapWireFormats
import MapWireHTTP
import MapWireProtocol
import Synchronization

/// Answers `pmtiles://` URLs: `pmtiles:///path/file.pmtiles` is the source (a TileJSON whose tiles
/// point back here) and `pmtiles:///path/file.pmtiles/{z}/{x}/{y}` a tile. Open archives are kept,
/// with their cached header and directories, once their header has been read; failures are not,
/// so a fixed file loads next time.
///
/// `load` answers on the caller's thread (the loader's local queue); `loadAsync` is the same for
/// async callers (remote archives, `pmtiles://https://…`, through `HTTPRangeSource`). Local files are
/// read synchronously either way.
final class PMTilesArchives: Sendable {
    /// Makes the byte source for an archive's location (what follows `pmtiles://`, up to and with
    /// `.pmtiles`). Local paths by default; an HTTP Range source plugs in here for `https://…`.
    typealias SourceMaker = @Sendable (_ location: String) throws(PMTilesError) -> any PMTilesByteSource

    private let readers = Mutex<[String: PMTilesReader]>([:])
    private let makeSource: SourceMaker

    init(makeSource: @escaping SourceMaker = PMTilesArchives.localSource) {
        self.makeSource = makeSource
    }

    @Sendable static func localSource(_ location: String) throws(PMTilesError) -> any PMTilesByteSource {
        guard location.hasPrefix("/") else {
            throw .readFailed(name: location, detail: "this loader reads pmtiles:// archives from local paths only (pmtiles:///path/file.pmtiles)")
        }
        return try PMTilesFileSource(path: location)
    }

    /// One parsed `pmtiles://` URL.
    struct Request: Sendable {
        var location: String
        /// Nil for the source (TileJSON) request.
        var tile: (z: Int, x: Int, y: Int)?
        var isLocal: Bool { location.hasPrefix("/") }
        var template: String { "pmtiles://" + location.replacingOccurrences(of: " ", with: "%20") + "/{z}/{x}/{y}" }
    }

    enum Parsed: Sendable {
        case request(Request)
        case invalid(String)
    }

    static func parse(_ url: String) -> Parsed {
        let rest = String(url.dropFirst("pmtiles://".count))
        let decoded = rest.hasPrefix("/") ? (rest.removingPercentEncoding ?? rest) : rest
        guard let end = decoded.range(of: ".pmtiles")?.upperBound else {
            return .invalid("a pmtiles:// URL names a .pmtiles archive: \(url)")
        }
        let location = String(decoded[..<end])
        let tilePart = decoded[end...].split(separator: "/").map { Int($0) }
        if tilePart.isEmpty { return .request(Request(location: location)) }
        guard tilePart.count == 3, let z = tilePart[0], let x = tilePart[1], let y = tilePart[2] else {
            return .invalid("a PMTiles tile URL ends in /z/x/y: \(url)")
        }
        return .request(Request(location: location, tile: (z, x, y)))
    }

    // MARK: Answering

    func load(_ url: String, kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_ResourceData {
        let request: Request
        switch Self.parse(url) {
        case .invalid(let message): return Self.failure(.other, message, local: true)
        case .request(let parsed): request = parsed
        }
        do {
            let reader = try reader(for: request.location)
            guard reader.source is any PMTilesSynchronousByteSource else {
                return Self.wait { await self.loadAsync(url, kind: kind) }
            }
            _ = try reader.headerNow()
            remember(reader, at: request.location)
            guard let tile = request.tile else { return Self.data(try reader.tileJSONNow(tilesTemplate: request.template), request) }
            return Self.tile(try reader.tileNow(z: tile.z, x: tile.x, y: tile.y), request)
        } catch {
            return Self.failure(error, request)
        }
    }

    func loadAsync(_ url: String, kind: Mapwire_V1_ResourceKind) async -> Mapwire_V1_ResourceData {
        let request: Request
        switch Self.parse(url) {
        case .invalid(let message): return Self.failure(.other, message, local: true)
        case .request(let parsed): request = parsed
        }
        do {
            let reader = try reader(for: request.location)
            _ = try await reader.header()
            remember(reader, at: request.location)
            guard let tile = request.tile else { return Self.data(try await reader.tileJSON(tilesTemplate: request.template), request) }
            return Self.tile(try await reader.tile(z: tile.z, x: tile.x, y: tile.y), request)
        } catch {
            return Self.failure(error, request)
        }
    }

    /// The kept reader, or a new one (kept by `remember` once its header has been read).
    private func reader(for location: String) throws(PMTilesError) -> PMTilesReader {
        if let kept = readers.withLock({ $0[location] }) { return kept }
        return PMTilesReader(source: try makeSource(location))
    }

    private func remember(_ reader: PMTilesReader, at location: String) {
        readers.withLock { if $0[location] == nil { $0[location] = reader } }
    }

    /// Runs an async load to its end from the loader's local queue. Safe to block here: local loads
    /// run on a dispatch queue of their own (`LoaderDispatch`), never on the cooperative pool, and the
    /// task runs on the loader's executor without needing this thread back. Local files never come
    /// here (they are read synchronously), so tests that call `load` from the pool never block it.
    private static func wait(_ body: @escaping @Sendable () async -> Mapwire_V1_ResourceData) -> Mapwire_V1_ResourceData {
        let result = Mutex<Mapwire_V1_ResourceData?>(nil)
        let done = DispatchSemaphore(value: 0)
        // On the loader's own executor: pool threads may all be blocked by others (a test process).
        Task(executorPreference: LoaderExecutor.shared) {
            let answer = await body()
            result.withLock { $0 = answer }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 } ?? failure(.other, "the PMTiles read ended without an answer", local: false)
    }

    // MARK: Answers

    /// Local archives are file-system tile stores; remote ones come from the network.
    private static func origin(local: Bool) -> (Mapwire_V1_DataSource, Mapwire_V1_ResponseSource) {
        local ? (.fileSystem, .tileStore) : (.network, .network)
    }

    private static func data(_ data: Data, _ request: Request) -> Mapwire_V1_ResourceData {
        let (dataSource, source) = origin(local: request.isLocal)
        return LoadOutcome.data(data, dataSource: dataSource, source: source)
    }

    private static func tile(_ data: Data?, _ request: Request) -> Mapwire_V1_ResourceData {
        // Archives leave empty areas out: an empty tile, not an error.
        guard let data else {
            let (dataSource, source) = origin(local: request.isLocal)
            return LoadOutcome.noContent(dataSource: dataSource, source: source)
        }
        return Self.data(data, request)
    }

    private static func failure(_ error: PMTilesError, _ request: Request) -> Mapwire_V1_ResourceData {
        switch error {
        case .fileNotFound:
            return failure(.notFound, error.description, local: request.isLocal)
        case .unreachable(_, let reason, _, let retryAfter):
            // The archive's own transport failure, so the core retries it on the schedule for that reason.
            var answer = failure(Mapwire_V1_ErrorReason(documentedName: reason) ?? .other, error.description, local: request.isLocal)
            if let retryAfter { answer.retryAfterMs = retryAfter }
            return answer
        default:
            return failure(.other, error.description, local: request.isLocal)
        }
    }

    private static func failure(_ reason: Mapwire_V1_ErrorReason, _ message: String, local: Bool) -> Mapwire_V1_ResourceData {
        let (dataSource, source) = origin(local: local)
        return LoadOutcome.failure(reason, message, dataSource: dataSource, source: source)
    }
}
