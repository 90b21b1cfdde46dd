import Foundation
import MapEngine
import MapWireProtocol
import MapWireStyle

/// The annotation delegate (role "annotation-delegate", PROTOCOL.md 7.10) is asked how annotations look once
/// each (when added, or for every annotation when a delegate registers), in batches under the message
/// limit. Answers are kept; never asked per frame.
extension AnnotationMachine {
    /// Asks about `ids` (annotations in the store), when a delegate is there to answer. They are not drawn
    /// while asked: the first frame that shows them has the delegate's look, or the defaults once the
    /// deadline passed.
    mutating func describe(_ ids: [String], delegatePresent: Bool) -> [Output] {
        guard delegatePresent, !ids.isEmpty else { return [] }
        let budget = max(1024, batchBytes)
        var outputs: [Output] = []
        var batch: [Mapwire_V1_Annotation] = []
        var batchBytes = 0
        func flush() {
            guard !batch.isEmpty else { return }
            store.beginAsking(batch.map(\.id))
            outputs.append(.describe(batch))
            batch = []
            batchBytes = 0
        }
        for id in ids {
            guard let annotation = store.annotation(id)?.protocolValue else { continue }
            // A repeated field costs its bytes plus a tag and a length (at most 6 bytes).
            let bytes = ((try? annotation.serializedBytes() as Data)?.count ?? 0) + 6
            if batchBytes + bytes > budget { flush() }
            batch.append(annotation)
            batchBytes += bytes
        }
        flush()
        return outputs
    }

    /// A delegate registered: it is asked about every annotation there is.
    mutating func delegateRegistered() -> [Output] {
        describe(store.annotations.map(\.id), delegatePresent: true)
    }

    /// The delegate's answer to one batch (or none in time: the defaults). Unknown ids and bad
    /// values are logged and left out; nothing here can fail the core.
    mutating func described(_ ids: [String], _ answer: QuestionOutcome) -> [Output] {
        var answers: [String: AnnotationAnswer] = [:]
        switch answer {
        case .answered(.annotationDescriptions(let descriptions)?):
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
        case .answered:
            logger.warning("the annotation delegate answered DescribeAnnotations with another kind of reply: defaults used")
        case .unanswered(let why):
            logger.notice("no annotation delegate answer: defaults used (\(why))", metadata: ["annotations": "\(ids.count)"])
        }
        var bad: [String] = []
        for id in ids {
            guard let answer = answers[id] else {
                store.answered(id, nil)
                continue
            }
            let (appearance, problems) = AnnotationAppearance.resolved(answer, tint: tint, isColor: Self.isCSSColor)
            if !problems.isEmpty { bad.append("\"\(id)\": \(problems.joined(separator: ", "))") }
            store.answered(id, appearance)
        }
        // One line per batch, however many annotations a confused delegate got wrong.
        if !bad.isEmpty {
            logger.warning("the annotation delegate gave bad values for \(bad.count) annotation(s), defaults used for them: \(Self.someOf(bad))")
        }
        return [.repaint]
    }

    /// The first few of a list for a log line, and how many more there are.
    static func someOf(_ items: [String], shown: Int = 3) -> String {
        items.prefix(shown).joined(separator: "; ") + (items.count > shown ? "; and \(items.count - shown) more" : "")
    }

    static func isCSSColor(_ text: String) -> Bool { StyleColor(css: text) != nil }
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
