import ArgumentParser
import Foundation
import Logging
import MapWireCache
import MapWireHTTP
import MapWireJSON
import MapWireOffline

/// `mapwire offline download|list|status|delete`: offline regions, kept in the loaders' cache file apart
/// from the ambient cache's eviction, so a map of the region loads with the network gone.
struct OfflineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline",
        abstract: "Download, list, inspect and delete offline regions (kept in the loaders' cache file).",
        discussion: """
            A region is a style, a box and a zoom range. download fetches the style, every TileJSON, every tile \
            of the box at each source's zooms (once each), the sprite at 1x and 2x and the glyph ranges the \
            tiles' labels need, at low priority; it resumes where an interrupted download stopped. A map started \
            with the same --cache (mapwire up --cache PATH --offline) then loads the region from the cache.
            """,
        subcommands: [Download.self, List.self, Status.self, Delete.self])

    struct CacheFile: ParsableArguments {
        @Option(help: "The cache file (default: $XDG_CACHE_HOME/mapwire/cache.db, else ~/.cache/mapwire/cache.db).")
        var cache: String?

        func open() throws -> ResourceCache {
            do {
                let opened = try ResourceCache(path: cache ?? CachePaths.defaultPath())
                for warning in opened.warnings { MonitorCommand.warn("mapwire: \(warning)") }
                return opened
            } catch {
                MonitorCommand.warn("mapwire: \(error)")
                throw ExitCode(1)
            }
        }
    }

    struct Download: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Download (or resume) a region into the cache.")

        @Argument(help: "The region's name.") var name: String
        @Option(help: "The style's URL (http:// or https://).") var style: String
        @Option(help: "The box: W,S,E,N in degrees.") var bounds: String
        @Option(help: "Map zooms MIN-MAX (or one zoom).") var zoom: String
        @Option(help: "The pixel ratio the region is for (sprites are fetched at 1x and 2x either way).") var pixelRatio = 1.0
        @Option(help: "Refuse a region of more tiles than this, before fetching any.") var maxTiles = 100_000
        @Option(help: "Requests in flight at once.") var parallel = 20
        @Option(help: "Extra certificate authorities (PEM) to trust, as the loader's --ca-file.") var caFile: String?
        @Option(help: "The loader's JSON configuration (headers per URL prefix), as mapwire-loader --config.") var config: String?
        @OptionGroup var file: CacheFile

        func validate() throws {
            guard maxTiles >= 1, (1...256).contains(parallel) else { throw ValidationError("--max-tiles must be ≥ 1 and --parallel 1...256") }
        }

        func run() async throws {
            let definition: OfflineRegionDefinition
            do { definition = try OfflineRegionDefinition(styleURL: style, bounds: bounds, zoom: zoom, pixelRatio: pixelRatio) }
            catch { throw ValidationError(error.description) }
            guard style.hasPrefix("http://") || style.hasPrefix("https://") else {
                throw ValidationError("--style must be an http:// or https:// URL: a local style needs no offline region")
            }
            let cache = try file.open()
            var settings = HTTPSettings()
            settings.maxConcurrentRequests = parallel
            settings.caFile = caFile
            let configuration: LoaderConfiguration
            do { configuration = try config.map { path throws(LoaderConfigurationError) in try LoaderConfiguration.read(path: path) } ?? LoaderConfiguration() }
            catch { throw ValidationError(error.description) }
            let loader = try HTTPResourceLoader(settings: settings, configuration: configuration, logger: Logger(label: "mapwire-offline"))
            defer { loader.shutdown() }
            let bar = DownloadProgress(name: name)
            let download = OfflineRegionDownload(name: name, definition: definition, maxTiles: maxTiles, cache: cache,
                                                 loader: loader, parallel: parallel) { summary, done in bar.show(summary, done: done) }
            let summary: OfflineRegionDownload.Summary
            do { summary = try await download.run() }
            catch {
                MonitorCommand.warn("mapwire offline download: \(error)")
                if (try? cache.region(named: name)) == nil { MonitorCommand.warn("mapwire offline download: nothing of \(name) was stored; no region kept") }
                throw ExitCode(1)
            }
            for problem in summary.problems { MonitorCommand.warn("mapwire offline download: \(problem)") }
            if summary.removedEmptyRegion {
                MonitorCommand.warn("mapwire offline download: nothing of \(name) was stored; no region kept")
            }
            if summary.failed > 0 { throw ExitCode(1) }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the regions in the cache.")
        @OptionGroup var file: CacheFile
        @Option(help: "text or json (one object per line).") var format: CacheCommand.Format = .text

        func run() throws {
            let cache = try file.open()
            for region in try CacheCommand.perform(cache, { try cache.regions() }) {
                switch format {
                case .json: Output.line(region.documentedJSON.serialized)
                case .text: Output.line(region.summaryLine)
                }
            }
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One region: its definition, resources by kind, and whether it is complete.")
        @Argument(help: "The region's name.") var name: String
        @OptionGroup var file: CacheFile
        @Option(help: "text or json.") var format: CacheCommand.Format = .text

        func run() throws {
            let cache = try file.open()
            guard let status = try CacheCommand.perform(cache, { try cache.regionStatus(name: name) }) else {
                MonitorCommand.warn("mapwire offline status: no region named \"\(name)\" in \(cache.path)")
                throw ExitCode(1)
            }
            let definition = String(decoding: status.region.definition, as: UTF8.self)
            switch format {
            case .json:
                Output.line(JSONValue.object([
                    JSONMember("region", status.region.documentedJSON),
                    JSONMember("definition", (try? JSONValue(parsing: status.region.definition)) ?? .string(definition)),
                    JSONMember("by-kind", .array(status.byKind.map(\.documentedJSON))),
                ]).serialized)
            case .text:
                Output.line(status.region.summaryLine)
                Output.line("  definition: \(definition)")
                for totals in status.byKind {
                    Output.line("  \(totals.kind.rawValue): \(totals.entries), \(CacheInfo.bytes(totals.dataBytes))")
                }
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a region: what no other region holds goes back to the ambient cache.")
        @Argument(help: "The region's name.") var name: String
        @OptionGroup var file: CacheFile

        func run() throws {
            let cache = try file.open()
            try CacheCommand.perform(cache) { try cache.deleteRegion(name: name) }
            Output.line("deleted region \(name) from \(cache.path)")
        }
    }
}

extension RegionInfo {
    var summaryLine: String {
        let progress = complete ? "complete"
            : requiredResourceCount.map { "\(resourceCount) of \($0), incomplete" } ?? "incomplete"
        return "\(name): \(resourceCount) resources, \(CacheInfo.bytes(dataBytes)), \(progress)"
    }
}
