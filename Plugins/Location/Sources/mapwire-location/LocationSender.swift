import Foundation
import Logging
import MapWireBus
import MapWireClient
import MapWireLocation
import MapWireProtocol

/// Sends what the source produced to the core as commands: update-location per fix,
/// report-location-failure per failure, report-location-authorization when the authorization changes.
/// Made and used on the source thread only.
final class LocationSender {
    private let client: ControlClient
    private let logger: Logger
    private(set) var sent = 0
    private var authorizations = LocationAuthorizationTracker()

    init(endpoint: String, curve: CurveClientKeys?, logger: Logger) throws {
        client = try ControlClient(endpoint: endpoint, curve: curve)
        self.logger = logger
    }

    /// Waits until the core answers a ping, so the first fixes are not sent into the void.
    func waitForCore(isStopped: () -> Bool) {
        while !isStopped() {
            if (try? client.send(.ping(.init()), timeoutMilliseconds: 500))?.ok == true { return }
        }
    }

    /// Sends a fix, after the authorization it implies when that changed (so a map learns it before the
    /// fix, and the first fix of a file gives the report at start).
    func send(_ fix: LocationFix) {
        authorize(.delivering(fix))
        deliver(.updateLocation(.with {
            $0.latitude = fix.latitude
            $0.longitude = fix.longitude
            if let v = fix.altitude { $0.altitude = v }
            if let v = fix.horizontalAccuracy { $0.horizontalAccuracy = v }
            if let v = fix.course { $0.course = v }
            if let v = fix.speed { $0.speed = v }
            if let v = fix.heading { $0.heading = v }
            if let t = fix.timestamp { $0.timestampUnixNanos = Int64((t.timeIntervalSince1970 * 1e9).rounded()) }
        }))
        sent += 1
    }

    /// Reports the authorization `state` implies when it differs from the last one reported.
    func authorize(_ state: LocationSourceState) {
        guard let authorization = authorizations.observe(state) else { return }
        logger.info("location authorization: \(authorization)")
        deliver(.reportLocationAuthorization(.with {
            $0.status = Mapwire_V1_LocationAuthorizationStatus(authorization.status)
            $0.accuracy = authorization.accuracy == .full ? .full : .reduced
        }))
    }

    func fail(_ error: String) {
        logger.error("location source failed: \(error)")
        deliver(.reportLocationFailure(.with { $0.error = error }))
    }

    private func deliver(_ kind: Mapwire_V1_Command.OneOf_Kind) {
        do {
            let reply = try client.send(kind, timeoutMilliseconds: 2000)
            if !reply.ok { logger.warning("the core refused a location command: \(reply.error)") }
        } catch {
            logger.warning("the core did not take a location command: \(error)")
        }
    }
}

extension Mapwire_V1_LocationAuthorizationStatus {
    init(_ status: LocationAuthorization.Status) {
        self = switch status {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorizedAlways: .authorizedAlways
        case .authorizedWhenInUse: .authorizedWhenInUse
        }
    }
}
