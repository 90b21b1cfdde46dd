import Foundation
import Logging
import MapWireFormats
import MapWireHTTP
import MapWirePluginKit
import MapWireProtocol
import MapWireWireFormat

/// The loader plugin: registers with role "loader" and answers load-resource requests.
public enum LoaderPlugin {
    public static let description = PluginDescription(
        name: "mapwire-loader", roles: [PluginRole.loader],
        capabilities: ["scheme:file", "scheme:mbtiles", "scheme:pmtiles", "scheme:http", "scheme:https", "rewrite"])

    /// The reply to one request (nil for requests that need none, such as cancels).
    public static func answer(_ request: Mapwire_V1_PluginRequest, with loader: ResourceLoader) -> Mapwire_V1_PluginReply? {
        switch request.kind {
        case .loadResource(let load):
            return .with { $0.id = request.id; $0.resource = loader.load(load) }
        case .cancel:
            // Loads finish synchronously, so there is never anything left to cancel.
            return nil
        case .renderFrame, .shouldRemoveStyleImage, .mayChangeCamera, .handleGesture, .describeAnnotations,
             .describeUserLocation, .queryFeatures, nil:
            // Requests for other roles (render, style images, camera-veto, gestures) or newer than this build.
            return RequestRefusal.answer(request, plugin: PluginRole.loader, onlyDoes: "loads resources")
        }
    }
}

/// The loader's asynchronous dispatch (`PluginRunner.runAsync`): HTTP(S) loads run concurrently in
/// the HTTP loader; small local files (at most `inlineFileBytes`) are read at once on the runner's thread;
/// other local loads (larger files, MBTiles, rewrites to them) run one at a time on a serial queue, so a
/// large file never holds up the runner's loop.
public final class LoaderDispatch: Sendable {
    /// `@unchecked Sendable`: a local loader (not thread-safe: it caches open MBTiles files) is only
    /// ever used on one thread: `local` on `localQueue`, a serial queue; `runnerThread` on the runner's.
    private final class LocalBox: @unchecked Sendable {
        let loader: ResourceLoader
        init(_ loader: ResourceLoader) { self.loader = loader }
    }

    private let local: LocalBox
    /// Answers small local files on the runner's thread (`handle`): for them the hop to `localQueue` and
    /// back cost more than the read (a round trip core ↔ loader of a 64-byte file: two thread switches in
    /// the loader against one read of a few µs). `@unchecked Sendable` as `LocalBox`: only `handle`
    /// uses it, and the runner calls `handle` on its one thread.
    private let runnerThread: LocalBox
    private let localQueue = DispatchQueue(label: "mapwire-loader-local")
    private let http: HTTPResourceLoader
    /// `pmtiles://http(s)://…` archives, read with Range requests (local ones are the local loader's).
    private let remotePMTiles: PMTilesArchives
    private let configuration: LoaderConfiguration
    /// `--delay-ms`, for local loads only (a network is slow enough by itself).
    private let delayMicroseconds: UInt32

    public init(configuration: LoaderConfiguration, http: HTTPResourceLoader, delayMilliseconds: Int = 0) {
        self.configuration = configuration
        local = LocalBox(ResourceLoader(configuration: configuration))
        runnerThread = LocalBox(ResourceLoader(configuration: configuration))
        self.http = http
        remotePMTiles = PMTilesArchives { [http] location throws(PMTilesError) in
            guard HTTPResourceLoader.handles(location) else {
                throw .readFailed(name: location, detail: "pmtiles:// takes a local path or an http(s):// URL")
            }
            return HTTPRangeSource(url: location, http: http)
        }
        delayMicroseconds = UInt32(clamping: max(0, delayMilliseconds) * 1000)
    }

