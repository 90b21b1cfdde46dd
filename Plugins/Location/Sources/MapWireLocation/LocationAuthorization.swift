/// What the location plugin reports as its authorization (MGLMapViewDelegate's
/// `mapViewDidChangeLocationManagerAuthorization:`). A plugin has no user to ask, so the authorization is a
/// pure function of its source's state: a source that cannot be used is `denied`; one that delivers
/// fixes is `authorizedWhenInUse`, with `full` accuracy when the fix carries an accuracy figure (a GPX or
/// NMEA HDOP counts: it becomes `horizontalAccuracy`) and `reduced` when it does not.
public struct LocationAuthorization: Equatable, Sendable, CustomStringConvertible {
    /// CoreLocation's CLAuthorizationStatus values, which MGLLocationManager reports.
    public enum Status: String, Sendable, CaseIterable {
        case notDetermined = "not-determined", restricted, denied
        case authorizedAlways = "authorized-always", authorizedWhenInUse = "authorized-when-in-use"
    }

    /// CLAccuracyAuthorization.
    public enum Accuracy: String, Sendable, CaseIterable {
        case full, reduced
    }

    public var status: Status
    public var accuracy: Accuracy

    public init(status: Status, accuracy: Accuracy) {
        self.status = status
        self.accuracy = accuracy
    }

    /// What a source in `state` is authorized for. No fixes come from an unusable source, so its
    /// accuracy is `reduced`.
    public init(_ state: LocationSourceState) {
        switch state {
        case .unusable: self.init(status: .denied, accuracy: .reduced)
        case .delivering(let fix):
            self.init(status: .authorizedWhenInUse, accuracy: fix.horizontalAccuracy == nil ? .reduced : .full)
        }
    }

    public var description: String { "\(status.rawValue) \(accuracy.rawValue)" }
}

/// What the plugin knows about its source when the authorization is decided.
public enum LocationSourceState: Equatable, Sendable {
    /// The file cannot be read or holds no fix; gpsd refuses the connection or cannot be reached.
    case unusable
    /// The source delivered this fix.
    case delivering(LocationFix)
}

/// Says the authorization at the first observation and whenever it changes, never for a repeat.
public struct LocationAuthorizationTracker: Sendable {
    public private(set) var last: LocationAuthorization?

    public init() {}

    /// The authorization to report after seeing `state`, or nil when it is the one already reported.
    public mutating func observe(_ state: LocationSourceState) -> LocationAuthorization? {
        let now = LocationAuthorization(state)
        guard now != last else { return nil }
        last = now
        return now
    }
}
