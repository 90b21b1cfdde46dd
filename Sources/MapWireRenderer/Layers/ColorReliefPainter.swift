import MapWireCanvas
import MapWireStyle

/// `color-relief`: each screen pixel coloured by the elevation under it, read from a `raster-dem`
/// source with linear filtering across tile edges (borders from neighbouring tiles; the nearest pixel
/// with `resampling: nearest`), through
/// `color-relief-color` at `color-relief-opacity`. As GL engines draw it, the ramp is the colours at
/// the stops of the property's `interpolate` expression, mixed linearly (premultiplied) between
/// stops and held beyond the first and last; anything but an `interpolate` draws nothing.
enum ColorReliefPainter {
    static func paint(_ layer: RenderLayer, _ context: PaintContext) {
        let eval = context.evaluation()
        let opacity = layer.number("color-relief-opacity", eval, 1)
        guard opacity > 0, let dem = context.demTiles(for: layer), let ramp = ElevationRamp(layer.paint["color-relief-color"], zoom: context.zoom)
        else { return }
        let nearest = layer.string("resampling", eval, "linear") == "nearest"
        var pixels = context.canvas.makePixelLayer()
        dem.tiles.forEachPixel(context) { sample in
            let elevation = sample.dem.elevation(sample.u * Double(sample.dem.dim), sample.v * Double(sample.dem.dim), nearest: nearest)
            let c = ramp.color(at: elevation) * opacity
            pixels.set(sample.x, sample.y, r: c.r, g: c.g, b: c.b, a: c.a)
        }
        context.canvas.composite(pixels)
    }
}

/// `color-relief-color` as GL engines draw it: the colour at each stop of its `interpolate`, mixed
/// linearly between stops.
struct ElevationRamp {
    let elevations: [Double]
    let colors: [PremultipliedColor]

    /// Nil when the property is not an `interpolate` over elevation (GL then draws nothing).
    init?(_ value: PropertyValue?, zoom: Double) {
        guard let value, var stops = value.interpolationStops, !stops.isEmpty else { return nil }
        var colors = stops.map { elevation -> PremultipliedColor in
            var context = EvaluationContext(zoom: zoom)
            context.elevation = elevation
            return PremultipliedColor(value.color(context, default: .transparent))
        }
        // A single stop: one colour everywhere.
        if stops.count == 1 {
            stops.append(stops[0] + 1)
            colors.append(colors[0])
        }
        elevations = stops
        self.colors = colors
    }

    func color(at elevation: Double) -> PremultipliedColor {
        guard elevation > elevations[0] else { return colors[0] }
        for i in 1..<elevations.count where elevation < elevations[i] {
            let t = (elevation - elevations[i - 1]) / (elevations[i] - elevations[i - 1])
            return .mix(colors[i - 1], colors[i], t)
        }
        return colors[colors.count - 1]
    }
}
