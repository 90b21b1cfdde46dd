import ArgumentParser
import MapWireProtocol

/// `mapwire send show-location`, `tracking-mode`, `location-failure` and `location-authorization`: the
/// user-location commands.
extension SendCommand {
    struct ShowLocation: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show-location", abstract: "Show (on) or stop showing (off) the user's location.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "on or off") var state: String
        func run() throws {
            guard state == "on" || state == "off" else { throw ValidationError("say on or off") }
            try deliver(.setShowsUserLocation(.with { $0.shows = state == "on" }), runDirectory: runDirectory)
        }
    }

    struct TrackingMode: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tracking-mode", abstract: "Set how the camera tracks the user's location.")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "none, follow, follow-with-heading or follow-with-course") var mode: String
        @Flag(help: "Move into the mode with the viewport's default transition.") var animated = false
        func run() throws {
            guard let value = Mapwire_V1_UserTrackingMode(documentedName: mode), value != .unspecified else {
                throw ValidationError("mode must be none, follow, follow-with-heading or follow-with-course")
            }
            try deliver(.setTrackingMode(.with { $0.mode = value; $0.animated = animated }), runDirectory: runDirectory)
        }
    }

    struct LocationFailure: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "location-failure", abstract: "Report that the location source failed (did-fail-to-locate-user).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "Why.") var error: String
        func run() throws {
            try deliver(.reportLocationFailure(.with { $0.error = error }), runDirectory: runDirectory)
        }
    }

    struct LocationAuthorization: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "location-authorization",
            abstract: "Report the location source's authorization (did-change-location-manager-authorization, on a change).")
        @OptionGroup var runDirectory: RunDirectoryOptions
        @Argument(help: "not-determined, restricted, denied, authorized-always or authorized-when-in-use") var status: String
        @Option(help: "full or reduced") var accuracy = "full"
        func run() throws {
            guard let value = Mapwire_V1_LocationAuthorizationStatus(documentedName: status), value != .unspecified else {
                throw ValidationError("status must be not-determined, restricted, denied, authorized-always or authorized-when-in-use")
            }
            guard let precision = Mapwire_V1_LocationAccuracyAuthorization(documentedName: accuracy), precision != .unspecified else {
                throw ValidationError("--accuracy must be full or reduced")
            }
            try deliver(.reportLocationAuthorization(.with { $0.status = value; $0.accuracy = precision }), runDirectory: runDirectory)
        }
    }
}
