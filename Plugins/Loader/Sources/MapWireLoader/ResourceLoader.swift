import Foundation
import MapWireFormats
import MapWireHTTP
import MapWireProtocol

/// Answers resource requests from local data: `file://` paths (single files and tile folders in
/// `{z}/{x}/{y}` or `{z}-{x}-{y}` form, which the core fills in), `mbtiles://` files and
/// `pmtiles://` archives (PMTilesArchives.swift), after the configured URL rewrites. Every failure
/// becomes a documented error reason; nothing throws out.
///
/// Not Sendable: it caches open MBTiles files; the plugin uses it on one serial queue (`LoaderDispatch`).
public final class ResourceLoader {
    let configuration: LoaderConfiguration
    private var mbtiles: [String: Result<MBTilesReader, MBTilesError>] = [:]
    private let pmtiles = PMTilesArchives()
    /// Answers of small files kept between loads, checked with one stat per load (`loadSmallFile`).
    var smallFiles = SmallFileAnswers()

    public init(configuration: LoaderConfiguration) {
        self.configuration = configuration
    }

    public func load(_ request: Mapwire_V1_LoadResource) -> Mapwire_V1_ResourceData {
        let original = request.request.url
        let kind = request.request.kind
        let (url, rule) = configuration.rewrite(original)

        // A source URL rewritten to a tile template: answer with a TileJSON made for it.
        if kind == .source, let rule, url.contains("{z}") {
            return LoadOutcome.data(TileJSONMaker.make(tiles: url, minZoom: rule.minZoom, maxZoom: rule.maxZoom),
                                    dataSource: .resourceLoader, source: .localFile)
        }
        if url.hasPrefix("file://") {
            return loadFile(url, kind: kind)
        }
        if url.hasPrefix("mbtiles://") {
            return loadMBTiles(url, kind: kind)
        }
        if url.hasPrefix("pmtiles://") {
            return pmtiles.load(url, kind: kind)
        }
        let scheme = url.split(separator: ":").first.map(String.init) ?? url
        return LoadOutcome.failure(.other, "this loader does not handle \(scheme) URLs (\(url)); add a --rewrite to a local path")
    }

    // MARK: Files

