/// Tells whether a pixel is probably anti-aliasing, after V. Vysniauskas, "Anti-aliased Pixel and Intensity
/// Slope Detector" (2009), as pixelmatch applies it: a pixel that sits between a darker and a brighter
/// neighbour, where that neighbour lies inside a flat area in both images, is an edge's blend pixel.
/// Renderers disagree on such pixels all the time, so they are not counted as differences.
enum AntiAliasingDetector {
    /// `image` is the image the pixel is judged in; `other` is the image it is compared with.
    static func isAntiAliased(_ image: PixelGrid, x: Int, y: Int, other: PixelGrid) -> Bool {
        let centre = image.offset(x, y)
        // Pixels on the image border have fewer neighbours: count the missing side as one equal neighbour.
        var equalNeighbours = image.isOnBorder(x, y) ? 1 : 0
        // The neighbours with the largest brightness step in each direction.
        var brighterStep = 0.0, darkerStep = 0.0
        var brightestAt: (x: Int, y: Int)?, darkestAt: (x: Int, y: Int)?

        for (nx, ny) in image.neighbours(x, y) {
            let delta = YIQColorDistance.brightnessDelta(image.pixels, centre, image.pixels, image.offset(nx, ny))
            if delta == 0 {
                equalNeighbours += 1
                // Three or more equal neighbours: part of a flat area, not an edge.
                if equalNeighbours > 2 { return false }
            } else if delta < brighterStep {
                // centre minus neighbour < 0: the neighbour is brighter.
                brighterStep = delta
                brightestAt = (nx, ny)
            } else if delta > darkerStep {
                darkerStep = delta
                darkestAt = (nx, ny)
            }
        }
        // An edge pixel has both a darker and a brighter neighbour.
        guard let darkestAt, let brightestAt else { return false }
        return (hasManySiblings(image, darkestAt.x, darkestAt.y) && hasManySiblings(other, darkestAt.x, darkestAt.y))
            || (hasManySiblings(image, brightestAt.x, brightestAt.y) && hasManySiblings(other, brightestAt.x, brightestAt.y))
    }

    /// Whether the pixel has three or more neighbours of exactly its colour.
    static func hasManySiblings(_ image: PixelGrid, _ x: Int, _ y: Int) -> Bool {
        let centre = image.offset(x, y)
        var equalNeighbours = image.isOnBorder(x, y) ? 1 : 0
        for (nx, ny) in image.neighbours(x, y) {
            let other = image.offset(nx, ny)
            if image.pixels[centre..<centre + 4].elementsEqual(image.pixels[other..<other + 4]) {
                equalNeighbours += 1
                if equalNeighbours > 2 { return true }
            }
        }
        return false
    }
}
