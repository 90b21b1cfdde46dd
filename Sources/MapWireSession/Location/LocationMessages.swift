import MapEngine
import MapWireProtocol

/// The user location between the protocol's messages and the engine's values.
extension Mapwire_V1_UserTrackingMode {
    init(_ mode: UserTrackingMode) {
        self = switch mode {
        case .none: .none
        case .follow: .follow
        case .followWithHeading: .followWithHeading
        case .followWithCourse: .followWithCourse
        }
    }

    /// nil for unspecified or unknown values.
    var engineMode: UserTrackingMode? {
        switch self {
        case .none: UserTrackingMode.none
        case .follow: .follow
        case .followWithHeading: .followWithHeading
        case .followWithCourse: .followWithCourse
        case .unspecified, .UNRECOGNIZED: nil
        }
    }
}

extension Mapwire_V1_UpdateLocation {
    /// The event form of a fix; an unset timestamp becomes `defaultTimestamp` (when it arrived).
    func userLocation(defaultTimestamp: Int64) -> Mapwire_V1_UserLocation {
        .with {
            $0.latitude = latitude
            $0.longitude = longitude
            if hasAltitude { $0.altitude = altitude }
            if hasHorizontalAccuracy { $0.horizontalAccuracy = horizontalAccuracy }
            if hasCourse { $0.course = course }
            if hasSpeed { $0.speed = speed }
            if hasHeading { $0.heading = heading }
            $0.timestampUnixNanos = timestampUnixNanos == 0 ? defaultTimestamp : timestampUnixNanos
        }
    }
}

extension Mapwire_V1_LocationAuthorizationStatus {
    /// False for unspecified and values this core does not know.
    var isKnown: Bool {
        switch self {
        case .notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse: true
        case .unspecified, .UNRECOGNIZED: false
        }
    }
}

extension Mapwire_V1_LocationAccuracyAuthorization {
    /// False for unspecified and values this core does not know.
    var isKnown: Bool {
        switch self {
        case .full, .reduced: true
        case .unspecified, .UNRECOGNIZED: false
        }
    }
}
