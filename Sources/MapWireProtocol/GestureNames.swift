/// Documented names of the gesture enums (the rule of DocumentedNames.swift) and the `gesture` event's
/// JSON: what `mapwire monitor --format json` prints and what `mapwire send gesture` accepts.
extension Mapwire_V1_GestureKind: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .pan: "pan"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .twoFingerPan: "two-finger-pan"
        case .twoFingerTap: "two-finger-tap"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_GesturePhase: DocumentedEnum {
    public var documentedName: String {
        switch self {
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .unspecified, .UNRECOGNIZED: "unspecified"
        }
    }
}

extension Mapwire_V1_GestureEvent {
    public var documentedJSON: JSONValue {
        .object([
            JSONMember("kind", .string(kind.documentedName)),
            JSONMember("phase", .string(phase.documentedName)),
            JSONMember("location", location.documentedJSON),
            JSONMember("translation", translation.documentedJSON),
            JSONMember("scale", .number(scale)),
            JSONMember("degrees", .number(degrees)),
            JSONMember("handled-by", .string(handledBy)),
            JSONMember("camera-vetoed", .bool(cameraVetoed)),
        ])
    }
}

extension Mapwire_V1_ScreenPoint {
    public var documentedJSON: JSONValue {
        .object([JSONMember("x", .number(x)), JSONMember("y", .number(y))])
    }
}
