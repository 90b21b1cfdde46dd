import MapWireGeometry

/// How one annotation looks and behaves, the annotation delegate's answers resolved against
/// MGLMapViewDelegate's defaults (PROTOCOL.md 7.10). Kept per annotation by the store; asked once, never per frame.
public struct AnnotationAppearance: Equatable, Sendable {
    /// Points: the image (nil: the annotation's own image name, or the built-in pin).
    public var image: AnnotationImageSource?
    public var alpha: Double
    /// CSS colours, as the delegate gave them (checked) or the map's tint colour.
    public var strokeColor: String
    public var fillColor: String
    /// Points.
    public var lineWidth: Double
    /// Shapes: whether a tap can select it.
    public var shapeEnabled: Bool
    public var canShowCallout: Bool
    /// What the callout shows (nil: the annotation's title and subtitle, no accessories).
    public var callout: CalloutText?

    public init(image: AnnotationImageSource? = nil, alpha: Double = 1, strokeColor: String, fillColor: String,
                lineWidth: Double = AnnotationDefaults.lineWidth, shapeEnabled: Bool = true, canShowCallout: Bool = false,
                callout: CalloutText? = nil) {
        self.image = image
        self.alpha = alpha
        self.strokeColor = strokeColor
        self.fillColor = fillColor
        self.lineWidth = lineWidth
        self.shapeEnabled = shapeEnabled
        self.canShowCallout = canShowCallout
        self.callout = callout
    }

    /// MGLMapViewDelegate's defaults: the built-in pin, opaque, stroke and fill in the tint colour, 3 pt lines,
    /// shapes enabled, no callout.
    public static func defaults(tint: String) -> AnnotationAppearance {
        AnnotationAppearance(strokeColor: tint, fillColor: tint)
    }

    /// The text a callout for `annotation` shows with this appearance, or nil when it shows none (not
    /// allowed to, or without a title).
    public func calloutText(for annotation: Annotation) -> CalloutText? {
        guard canShowCallout, !annotation.title.isEmpty else { return nil }
        return callout ?? CalloutText(title: annotation.title, subtitle: annotation.subtitle)
    }
}

/// A point annotation's image as the delegate named it.
public enum AnnotationImageSource: Equatable, Sendable {
    /// A style image (sprite or add-style-image), by name.
    case styleImage(String)
    /// PNG bytes with their device pixels per point.
    case png(PNGImage)
}

/// A PNG answered by the delegate, with its size read from its header.
public struct PNGImage: Equatable, Sendable {
    public let data: [UInt8]
    public let pixelRatio: Double
    public let width: Int
    public let height: Int

    /// nil when the bytes are not a PNG with a readable IHDR.
    public init?(bytes: [UInt8], pixelRatio: Double) {
        guard let size = PNGHeader.size(of: bytes) else { return nil }
        data = bytes
        self.pixelRatio = pixelRatio
        width = size.width
        height = size.height
    }

    /// The size in points: pixels over the pixel ratio.
    public var points: (width: Double, height: Double) { (Double(width) / pixelRatio, Double(height) / pixelRatio) }
}

/// What a callout bubble shows; an empty accessory label means no accessory on that side.
public struct CalloutText: Equatable, Sendable {
    public var title: String
    public var subtitle: String
    public var leftAccessory: String
    public var rightAccessory: String

    public init(title: String, subtitle: String = "", leftAccessory: String = "", rightAccessory: String = "") {
        self.title = title
        self.subtitle = subtitle
        self.leftAccessory = leftAccessory
        self.rightAccessory = rightAccessory
    }
}

/// The width and height a PNG's IHDR chunk declares.
public enum PNGHeader {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The size from the first chunk, which must be a 13-byte IHDR; nil for anything else or a zero size.
    public static func size<Bytes: Collection<UInt8>>(of bytes: Bytes) -> (width: Int, height: Int)? {
        let head = Array(bytes.prefix(24))
        guard head.count == 24, Array(head[0..<8]) == signature, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = be32(16), height = be32(20)
        // The PNG specification limits each side to 2^31 - 1; zero is invalid.
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else { return nil }
        return (width, height)
    }
}
