import Dispatch
import Foundation
import MapWireFormats
import MapWireProtocol
import Synchronization

/// Answers `pmtiles://` URLs: `pmtiles:///path/file.pmtiles` is the source (a TileJSON whose tiles
/// point back here) and `pmtiles:///path/file.pmtiles/{z}/{x}/{y}` a tile. Open archives are kept,
/// with their cached header and directories; failures are not, so a fixed file loads next time.
///
/// Not Sendable: used by the loader's one worker thread, like `ResourceLoader`.
final class PMTilesArchives {
    /// Makes the byte source for an archive's location (what follows `pmtiles://`, up to and with
    /// `.pmtiles`). Local paths by default; an HTTP Range source plugs in here for `https://…`.
    typealias SourceMaker = (_ location: String) throws(PMTilesError) -> any PMTilesByteSource

    private var readers: [String: PMTilesReader] = [:]
    private let makeSource: SourceMaker

    init(makeSource: @escaping SourceMaker = PMTilesArchives.localSource) {
        self.makeSource = makeSource
    }

    static func localSource(_ location: String) throws(PMTilesError) -> any PMTilesByteSource {
        guard location.hasPrefix("/") else {
            throw .readFailed(name: location, detail: "this loader reads pmtiles:// archives from local paths only (pmtiles:///path/file.pmtiles)")
        }
        return try PMTilesFileSource(path: location)
    }

    func load(_ url: String, kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_ResourceData {
        let rest = String(url.dropFirst("pmtiles://".count))
        let decoded = rest.hasPrefix("/") ? (rest.removingPercentEncoding ?? rest) : rest
        guard let end = decoded.range(of: ".pmtiles")?.upperBound else {
            return failure(.other, "a pmtiles:// URL names a .pmtiles archive: \(url)")
        }
        let location = String(decoded[..<end])
        let reader: PMTilesReader
        do {
            reader = try open(location)
        } catch {
            return failure(error)
        }
        let tilePart = decoded[end...].split(separator: "/").map { Int($0) }
        do {
            if tilePart.isEmpty {
                let template = "pmtiles://" + location.replacingOccurrences(of: " ", with: "%20") + "/{z}/{x}/{y}"
                return LoadOutcome.data(try tileJSON(reader, template: template), dataSource: .fileSystem, source: .tileStore)
            }
            guard tilePart.count == 3, let z = tilePart[0], let x = tilePart[1], let y = tilePart[2] else {
                return failure(.other, "a PMTiles tile URL ends in /z/x/y: \(url)")
            }
            guard let data = try tile(reader, z: z, x: x, y: y) else {
                // Archives leave empty areas out: an empty tile, not an error.
                return LoadOutcome.noContent(dataSource: .fileSystem, source: .tileStore)
            }
            return LoadOutcome.data(data, dataSource: .fileSystem, source: .tileStore)
        } catch {
            return failure(error)
        }
    }

    private func open(_ location: String) throws(PMTilesError) -> PMTilesReader {
        if let reader = readers[location] { return reader }
        let reader = PMTilesReader(source: try makeSource(location))
        // Reading the header now refuses a broken archive before it is kept.
        if reader.source is any PMTilesSynchronousByteSource {
            _ = try reader.headerNow()
        } else {
            _ = try Self.wait { try await reader.header() }
        }
        readers[location] = reader
        return reader
    }

    private func tileJSON(_ reader: PMTilesReader, template: String) throws(PMTilesError) -> Data {
        if reader.source is any PMTilesSynchronousByteSource { return try reader.tileJSONNow(tilesTemplate: template) }
        return try Self.wait { try await reader.tileJSON(tilesTemplate: template) }
    }

    private func tile(_ reader: PMTilesReader, z: Int, x: Int, y: Int) throws(PMTilesError) -> Data? {
        if reader.source is any PMTilesSynchronousByteSource { return try reader.tileNow(z: z, x: x, y: y) }
        return try Self.wait { try await reader.tile(z: z, x: x, y: y) }
    }

    /// Runs an async read to its end from the loader's worker thread. Safe to block here: requests
    /// are handled on the RequestWorker's own `Thread`, never on the cooperative pool, and the task
    /// runs on the pool without needing this thread back. Local files never come here (they are read
    /// synchronously above), so tests that call `load` from the pool never block it.
    private static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws(PMTilesError) -> T {
        let result = Mutex<Result<T, PMTilesError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<T, PMTilesError>
            do {
                outcome = .success(try await body())
            } catch {
                outcome = .failure((error as? PMTilesError) ?? .readFailed(name: "", detail: "\(error)"))
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        guard let outcome = result.withLock({ $0 }) else { throw .readFailed(name: "", detail: "the read task ended without an answer") }
        return try outcome.get()
    }

    private func failure(_ error: PMTilesError) -> Mapwire_V1_ResourceData {
        if case .fileNotFound = error { return failure(.notFound, error.description) }
        return failure(.other, error.description)
    }

    private func failure(_ reason: Mapwire_V1_ErrorReason, _ message: String) -> Mapwire_V1_ResourceData {
        LoadOutcome.failure(reason, message, dataSource: .fileSystem, source: .tileStore)
    }
}
