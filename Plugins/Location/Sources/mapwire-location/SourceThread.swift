import Foundation
import Logging
import MapWireLocation
import MapWireProcess

/// What the source thread does: replay a file with its recorded timing, or follow gpsd.
struct SourceJob {
    var spec: LocationSourceSpec
    var speedFactor: Double
    var routeSpeed: Double
    var loop: Bool
    var logger: Logger

    func run(sender: LocationSender, stop: StopFlag) {
        sender.waitForCore { stop.isStopped }
        switch spec {
        case .gpsd(let host, let port):
            follow(GPSDFollower(host: host, port: port), sender: sender, stop: stop)
        case .gpx, .nmea, .route:
            replay(sender: sender, stop: stop)
        }
    }

    private func replay(sender: LocationSender, stop: StopFlag) {
        let recorded: RecordedFixes
        do { recorded = try RecordedFixes.load(spec, routeSpeed: routeSpeed) } catch {
            // A broken file is the source failing, not the plugin: say so and stay registered.
            sender.fail(error.description)
            sender.authorize(.unusable)
            return
        }
        for note in recorded.notes { logger.warning("\(note)") }
        // Said at start, before the first fix's wait (fixes that follow report only a change).
        if let first = recorded.fixes.first { sender.authorize(.delivering(first)) }
        let delays = ReplayClock(speedFactor: speedFactor).delays(for: recorded.fixes)
        logger.info("replaying", metadata: ["source": "\(spec)", "fixes": "\(recorded.fixes.count)", "speed": "\(speedFactor)"])
        repeat {
            // Each wait is measured from the replay's start, so send times do not drift.
            let start = Date()
            var due = 0.0
            for (fix, delay) in zip(recorded.fixes, delays) {
                due += delay
                sleep(seconds: due - Date().timeIntervalSince(start)) { stop.isStopped }
                if stop.isStopped { return }
                sender.send(fix)
            }
            logger.info("replay finished", metadata: ["fixes": "\(recorded.fixes.count)"])
        } while loop && !stop.isStopped
    }

    private func follow(_ follower: GPSDFollower, sender: LocationSender, stop: StopFlag) {
        logger.info("following gpsd", metadata: ["host": "\(follower.host)", "port": "\(follower.port)"])
        follower.run(isStopped: { stop.isStopped }) { event in
            switch event {
            case .connected: logger.info("connected to gpsd")
            case .unreachable: sender.authorize(.unusable)
            case .fix(let fix): sender.send(fix)
            case .failure(let why): sender.fail(why)
            case .satellites(let used, let visible): logger.debug("satellites", metadata: ["used": "\(used)", "visible": "\(visible)"])
            case .stillUnreachable(let attempts): logger.info("gpsd still unreachable", metadata: ["attempts": "\(attempts)"])
            }
        }
    }
}
