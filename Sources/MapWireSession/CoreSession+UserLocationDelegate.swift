import Foundation
import MapEngine
import MapWireProtocol

/// The annotation delegate's questions about the user-location puck (PROTOCOL.md 7.10): how it looks and
/// where it sits in follow modes, asked when a delegate registers and when the viewport's size changes.
extension CoreSession {
    /// DescribeUserLocation, with the viewport's size and the padding follow modes use.
    func askAboutUserLocation() {
        guard registry.has(role: PluginRole.annotationDelegate) else { return }
        let size = map.size
        let padding = tracking.mode.followPuck?.padding ?? .zero
        addRequest(role: PluginRole.annotationDelegate, purpose: .userLocationQuestion,
                   policy: decisionPolicy(timeoutMillis: configuration.annotationQuestionTimeoutMilliseconds)) {
            $0.describeUserLocation = .with {
                $0.width = UInt32(clamping: size.width)
                $0.height = UInt32(clamping: size.height)
                $0.padding = .with { $0.top = padding.top; $0.left = padding.left; $0.bottom = padding.bottom; $0.right = padding.right }
            }
        }
        dispatchWaiting()
    }

    /// The puck's colours and the anchor point; without an answer in time, the defaults.
    func userLocationDescribed(_ outcome: RequestOutcome) {
        var colors = PuckColors.defaults
        var anchor: ScreenPoint?
        if case .answered(let reply, _, _) = outcome {
            if case .userLocationDescription(let description) = reply.kind {
                if description.hasStyle {
                    let s = description.style
                    let resolved = PuckColors.resolved(fill: s.puckFillColor, halo: s.haloColor, accuracyRing: s.accuracyRingColor,
                                                       headingArrow: s.headingArrowColor, isColor: AnnotationMachine.isCSSColor)
                    colors = resolved.colors
                    if !resolved.problems.isEmpty {
                        logger.warning("the annotation delegate's puck style has bad colours, defaults used for them: \(resolved.problems.joined(separator: "; "))")
                    }
                }
                if description.hasAnchorPoint {
                    let p = description.anchorPoint
                    if p.x.isFinite, p.y.isFinite { anchor = ScreenPoint(x: p.x, y: p.y) }
                    else { logger.warning("the annotation delegate's anchor point is not finite: the padded centre is used") }
                }
            } else {
                logger.warning("the annotation delegate answered DescribeUserLocation with another kind of reply: defaults used")
            }
        } else if case .failed(let why) = outcome {
            logger.notice("no answer to DescribeUserLocation: defaults used (\(why))")
        }
        puckColors = colors
        if viewport.puckAnchor != anchor {
            viewport.puckAnchor = anchor
            // A follow mode moves its focus to the new anchor now.
            tickViewport(now: now)
        }
        onMap { $0.requestRepaint() }
    }

    /// A plugin with the role registered: it is asked about everything there is.
    func annotationDelegateRegistered() {
        askAboutUserLocation()
        route(annotations.delegateRegistered())
    }

    /// The puck, when the location is shown and known. Its arrow follows the course in follow-with-course,
    /// else the compass heading (the course when the device gives no heading); no arrow without either.
    var userLocationPuck: Mapwire_V1_UserLocationPuck? {
        guard tracking.showsUserLocation, let location = viewport.location else { return nil }
        let arrow = tracking.mode == .followWithCourse ? location.course ?? location.heading : location.heading ?? location.course
        let colors = puckColors
        return .with {
            $0.coordinate = location.coordinate.protocolLngLat
            $0.accuracyMeters = max(0, location.accuracy ?? 0)
            if let arrow { $0.headingDegrees = arrow }
            $0.style = .with {
                $0.puckFillColor = colors.fill
                $0.haloColor = colors.halo
                $0.accuracyRingColor = colors.accuracyRing
                $0.headingArrowColor = colors.headingArrow
            }
        }
    }
}
