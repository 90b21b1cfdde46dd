
/// How a paint or layout property's value is read, from its name (style specification v8).
public enum PropertyKinds {
    public static func kind(of name: String) -> StylePropertyKind {
        if let known = known[name] { return known }
        if name.hasSuffix("-color") { return .color }
        // Before the enumerations: "-ignore-placement" also ends in "-placement".
        if name.hasSuffix("-allow-overlap") || name.hasSuffix("-ignore-placement") || name.hasSuffix("-optional")
            || name.hasSuffix("-keep-upright") || name.hasSuffix("-antialias") || name.hasSuffix("-avoid-edges") {
            return .bool
        }
        if name.hasSuffix("-translate") || name.hasSuffix("-offset") && name != "line-offset" { return .numberArray }
        if name.hasSuffix("-anchor") || name.hasSuffix("-alignment") || name.hasSuffix("-placement")
            || name.hasSuffix("-transform") || name.hasSuffix("-justify") || name.hasSuffix("-cap")
            || name.hasSuffix("-join") || name.hasSuffix("-resampling") || name == "visibility" || name.hasSuffix("-fit") || name.hasSuffix("-scale") && name.hasPrefix("circle-pitch") {
            return .enumeration
        }
        return .number
    }

    private static let known: [String: StylePropertyKind] = [
        "text-field": .formatted, "icon-image": .resolvedImage, "fill-pattern": .resolvedImage,
        "line-pattern": .resolvedImage, "background-pattern": .resolvedImage, "fill-extrusion-pattern": .resolvedImage,
        "line-dasharray": .numberArray, "text-font": .array, "text-variable-anchor": .array, "text-variable-anchor-offset": .array,
        "text-writing-mode": .array, "icon-text-fit-padding": .numberArray, "icon-padding": .padding,
        "line-offset": .number, "symbol-sort-key": .number, "fill-sort-key": .number, "line-sort-key": .number,
        "circle-sort-key": .number, "light-position": .numberArray, "text-radial-offset": .number,
        "fill-extrusion-vertical-gradient": .bool,
        "hillshade-method": .enumeration, "resampling": .enumeration,
        "hillshade-illumination-direction": .numberList, "hillshade-illumination-altitude": .numberList,
        "hillshade-shadow-color": .colorList, "hillshade-highlight-color": .colorList,
        "line-gradient": .color,
        "text-overlap": .enumeration, "icon-overlap": .enumeration,
    ]
}
