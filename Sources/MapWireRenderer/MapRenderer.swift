import Foundation
import MapWireCanvas
import MapWireGeometry
import MapWireLabels

/// Draws frames: each style layer in order, from the scene's decoded sources, onto a cairo canvas.
/// Not Sendable: one thread renders; it keeps the compiled style and label placement between frames.
public final class MapRenderer {
    private var compiled: (json: Data, style: RenderStyle)?
    private let geojsonTiles = GeoJSONTileCache()
    private let geojsonClusters = GeoJSONClusterCache()
    let symbols = SymbolPainter()
    private let pins = PinStamps()
    private let filtered = FilteredFeatureCache()
    private let dem = DEMCache()

    public init() {}

    public struct Frame {
        public let canvas: Canvas
        /// Label placement differs from the previous frame.
        public let placementChanged: Bool
        /// Icons that visible features asked for and the sprite does not have.
        public let missingImages: [String]
        public let renderMilliseconds: Double
        /// Parts of the style that could not be read (left out or drawn with defaults).
        public let styleProblems: [String]
        /// Glyph ranges labels needed that the scene did not have.
        public let neededGlyphRanges: [GlyphRangeKey]
        /// Icon names the frame drew.
        public let usedImages: [String]
        /// False when the renderer stopped after placing labels, before drawing any layer: labels
        /// needed glyph ranges `stopWhenLacking` named (the canvas is blank).
        public var drawn: Bool = true
    }

    /// Draws the scene. `stopWhenLacking`: asked about each glyph range the labels need that the scene
    /// lacks, right after placement; when it says yes for one, nothing is drawn (a frame drawn now would
    /// be drawn again once the range is there, so its drawing is saved).
    public func render(_ scene: RenderScene, stopWhenLacking: ((GlyphRangeKey) -> Bool)? = nil) throws -> Frame {
        let started = DispatchTime.now().uptimeNanoseconds
        filtered.beginFrame()
        let context = try paintContext(for: scene)
        let (canvas, style, scene) = (context.canvas, context.style, context.scene)
        symbols.beginFrame()
        symbols.prepare(style.layers, context, view: Self.view(of: scene))
        if let stopWhenLacking, symbols.neededGlyphRanges.contains(where: stopWhenLacking) {
            filtered.keepAll()
            let placement = symbols.endFrame()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            return Frame(canvas: canvas, placementChanged: placement.changed, missingImages: placement.missingImages,
                         renderMilliseconds: elapsed, styleProblems: style.problems, neededGlyphRanges: placement.neededGlyphs,
                         usedImages: placement.usedImages, drawn: false)
        }
        if let sky = style.sky { SkyPainter.paint(sky, context) }
        // Past the pitch that shows the horizon, GL's far plane cuts the map at it: nothing of a layer is
        // drawn above `groundTop` but labels, which GL places in screen space (and culls by distance).
        let groundClip = Self.groundClip(context.transform)
        for layer in style.layers where layer.isVisible(atZoom: context.zoom) {
            let context = context.drawing(layer)
            if let groundClip, layer.type != "symbol" {
                context.canvas.save()
                context.canvas.clip(to: groundClip, antialias: false)
            }
            defer { if groundClip != nil, layer.type != "symbol" { context.canvas.restore() } }
            switch layer.type {
            case "background": BackgroundPainter.paint(layer, context)
            case "fill": FillPainter.paint(layer, context)
            case "fill-extrusion": FillExtrusionPainter.paint(layer, context)
            case "line": LinePainter.paint(layer, context)
            case "circle": CirclePainter.paint(layer, context)
            case "raster": RasterPainter.paint(layer, context)
            case "heatmap": HeatmapPainter.paint(layer, context)
            case "hillshade": HillshadePainter.paint(layer, context)
            case "color-relief": ColorReliefPainter.paint(layer, context)
            case "symbol": symbols.paint(layer, context)
            default: continue  // a `sky` layer is Mapbox's; MapLibre's sky is the style's root `sky`
            }
        }
        let placement = symbols.endFrame()
        let annotationImages = OverlayPainter.paint(scene.overlay, context, pins: pins)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        return Frame(canvas: canvas, placementChanged: placement.changed, missingImages: Set(placement.missingImages).union(annotationImages.missing).sorted(),
                     renderMilliseconds: elapsed, styleProblems: style.problems,
                     neededGlyphRanges: placement.neededGlyphs, usedImages: Set(placement.usedImages).union(annotationImages.used).sorted())
    }

    /// What the painters (and queries) read for a scene: its style compiled, its GeoJSON cut into the
    /// tiles of its view, and a canvas of its size.
    func paintContext(for scene: RenderScene) throws -> PaintContext {
        let style = try compiledStyle(scene.styleJSON)
        let canvas = Canvas(width: scene.size.width, height: scene.size.height, pixelRatio: scene.pixelRatio)
        let transform = Transform(camera: scene.camera, size: scene.size)
        var scene = scene
        for (id, source) in scene.sources {
            guard case .geojson(var tiler) = source else { continue }
            let spec = style.sources[id]
            if let options = spec?.cluster {
                // The clusters of the zoom the tiles are cut at.
                let zoom = TileCover.coveringZoom(cameraZoom: transform.camera.zoom, tileSize: spec?.tileSize ?? 512, roundZoom: false)
                tiler = geojsonClusters.clusters(of: tiler, sourceID: id, options: options).tiler(atZoom: min(zoom, spec?.maxZoom ?? 18))
            }
            scene.sources[id] = .vector(geojsonTiles.tiles(of: tiler, sourceID: id, transform: transform,
                                                           maxZoom: spec?.maxZoom ?? 18, tileSize: spec?.tileSize ?? 512,
                                                           lineMetrics: spec?.lineMetrics ?? false))
        }
        return PaintContext(canvas: canvas, transform: transform, zoom: transform.camera.zoom, scene: scene, style: style,
                            filtered: filtered, dem: dem)
    }

    /// The part of the screen the ground is drawn on, when the horizon is in view (nil otherwise).
    static func groundClip(_ transform: Transform) -> CanvasPath? {
        let top = transform.groundTop
        guard top > 0 else { return nil }
        return .rectangle(left: 0, top: top, right: Double(transform.size.width), bottom: Double(transform.size.height))
    }

    /// Labels remember their variable anchors per view: a view is its size and pixel ratio.
    static func view(of scene: RenderScene) -> String { "\(scene.size.width)x\(scene.size.height)@\(scene.pixelRatio)" }

    private func compiledStyle(_ json: Data) throws -> RenderStyle {
        if let compiled, compiled.json == json { return compiled.style }
        let style = try RenderStyle(json: json)
        let previous = compiled?.style
        compiled = (json, style)
        // A style changed in place (a paint property, a layer added, feature state) keeps what its
        // unchanged layers filtered; any other change of a layer's filter or data, or of the global state
        // its filters may read, filters again.
        dem.keep(only: Set(style.sources.keys))
        if let previous, previous.globalState == style.globalState {
            filtered.removeAll(except: Set(style.filterSignatures.filter { previous.filterSignatures[$0.key] == $0.value }.keys))
        } else {
            filtered.removeAll()
        }
        // Another style, or other layouts, sources or state: the same layer and feature ids may label
        // something else. Paint and feature state do not move labels.
        if previous?.placementSignature != style.placementSignature { symbols.forgetAnchors() }
        return style
    }
}
