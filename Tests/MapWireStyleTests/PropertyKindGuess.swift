@testable import MapWireStyle

/// Guesses a property's kind from its name, for parsing whole styles in tests without the full
/// property table of the specification.
enum PropertyKindGuess {
    private static let exact: [String: StylePropertyKind] = [
        "text-field": .formatted, "icon-image": .resolvedImage, "line-dasharray": .numberArray,
        "text-font": .array, "icon-padding": .padding, "text-variable-anchor": .array,
        "text-writing-mode": .array, "text-radial-offset": .number, "visibility": .enumeration,
        "line-gradient": .color, "heatmap-color": .color, "text-padding": .number,
    ]

    private static let suffixes: [(String, StylePropertyKind)] = [
        ("-color", .color), ("-pattern", .resolvedImage), ("-translate", .numberArray), ("-offset", .numberArray),
        ("-anchor", .enumeration), ("-alignment", .enumeration),
        ("-allow-overlap", .bool), ("-ignore-placement", .bool), ("-optional", .bool), ("-keep-upright", .bool),
        ("-antialias", .bool), ("-avoid-edges", .bool), ("-vertical-gradient", .bool),
        ("-opacity", .number), ("-width", .number), ("-radius", .number), ("-blur", .number), ("-size", .number),
        ("-spacing", .number), ("-height", .number), ("-base", .number), ("-angle", .number), ("-rotate", .number),
        ("-intensity", .number), ("-weight", .number), ("-contrast", .number), ("-saturation", .number),
        ("-brightness-min", .number), ("-brightness-max", .number), ("-duration", .number), ("-limit", .number),
        ("-sort-key", .number), ("-exaggeration", .number), ("-padding", .number), ("-rotation", .number),
        ("-direction", .number), ("-resampling", .enumeration),
    ]

    static func kind(for name: String) -> StylePropertyKind {
        if let kind = exact[name] { return kind }
        for (suffix, kind) in suffixes where name.hasSuffix(suffix) { return kind }
        return .enumeration
    }
}
