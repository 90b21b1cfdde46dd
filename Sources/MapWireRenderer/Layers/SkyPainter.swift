import MapWireCanvas
import MapWireGeometry
import MapWireStyle

/// The style's `sky` as MapLibre GL JS 5.3 draws it on the Mercator map (its `draw_sky` and sky shader):
/// above GL's horizon line, `sky-color` fading into `horizon-color` over a band `sky-horizon-blend` × half
/// the screen's height tall, the colours mixed premultiplied with the square of the distance to the band's
/// top. It is drawn first; the map, which ends at that line (`Transform.groundTop`), covers what is below.
/// GL blends `fog-color` into the ground only when it drapes the map on terrain, so a flat map has no fog.
enum SkyPainter {
    static func paint(_ sky: RenderLayer, _ context: PaintContext) {
        let horizon = context.transform.groundTop
        guard horizon > 0 else { return }
        let eval = context.evaluation()
        let skyColor = PremultipliedColor(sky.color("sky-color", eval, StyleColor(r: 0x88 / 255.0, g: 0xC6 / 255.0, b: 0xFC / 255.0)))
        let horizonColor = PremultipliedColor(sky.color("horizon-color", eval, .white))
        let band = sky.number("sky-horizon-blend", eval, 0.8) * Double(context.transform.size.height) / 2
        let canvas = context.canvas
        let ratio = canvas.pixelRatio, width = Double(canvas.width)
        // One device row at a time, coloured as GL's fragment at the row's centre; rows above the band
        // are the plain sky colour and go in one rectangle.
        let rows = Int((horizon * ratio).rounded(.up))
        let bandRows = band > 0 ? Int((band * ratio).rounded(.up)) : 0
        let firstBandRow = max(0, rows - bandRows)
        if firstBandRow > 0 { fillRows(0, firstBandRow, colour: skyColor, canvas, width: width) }
        for row in firstBandRow..<rows {
            let above = horizon - (Double(row) + 0.5) / ratio
            guard above > 0 else { continue }
            let t = above < band ? (1 - above / band) * (1 - above / band) : 0
            fillRows(row, row + 1, colour: .mix(skyColor, horizonColor, t), canvas, width: width)
        }
    }

    private static func fillRows(_ first: Int, _ end: Int, colour: PremultipliedColor, _ canvas: Canvas, width: Double) {
        let ratio = canvas.pixelRatio
        let rectangle = CanvasPath.rectangle(left: 0, top: Double(first) / ratio, right: width, bottom: Double(end) / ratio)
        canvas.fill(rectangle, color: colour.canvasColor, antialias: false)
    }
}
