import Foundation
import MapWireFormats
import MapWireServeInput

/// Turns a renderer's PNG into the answer: the margin cropped away, encoded in the asked format.
public enum ImageCrop {
    public static func finish(png: Data, margin: Int, width: Int, height: Int, format: ServeImageFormat) throws -> Data {
        if margin == 0, format == .png {
            return png
        }
        // A renderer's PNG (8-bit RGB or RGBA) is cropped row by row and written at zlib level 1 without
        // row filters, as the renderer wrote it: decoding it to RGBA and encoding it back at libpng's
        // defaults took as long as drawing the tile.
        if format == .png, let cropped = try ImageEncoder.pngCrop(png, x: margin, y: margin, width: width, height: height) {
            return cropped
        }
        var image = try ImageDecoder.decode(png)
        if margin > 0 || image.width != width || image.height != height {
            image = crop(image, x: margin, y: margin, width: min(width, image.width - margin), height: min(height, image.height - margin))
        }
        switch format {
        case .png: return try ImageEncoder.png(image)
        case .jpg: return try ImageEncoder.jpeg(image, quality: 85)
        case .webp: return try ImageEncoder.webp(image, lossless: false, quality: 85)
        }
    }

    static func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let rowBytes = width * 4
        for row in 0..<height {
            let from = ((y + row) * image.width + x) * 4
            out.pixels.replaceSubrange(row * rowBytes..<(row + 1) * rowBytes, with: image.pixels[from..<from + rowBytes])
        }
        return out
    }
}
