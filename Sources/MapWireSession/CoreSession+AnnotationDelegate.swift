import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol
import MapWireStyle

/// The annotation delegate (role "annotation-delegate", PROTOCOL.md 7.10): asked how annotations look once
/// each (when added, or for every annotation when a delegate registers), in batches under the message limit,
/// with the 50 ms decision deadline; and how the user-location puck looks and where it sits in follow modes
/// (when a delegate registers and when the viewport's size changes). Answers are kept; never asked per frame.
extension CoreSession {
    /// Asks about `ids` (annotations in the store). They are not drawn while asked: the first frame that
    /// shows them has the delegate's look, or the defaults once the deadline passed.
    func askAboutAnnotations(_ ids: [String]) {
        guard registry.has(role: PluginRole.annotationDelegate), !ids.isEmpty else { return }
        let budget = max(1024, configuration.annotationBatchBytes)
        var batch: [Mapwire_V1_Annotation] = []
        var batchBytes = 0
        func flush() {
            guard !batch.isEmpty else { return }
            let asked = batch
            annotations.beginAsking(asked.map(\.id))
            addRequest(role: PluginRole.annotationDelegate, purpose: .annotationQuestion(ids: asked.map(\.id)),
                       policy: decisionPolicy(timeoutMillis: configuration.annotationQuestionTimeoutMilliseconds)) {
                $0.describeAnnotations = .with { $0.annotations = asked }
            }
            batch = []
            batchBytes = 0
        }
        for id in ids {
            guard let annotation = annotations.annotation(id)?.protocolValue else { continue }
            // A repeated field costs its bytes plus a tag and a length (at most 6 bytes).
            let bytes = ((try? annotation.serializedBytes() as Data)?.count ?? 0) + 6
            if batchBytes + bytes > budget { flush() }
            batch.append(annotation)
            batchBytes += bytes
        }
        flush()
        dispatchWaiting()
    }

    /// The delegate's answer to one batch, or its absence (defaults). Unknown ids and bad values are
    /// logged and left out; nothing here can fail the core.
    func annotationsDescribed(_ ids: [String], _ outcome: RequestOutcome) {
        var answers: [String: AnnotationAnswer] = [:]
        switch outcome {
        case .answered(let reply, _, _):
            guard case .annotationDescriptions(let descriptions) = reply.kind else {
                logger.warning("the annotation delegate answered DescribeAnnotations with another kind of reply: defaults used")
                break
            }
            let asked = Set(ids)
            var unknown: [String] = []
            for description in descriptions.descriptions {
                guard asked.contains(description.id) else { unknown.append(description.id); continue }
                // The first description of an id counts.
                if answers[description.id] == nil { answers[description.id] = description.engineAnswer }
            }
            if !unknown.isEmpty {
                logger.warning("the annotation delegate described \(unknown.count) annotation(s) it was not asked about, ignored: \(Self.someOf(unknown.map(\.debugDescription)))")
            }
        case .failed(let why):
            logger.notice("no annotation delegate answer: defaults used (\(why))", metadata: ["annotations": "\(ids.count)"])
        }
        let tint = configuration.annotationTint
        var bad: [String] = []
        for id in ids {
            guard let answer = answers[id] else {
                annotations.answered(id, nil)
                continue
            }
            let (appearance, problems) = AnnotationAppearance.resolved(answer, tint: tint, isColor: Self.isCSSColor)
            if !problems.isEmpty { bad.append("\"\(id)\": \(problems.joined(separator: ", "))") }
            annotations.answered(id, appearance)
        }
        // One line per batch, however many annotations a confused delegate got wrong.
        if !bad.isEmpty {
            logger.warning("the annotation delegate gave bad values for \(bad.count) annotation(s), defaults used for them: \(Self.someOf(bad))")
        }
        map.requestRepaint()
    }

    /// The first few of a list for a log line, and how many more there are.
    static func someOf(_ items: [String], shown: Int = 3) -> String {
        items.prefix(shown).joined(separator: "; ") + (items.count > shown ? "; and \(items.count - shown) more" : "")
    }

    static func isCSSColor(_ text: String) -> Bool { StyleColor(css: text) != nil }

    // MARK: The user location

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
                                                       headingArrow: s.headingArrowColor, isColor: Self.isCSSColor)
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
        map.requestRepaint()
    }

    /// A plugin with the role registered: it is asked about everything there is.
    func annotationDelegateRegistered() {
        askAboutUserLocation()
        askAboutAnnotations(annotations.annotations.map(\.id))
    }
}

extension Mapwire_V1_AnnotationDescription {
    /// The engine's form, every question the description leaves unset nil.
    var engineAnswer: AnnotationAnswer {
        var answer = AnnotationAnswer.unanswered
        if hasImage {
            switch image.source {
            case .styleImage(let name): answer.image = .styleImage(name)
            case .png(let bytes): answer.image = .png([UInt8](bytes), pixelRatio: image.pixelRatio)
            case nil: break
            }
        }
        if hasAlpha { answer.alpha = alpha }
        if hasStrokeColor { answer.strokeColor = strokeColor }
        if hasFillColor { answer.fillColor = fillColor }
        if hasLineWidth { answer.lineWidth = lineWidth }
        if hasShapeEnabled { answer.shapeEnabled = shapeEnabled }
        if hasCanShowCallout { answer.canShowCallout = canShowCallout }
        if hasCallout {
            answer.callout = CalloutText(title: callout.title, subtitle: callout.subtitle,
                                         leftAccessory: callout.leftAccessory, rightAccessory: callout.rightAccessory)
        }
        return answer
    }
}
