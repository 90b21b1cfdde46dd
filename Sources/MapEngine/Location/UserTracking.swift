/// How the camera follows the user's location (MapLibre's MGLUserTrackingMode, as MGLMapViewDelegate
/// reports its changes).
public enum UserTrackingMode: Equatable, Sendable, CaseIterable {
    case none
    case follow
    case followWithHeading
    case followWithCourse

    /// The follow-puck state a following mode drives: current zoom and pitch kept, the bearing from the
    /// mode (left alone, the compass heading, the direction of travel). nil for `.none`.
    public var followPuck: FollowPuckOptions? {
        switch self {
        case .none: nil
        case .follow: FollowPuckOptions(zoom: nil, pitch: nil, bearing: .none)
        case .followWithHeading: FollowPuckOptions(zoom: nil, pitch: nil, bearing: .heading)
        case .followWithCourse: FollowPuckOptions(zoom: nil, pitch: nil, bearing: .course)
        }
    }
}

/// Whether the map shows the user's location and how it tracks it, as a pure state machine: each call
/// returns the user-location events it causes, in order. The core applies the viewport side.
public struct UserTracking: Equatable, Sendable {
    public enum Event: Equatable, Sendable {
        case willStartLocating
        case didStopLocating
        case modeChanged(UserTrackingMode, animated: Bool)
    }

    public private(set) var showsUserLocation = false
    public private(set) var mode: UserTrackingMode = .none

    public init() {}

    /// Turning it off also ends tracking: there is nothing left to follow.
    public mutating func setShowsUserLocation(_ shows: Bool) -> [Event] {
        guard shows != showsUserLocation else { return [] }
        if shows {
            showsUserLocation = true
            return [.willStartLocating]
        }
        let ended = endTracking()
        showsUserLocation = false
        return ended + [.didStopLocating]
    }

    /// A following mode shows the location first when it was not shown (as GL map views do).
    public mutating func setMode(_ newMode: UserTrackingMode, animated: Bool) -> [Event] {
        guard newMode != mode else { return [] }
        var events = newMode == .none ? [] : setShowsUserLocation(true)
        mode = newMode
        events.append(.modeChanged(newMode, animated: animated))
        return events
    }

    /// Someone else took the camera (a gesture, a camera command, another viewport state): tracking ends.
    public mutating func endTracking() -> [Event] {
        guard mode != .none else { return [] }
        mode = .none
        return [.modeChanged(.none, animated: false)]
    }
}
