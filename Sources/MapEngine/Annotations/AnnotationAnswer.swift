/// One annotation's answers from the delegate before they are checked: every field optional, nil for a
/// question it did not answer (PROTOCOL.md 7.10, AnnotationDescription).
public struct AnnotationAnswer: Equatable, Sendable {
    public enum Image: Equatable, Sendable {
        case styleImage(String)
        case png([UInt8], pixelRatio: Double)
    }

    public var image: Image?
    public var alpha: Double?
    public var strokeColor: String?
    public var fillColor: String?
    public var lineWidth: Double?
    public var shapeEnabled: Bool?
    public var canShowCallout: Bool?
    public var callout: CalloutText?
}

extension AnnotationAnswer {
    /// No answers yet, to fill in field by field. (Not a public memberwise initializer: Swift's own
    /// serves this module and its tests, and a second copy of AnnotationAppearance's would be kept in step by hand.)
    public static let unanswered = AnnotationAnswer()
}

extension AnnotationAppearance {
    /// A PNG answer's largest size: the overlay carries each annotation's image, so many annotations with a
    /// large PNG would make frames huge (name a style image for those).
    public static let maxPNGBytes = 256 * 1024

    /// The appearance an answer gives: each answered field that is valid replaces its default; a bad
    /// one (a colour `isColor` refuses, alpha outside 0...1, a negative or non-finite width, an image that
    /// is not a PNG or has a bad pixel ratio) keeps the default and is named in `problems`.
    public static func resolved(_ answer: AnnotationAnswer, tint: String, isColor: (String) -> Bool)
        -> (appearance: AnnotationAppearance, problems: [String]) {
        var result = defaults(tint: tint)
        var problems: [String] = []
        switch answer.image {
        case .styleImage(let name)?:
            if name.isEmpty { problems.append("an empty style image name") } else { result.image = .styleImage(name) }
        case .png(let bytes, let ratio)?:
            let pixelRatio = ratio == 0 ? 1 : ratio
            if !pixelRatio.isFinite || pixelRatio <= 0 || pixelRatio > 8 {
                problems.append("pixel ratio \(ratio) outside 0...8")
            } else if bytes.count > maxPNGBytes {
                problems.append("a PNG of \(bytes.count) bytes (at most \(maxPNGBytes))")
            } else if let png = PNGImage(bytes: bytes, pixelRatio: pixelRatio) {
                result.image = .png(png)
            } else {
                problems.append("an image that is not a PNG")
            }
        case nil: break
        }
        if let alpha = answer.alpha {
            if alpha.isFinite, (0...1).contains(alpha) { result.alpha = alpha } else { problems.append("alpha \(alpha) outside 0...1") }
        }
        if let color = answer.strokeColor {
            if isColor(color) { result.strokeColor = color } else { problems.append("stroke colour \(color.debugDescription) is not a CSS colour") }
        }
        if let color = answer.fillColor {
            if isColor(color) { result.fillColor = color } else { problems.append("fill colour \(color.debugDescription) is not a CSS colour") }
        }
        if let width = answer.lineWidth {
            if width.isFinite, width >= 0 { result.lineWidth = width } else { problems.append("line width \(width) is negative or not finite") }
        }
        if let enabled = answer.shapeEnabled { result.shapeEnabled = enabled }
        if let can = answer.canShowCallout { result.canShowCallout = can }
        if let callout = answer.callout { result.callout = callout }
        return (result, problems)
    }
}