    private func loadFile(_ url: String, kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_ResourceData {
        guard let path = Self.path(fromFileURL: url) else {
            return LoadOutcome.failure(.other, "not a valid file URL: \(url)", dataSource: .fileSystem)
        }
        if kind == .glyphs, !FileManager.default.fileExists(atPath: path), let fallback = Self.glyphFallback(for: path) {
            return readFile(fallback)
        }
        return readFile(path)
    }

    private func readFile(_ path: String) -> Mapwire_V1_ResourceData {
        // One open and one fstat of it answer "is it there", "is it a directory" and "when was it
        // modified" (one path lookup per load: FileManager's fileExists + attributesOfItem, then stat +
        // Data(contentsOf:), cost a small load much of its time).
        let file: LocalFile
        do { file = try LocalFile(path) }
        catch where error.isMissing { return LoadOutcome.failure(.notFound, "no such file: \(path)", dataSource: .fileSystem) }
        catch { return LoadOutcome.failure(.other, "cannot read \(path): \(error)", dataSource: .fileSystem) }
        defer { file.close() }
        return answer(file)
    }

    /// A small local file (or a missing one) answered at once, on the caller's thread, or nil when the
    /// request is anything else (another scheme, a rewrite to a TileJSON, glyphs, a folder, a file larger
    /// than `limit` bytes or one that cannot be opened): those go the usual way (`load`), which also words
    /// their errors. The answers are `load`'s own.
    public func loadSmallFile(_ request: Mapwire_V1_LoadResource, limit: Int) -> Mapwire_V1_ResourceData? {
        smallFile(url: request.request.url, kind: request.request.kind, limit: limit)?.answer
    }

    /// `loadSmallFile` for the runner's wire path: the answer in plain fields (kept so, or made from the
    /// fresh read) goes to `body`, and false means the request is not a small file's (nothing was answered).
    public func answerSmallFile(url: String, kind: Mapwire_V1_ResourceKind, limit: Int,
                                _ body: (Mapwire_V1_ResourceData.Plain) -> Void) -> Bool {
        guard let found = smallFile(url: url, kind: kind, limit: limit),
              // Only an answer with unknown fields has no plain form, and the loader makes none.
              let plain = found.plain ?? Mapwire_V1_ResourceData.Plain(found.answer) else { return false }
        body(plain)
        return true
    }

    private func smallFile(url original: String, kind: Mapwire_V1_ResourceKind, limit: Int) -> SmallFileAnswers.Answer? {
        guard kind != .glyphs else { return nil }
        let (url, rule) = configuration.rewrite(original)
        guard !(kind == .source && rule != nil && url.contains("{z}")) else { return nil }
        // One stat of the path tells whether the answer kept from an earlier read still holds. A plain
        // `file:///…` URL (no escapes) is stat'ed in place, its path being the URL's tail: no path string
        // is made unless the file must be read (String's prefix, search and slicing cost more than the stat).
        var info = stat()
        let statted: Int32? = url.withCString { c in
            Self.plainFilePath(inURL: c, utf8Count: url.utf8.count).map { stat($0, &info) == 0 ? 0 : errno }
        }
        let code: Int32
        if let statted {
            code = statted
        } else {
            guard url.hasPrefix("file://"), let path = Self.path(fromFileURL: url) else { return nil }
            code = stat(path, &info) == 0 ? 0 : errno
        }
        guard code == 0 else {
            guard code == ENOENT || code == ENOTDIR, let path = Self.path(fromFileURL: url) else { return nil }
            return .init(answer: LoadOutcome.failure(.notFound, "no such file: \(path)", dataSource: .fileSystem), plain: nil)
        }
        guard info.st_mode & S_IFMT != S_IFDIR, Int(info.st_size) <= limit else { return nil }
        let identity = SmallFileAnswers.Identity(info)
        // Kept by URL (after the rewrites): one URL names one path.
        if let kept = smallFiles.answer(for: url, identity) { return kept }
        guard let path = Self.path(fromFileURL: url) else { return nil }
        let file: LocalFile
        do { file = try LocalFile(path) }
        catch where error.isMissing {
            return .init(answer: LoadOutcome.failure(.notFound, "no such file: \(path)", dataSource: .fileSystem), plain: nil)
        }
        catch { return nil }
        defer { file.close() }
        guard !file.isDirectory, file.size <= limit else { return nil }
        let read = answer(file)
        // Kept only when the file opened is the one stat saw (not replaced in between).
        guard file.identity == identity else { return .init(answer: read, plain: nil) }
        return smallFiles.keep(read, for: url, identity, nowNanos: SmallFileAnswers.wallNanos())
    }

    /// The path of a `file:///…` URL given as a C string, in place (its tail after `file://`), when the URL
    /// is plain ASCII with no percent escape, query or fragment and no NUL inside (`utf8Count` is its length); nil otherwise,
    /// and `path(fromFileURL:)` reads it (a combining mark after the slash makes another first character).
    static func plainFilePath(inURL url: UnsafePointer<CChar>, utf8Count: Int) -> UnsafePointer<CChar>? {
        guard strncmp(url, "file:///", 8) == 0 else { return nil }
        var at = 8
        while true {
            let byte = UInt8(bitPattern: url[at])
            if byte == 0 { break }
            if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte >= 0x80 { return nil }
            at += 1
        }
        return at == utf8Count ? url + 7 : nil
    }

    /// A tile of an MBTiles file (`mbtiles:///path/file.mbtiles/z/x/y`) answered on the caller's thread,
    /// or nil for any other request (the TileJSON of the file, which may scan its tiles table, another
    /// scheme, a rewrite to a TileJSON): those go the usual way (`load`). The answers are `load`'s own.
    public func loadMBTilesTile(_ request: Mapwire_V1_LoadResource) -> Mapwire_V1_ResourceData? {
        loadMBTilesTile(url: request.request.url, kind: request.request.kind)
    }

    /// `loadMBTilesTile` from a request's URL and kind (the runner's wire path).
    public func loadMBTilesTile(url original: String, kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_ResourceData? {
        guard kind != .source, kind != .glyphs else { return nil }
        let (url, _) = configuration.rewrite(original)
        guard url.hasPrefix("mbtiles://"), let end = Self.end(of: ".mbtiles", in: url),
              url[end...].split(separator: "/").count == 3 else { return nil }
        return loadMBTiles(url, kind: kind)
    }

    /// The answer for an open local file: its bytes (inflated when gzip), its time and an etag.
    private func answer(_ file: LocalFile) -> Mapwire_V1_ResourceData {
        let path = file.path
        guard !file.isDirectory else {
            return LoadOutcome.failure(.other, "\(path) is a directory, not a file", dataSource: .fileSystem)
        }
        do {
            var data = try file.readAll()
            // Tile folders often hold gzip-compressed tiles; deliver them inflated, like MBTiles tiles.
            if Gzip.isCompressed(data) { data = try Gzip.decompress(data) }
            let seconds = file.modifiedSeconds
            let modified = Date(timeIntervalSince1970: Double(seconds))
            let etag = "\"\(String(data.count, radix: 16))-\(String(seconds, radix: 16))\""
            return LoadOutcome.data(data, dataSource: .fileSystem, source: .localFile, modified: modified, etag: etag)
        } catch {
            return LoadOutcome.failure(.other, "cannot read \(path): \(error)", dataSource: .fileSystem)
        }
    }

    /// `…/Font A,Font B/0-255.pbf` → the first font of the stack that has the range.
    static func glyphFallback(for path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let range = url.lastPathComponent
        let stackFolder = url.deletingLastPathComponent()
        let fonts = stackFolder.lastPathComponent.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fonts.count > 1 else { return nil }
        for font in fonts {
            let candidate = stackFolder.deletingLastPathComponent().appendingPathComponent(font).appendingPathComponent(range).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The path a `file:///…` URL names: a query string or fragment (a style's glyph or sprite URL may carry
    /// `?access_token=…`, which the template keeps) is not part of it.
    static func path(fromFileURL url: String) -> String? {
        var rest = url.dropFirst("file://".count)
        guard rest.hasPrefix("/") else { return nil }
        if let end = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        // A byte search: `contains("%")` on a Substring goes through Foundation's range(of:) (4 % of a small load).
        return rest.utf8.contains(UInt8(ascii: "%")) ? String(rest).removingPercentEncoding : String(rest)
    }

    // MARK: MBTiles

    /// `mbtiles:///path/file.mbtiles` (the TileJSON) or `mbtiles:///path/file.mbtiles/{z}/{x}/{y}` (a tile).
    private func loadMBTiles(_ url: String, kind: Mapwire_V1_ResourceKind) -> Mapwire_V1_ResourceData {
        let tail = url.dropFirst("mbtiles://".count)
        // Byte searches: Foundation's removingPercentEncoding and range(of:) cost a tile load much of its time.
        let rest = tail.utf8.contains(UInt8(ascii: "%")) ? String(tail).removingPercentEncoding ?? "" : String(tail)
        guard let end = Self.end(of: ".mbtiles", in: rest) else {
            return LoadOutcome.failure(.other, "an mbtiles:// URL names a .mbtiles file: \(url)", dataSource: .database, source: .tileStore)
        }
        let path = String(rest[..<end])
        let reader: MBTilesReader
        switch openMBTiles(path) {
        case .success(let r): reader = r
        case .failure(.fileNotFound(let p)):
            return LoadOutcome.failure(.notFound, "MBTiles file not found: \(p)", dataSource: .database, source: .tileStore)
        case .failure(let error):
            return LoadOutcome.failure(.other, error.description, dataSource: .database, source: .tileStore)
        }
        let tilePart = rest[end...].split(separator: "/").map { Int($0) }
        do {
            if tilePart.isEmpty {
                let template = "mbtiles://" + path.replacingOccurrences(of: " ", with: "%20") + "/{z}/{x}/{y}"
                return LoadOutcome.data(try reader.tileJSON(tilesTemplate: template), dataSource: .database, source: .tileStore)
            }
            guard tilePart.count == 3, let z = tilePart[0], let x = tilePart[1], let y = tilePart[2] else {
                return LoadOutcome.failure(.other, "an MBTiles tile URL ends in /z/x/y: \(url)", dataSource: .database, source: .tileStore)
            }
            guard let data = try reader.tile(z: z, x: x, y: y) else {
                // Sparse tile sets leave empty areas out: an empty tile, not an error.
                return LoadOutcome.noContent(dataSource: .database, source: .tileStore)
            }
            return LoadOutcome.data(data, dataSource: .database, source: .tileStore)
        } catch {
            return LoadOutcome.failure(.other, error.description, dataSource: .database, source: .tileStore)
        }
    }

    /// The index just past the first occurrence of `marker` in `text` (a byte search).
    static func end(of marker: String, in text: String) -> String.Index? {
        let bytes = Array(text.utf8), wanted = Array(marker.utf8)
        guard bytes.count >= wanted.count else { return nil }
        for start in 0...(bytes.count - wanted.count) where bytes[start..<start + wanted.count].elementsEqual(wanted) {
            return text.utf8.index(text.utf8.startIndex, offsetBy: start + wanted.count)
        }
        return nil
    }

    private func openMBTiles(_ path: String) -> Result<MBTilesReader, MBTilesError> {
        if let cached = mbtiles[path], case .success = cached { return cached }
        // Failures are not cached: the file may be fixed or appear later.
        let opened = Result { () throws(MBTilesError) in try MBTilesReader(path: path) }
        if case .success = opened { mbtiles[path] = opened }
        return opened
    }
}

/// A TileJSON document for a tile URL template.
enum TileJSONMaker {
    static func make(tiles template: String, minZoom: Int, maxZoom: Int) -> Data {
        let object: [String: Any] = ["tilejson": "3.0.0", "tiles": [template], "minzoom": minZoom, "maxzoom": maxZoom, "scheme": "xyz"]
        // A dictionary of strings, numbers and an array of strings always serializes.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
