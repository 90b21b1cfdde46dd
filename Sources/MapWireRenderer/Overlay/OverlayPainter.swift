import MapWireCanvas

/// Draws a frame's overlay above every style layer: annotations, then the puck, then the callout.
enum OverlayPainter {
    /// Returns the style image names annotations drew (so the core keeps them) and those they asked for
    /// that the frame lacks (drawn as pins).
    static func paint(_ overlay: SceneOverlay, _ context: PaintContext, pins: PinStamps) -> AnnotationPainter.Images {
        guard !overlay.isEmpty else { return AnnotationPainter.Images() }
        let projection = OverlayProjection(transform: context.transform)
        let images = AnnotationPainter.paint(overlay.annotations, projection: projection, sprite: context.scene.sprite, pins: pins,
                                              canvas: context.canvas)
        if let puck = overlay.puck {
            PuckPainter.paint(puck, projection: projection, bearing: context.transform.camera.bearing, canvas: context.canvas)
        }
        if let callout = overlay.callout {
            CalloutPainter.paint(callout, text: OverlayText(glyphs: context.scene.glyphs, canvas: context.canvas), canvas: context.canvas)
        }
        return images
    }
}
