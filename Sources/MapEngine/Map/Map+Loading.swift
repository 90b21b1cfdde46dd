import Foundation
import MapWireGeometry

/// The loading sequence of the Mapbox MapEvents reference: style → sprite → sources' metadata → style loaded → tiles.
extension Map {
    /// The answer to a load. Answers to loads that were cancelled or never made are dropped.
    ///
    /// `willRetry`: the load failed and the host will try it again (PROTOCOL.md 7.8). Its first failure
    /// is taken like any failure (map-loading-error, the resource counts as failed, map-idle is not held
    /// back); later failed attempts only show as resource-request events; an answer with data after
    /// failures loads the resource and draws a frame.
    public func resourceFinished(_ id: UInt64, _ result: ResourceResult, willRetry: Bool = false) {
        let failedBefore = retrying[id] != nil
        guard let load = pending.removeValue(forKey: id) ?? retrying.removeValue(forKey: id) else { return }
        var response = result.response
        response.size = UInt64(result.data.count)
        publish(.resourceRequest(ResourceRequestEvent(
            dataSource: result.dataSource, request: load.load.request, response: response, cancelled: false)))
        if willRetry { retrying[id] = load }
        // Once per resource: a failed attempt after the first, or a retry that failed for good, is only news on the bus.
        if failedBefore, willRetry || result.errorMessage != nil { return }
        defer { if failedBefore { requestFrame() } }
        let url = load.load.request.url
        let keyed = KeyedData(key: "load:\(id)", data: result.data)
        switch load.purpose {
        case .style(let baseURL):
            if let error = result.errorMessage {
                styleFailed("could not load the style \(url): \(error)")
            } else {
                do { styleArrived(try StyleDocument(data: result.data, baseURL: baseURL)) }
                catch { styleFailed("the style could not be parsed: \(error.message)") }
            }
        case .spriteJSON:
            if let error = result.errorMessage {
                spriteFailure = result.response.error.map { (url, $0) }
                loadingError(.sprite, "could not load the sprite \(url): \(error)")
            } else if parseSprite(result.data, url: url) {
                spriteIndex = keyed
            }
            spritePartFinished()
        case .spriteImage:
            if let error = result.errorMessage {
                spriteFailure = result.response.error.map { (url, $0) }
                loadingError(.sprite, "could not load the sprite image \(url): \(error)")
            } else if !result.data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                loadingError(.sprite, "the sprite image \(url) is not a PNG")
            } else {
                spriteImage = keyed
            }
            spritePartFinished()
        case .sourceMetadata(let sourceID):
            metadataArrived(for: sourceID, result: result, url: url, keyed: keyed)
        case .tile(let sourceID, let tile):
            tileArrived(tile, of: sourceID, result: result, url: url, keyed: keyed)
        case .glyphs(let range):
            if let error = result.errorMessage {
                glyphs[range] = .failed
                glyphFailures[range] = result.response.error.map { (url, $0) }
                loadingError(.glyphs, "could not load glyphs \(range.start)-\(range.start + 255) for \(range.fontStack.joined(separator: ",")) at \(url): \(error)")
            } else {
                glyphs[range] = .loaded
                glyphData[range] = keyed
            }
            requestFrame()
        }
    }

    // MARK: Style

    /// Takes a parsed style and moves on to the sprite.
    func styleArrived(_ document: StyleDocument) {
        style = document
        styleKey = freshKey("style")
        sourceOrder = []
        sources = [:]
        metadataPending = []
        for (id, spec) in document.sources { insertSource(id, SourceState(spec: spec, key: freshKey("inline"))) }
        publish(.styleDataLoaded(.style))
        warn(document.warnings)
        if !cameraSetExplicitly, document.center != nil || document.zoom != nil {
            var next = camera
            if let center = document.center { next.center = center }
            if let zoom = document.zoom { next.zoom = zoom }
            if let bearing = document.bearing { next.bearing = bearing }
            if let pitch = document.pitch { next.pitch = pitch }
            apply(camera: next.clamped())
        }
        loadSprite(document.sprite)
    }

    func styleFailed(_ message: String) {
        phase = .failed
        loadingError(.style, message)
        publish(.mapDidFailLoading(error: message))
    }

    func loadingError(_ kind: MapLoadingErrorKind, _ message: String,
                      sourceID: String? = nil, tile: CanonicalTileID? = nil) {
        publish(.mapLoadingError(MapLoadingError(kind: kind, message: message, sourceID: sourceID, tileID: tile)))
    }

    // MARK: Sprite

    func loadSprite(_ base: String?) {
        phase = .loadingSprite
        guard let base else { return spritePartFinished() }
        request(url: TileURL.sprite(base, pixelRatio: pixelRatio, ext: ".json"), kind: .spriteJson, purpose: .spriteJSON)
        request(url: TileURL.sprite(base, pixelRatio: pixelRatio, ext: ".png"), kind: .spriteImage, purpose: .spriteImage)
    }

    /// Reads the sprite index; false (with a sprite error published) when it is not one.
    func parseSprite(_ data: Data, url: String) -> Bool {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            loadingError(.sprite, "the sprite index \(url) is not a JSON object")
            return false
        }
        let images = object.filter { entry in
            guard let image = entry.value as? [String: Any] else { return false }
            return ["x", "y", "width", "height"].allSatisfy { image[$0] is NSNumber }
        }
        guard images.count == object.count else {
            loadingError(.sprite, "the sprite index \(url) has entries without x, y, width and height")
            return false
        }
        spriteImageIDs = Set(images.keys)
        return true
    }

    func spritePartFinished() {
        let loading = pending.values.contains(where: { $0.purpose == .spriteJSON || $0.purpose == .spriteImage })
        if runtime.spriteReloading {
            // A sprite set at run time (Map+StyleRoot.swift): announced as the style's own is, then drawn.
            guard !loading else { return }
            runtime.spriteReloading = false
            publish(.styleDataLoaded(.sprite))
            return requestFrame()
        }
        guard phase == .loadingSprite, !loading else { return }
        publish(.styleDataLoaded(.sprite))
        phase = .loadingSources
        for id in sourceOrder { resolveMetadata(of: id) }
        finishSourcesIfReady()
    }

    // MARK: Sources

    /// Publishes a source's metadata, or starts loading its TileJSON / data.
    func resolveMetadata(of id: String) {
        guard let spec = sources[id]?.spec else { return }
        if spec.hasMetadata {
            publish(.sourceDataLoaded(SourceDataLoaded(id: id, kind: .metadata)))
            sourceChanged(id)
        } else if let url = spec.url {
            let load = request(url: url, kind: spec.kind == .image ? .image : .source, purpose: .sourceMetadata(id), sourceID: id)
            // The answer may have come already (a host that fails a load at once).
            if pending[load] != nil { sources[id]?.metadataLoad = load }
        } else {
            // Nothing to load (a video's "urls", an image without "url"): fail it rather than wait forever.
            setMetadata(of: id, .failed)
            loadingError(.source, "source \"\(id)\" has no URL this map can load", sourceID: id)
            if phase == .loaded { requestFrame() }
        }
    }

    func metadataArrived(for id: String, result: ResourceResult, url: String, keyed: KeyedData) {
        guard var state = sources[id] else { return }
        if let error = result.errorMessage {
            runtime.dataLoading.remove(id)
            setMetadata(of: id, .failed)
            sources[id]?.metadataFailure = result.response.error.map { (url: url, error: $0) }
            loadingError(.source, "could not load source \"\(id)\" from \(url): \(error)", sourceID: id)
        } else {
            do {
                if state.spec.isTiled {
                    try state.spec.apply(tileJSON: result.data, baseURL: url)
                } else {
                    state.wholeData = keyed
                }
                sources[id] = state
                setMetadata(of: id, .loaded)
                publish(.sourceDataLoaded(SourceDataLoaded(id: id, kind: .metadata)))
                // Data set at run time from a URL: its tiles' events follow (Map+SourceData.swift).
                if runtime.dataLoading.contains(id) { publishDataTiles(of: id) }
            } catch {
                setMetadata(of: id, .failed)
                loadingError(.source, "source \"\(id)\" at \(url): \(error.message)", sourceID: id)
            }
        }
        if phase == .loadingSources { finishSourcesIfReady() } else { sourceChanged(id) }
    }

    func finishSourcesIfReady() {
        guard phase == .loadingSources, metadataPending.isEmpty else { return }
        publish(.styleDataLoaded(.sources))
        phase = .loaded
        publish(.styleLoaded)
        updateTiles()
        loadGlyphs()
        requestFrame()
    }

    // MARK: Glyphs

    /// Requests the first glyph range (Latin) of every font stack symbol layers use.
    func loadGlyphs() {
        guard let style else { return }
        let stacks = style.fontStacks
        guard !stacks.isEmpty else { return }
        guard let template = style.glyphs else {
            return loadingError(.glyphs, "the style has text labels but no \"glyphs\" URL")
        }
        requestGlyphRanges(stacks.map { GlyphRangeID(fontStack: $0, start: 0) }, template: template)
    }

    /// Loads glyph ranges a renderer found labels need (each range once, failed ones not again).
    /// Returns whether any load started (the frame that asked was missing labels).
    @discardableResult
    public func requestGlyphRanges(_ ranges: [GlyphRangeID]) -> Bool {
        guard phase == .loaded, let template = style?.glyphs else { return false }
        return requestGlyphRanges(ranges, template: template)
    }

    @discardableResult
    private func requestGlyphRanges(_ ranges: [GlyphRangeID], template: String) -> Bool {
        var started = false
        for range in ranges where glyphs[range] == nil && range.start >= 0 && range.start < 0x11_0000 && range.start % 256 == 0 {
            glyphs[range] = .pending
            request(url: TileURL.glyphs(template, fontStack: range.fontStack, rangeStart: range.start),
                    kind: .glyphs, purpose: .glyphs(range))
            started = true
        }
        return started
    }
}
