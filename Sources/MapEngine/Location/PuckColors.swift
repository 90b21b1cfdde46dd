/// The colours of the default user-location puck (MGLMapViewDelegate's
/// `mapViewStyleForDefaultUserLocationAnnotationView`):
/// the delegate's answers, checked, over the defaults (a blue dot with a translucent halo and accuracy ring,
/// a blue heading arrow; the renderer draws the white border).
public struct PuckColors: Equatable, Sendable {
    public var fill: String
    public var halo: String
    public var accuracyRing: String
    public var headingArrow: String

    public static let defaults = PuckColors(fill: "#1E90FF", halo: "rgba(30, 144, 255, 0.3)",
                                            accuracyRing: "rgba(30, 144, 255, 0.15)", headingArrow: "#1E90FF")

    public init(fill: String, halo: String, accuracyRing: String, headingArrow: String) {
        self.fill = fill
        self.halo = halo
        self.accuracyRing = accuracyRing
        self.headingArrow = headingArrow
    }

    /// Each non-empty answer that `isColor` accepts replaces its default; the others are named in `problems`.
    public static func resolved(fill: String, halo: String, accuracyRing: String, headingArrow: String,
                                isColor: (String) -> Bool) -> (colors: PuckColors, problems: [String]) {
        var result = defaults
        var problems: [String] = []
        func take(_ answer: String, _ name: String, _ field: WritableKeyPath<PuckColors, String>) {
            guard !answer.isEmpty else { return }
            if isColor(answer) { result[keyPath: field] = answer } else { problems.append("\(name) \(answer.debugDescription) is not a CSS colour") }
        }
        take(fill, "puck fill colour", \.fill)
        take(halo, "halo colour", \.halo)
        take(accuracyRing, "accuracy ring colour", \.accuracyRing)
        take(headingArrow, "heading arrow colour", \.headingArrow)
        return (result, problems)
    }
}