    /// Takes one request on the runner's thread; the reply goes to `channel` when it is ready.
    public func handle(_ request: Mapwire_V1_PluginRequest, channel: ReplyChannel) {
        switch request.kind {
        case .loadResource(let load):
            let id = request.id
            let (url, rule) = configuration.rewrite(load.request.url)
            let madeTileJSON = load.request.kind == .source && rule != nil && url.contains("{z}")
            if HTTPResourceLoader.handles(url), !madeTileJSON {
                http.load(id: id, load, url: url, deadlineUnixNanos: request.deadlineUnixNanos,
                          progress: { bytes in channel.progress(id, bytesReceived: bytes) }) { data in
                    channel.send(.with { $0.id = id; $0.resource = data })
                }
                return
            }
            if url.hasPrefix("pmtiles://"), HTTPResourceLoader.handles(String(url.dropFirst("pmtiles://".count))) {
                // Offline (cache-only requests), nothing leaves the machine; remote archives are not cached.
                guard HTTPResourceLoader.mayUseNetwork(load.request) else {
                    channel.send(.with {
                        $0.id = id
                        $0.resource = LoadOutcome.failure(.inOfflineMode, "offline, and \(url) is a remote archive", dataSource: .network, source: .network)
                    })
                    return
                }
                let archives = remotePMTiles
                Task(executorPreference: LoaderExecutor.shared) {
                    let data = await archives.loadAsync(url, kind: load.request.kind)
                    channel.send(.with { $0.id = id; $0.resource = data })
                }
                return
            }
            // Read at once when small: at most this many bytes keep the runner's loop (and heartbeats)
            // waiting for well under a millisecond.
            if delayMicroseconds == 0, let data = runnerThread.loader.loadSmallFile(load, limit: Self.inlineFileBytes) {
                channel.send(.with { $0.id = id; $0.resource = data })
                return
            }
            // A tile of an MBTiles file too: one query of a prepared statement on a connection opened
            // once (a tile is tens of KiB; the hop to the queue and back cost more than the query).
            if delayMicroseconds == 0, let data = runnerThread.loader.loadMBTilesTile(load) {
                channel.send(.with { $0.id = id; $0.resource = data })
                return
            }
            let (box, delay) = (local, delayMicroseconds)
            localQueue.async {
                if delay > 0 { usleep(delay) }
                channel.send(.with { $0.id = id; $0.resource = box.loader.load(load) })
            }
        case .cancel(let cancel):
            // Only network loads can be stopped; a local one's late reply is dropped by the core.
            http.cancel(id: cancel.requestID)
        default:
            if let reply = RequestRefusal.answer(request, plugin: PluginRole.loader, onlyDoes: "loads resources") { channel.send(reply) }
        }
    }

    /// The runner's wire path (`PluginRunner.WireHandler`): a load of a small local file answered from
    /// the request's bytes (read in plain fields by the generated reader), its reply written into the batch
    /// from the answer kept in plain fields — no swift-protobuf message, `Data`, lock or wakeup per request.
    /// Anything else (false) goes to `handle`. The answers are `handle`'s own: it reads the same small
    /// files on the same thread, first.
    public func handleWire(_ frame: UnsafeRawBufferPointer, _ replies: inout WireReplies) -> Bool {
        var request = Mapwire_V1_PluginRequest.Plain()
        guard delayMicroseconds == 0, Mapwire_V1_ControlMessage.readRequest(frame, into: &request),
              let load = request.loadResource else { return false }
        let info = load.request ?? .init()
        let loader = runnerThread.loader
        let answered = loader.answerSmallFile(url: info.url, kind: info.kind, limit: Self.inlineFileBytes) { resource in
            replies.append { Mapwire_V1_ControlMessage.writeReply(ResourceReply(id: request.id, resource: resource), to: &$0) }
        }
        if answered { return true }
        // A tile of an MBTiles file, as `handle` answers it next: written straight into the batch (the
        // tile's bytes copied once there, as they were once into the reply's `Data`). Only an answer with
        // unknown fields has no plain form, and the loader makes none.
        guard let tile = loader.loadMBTilesTile(url: info.url, kind: info.kind),
              let resource = Mapwire_V1_ResourceData.Plain(tile) else { return false }
        replies.append { Mapwire_V1_ControlMessage.writeReply(ResourceReply(id: request.id, resource: resource), to: &$0) }
        return true
    }

    public func shutdown() { http.shutdown() }

    /// The largest local file read on the runner's thread.
    static let inlineFileBytes = 256 << 10
}
