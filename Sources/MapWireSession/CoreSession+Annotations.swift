import Foundation
import MapEngine
import MapWireGeometry
import MapWireProtocol

/// The session's side of the annotations (AnnotationMachine): the map's view for taps and callouts, and
/// what the machine asks for carried out.
extension CoreSession {
    /// The map as taps and callouts see it now.
    var annotationScene: AnnotationMachine.Scene {
        let map = map
        return AnnotationMachine.Scene(transform: Transform(camera: map.camera, size: map.size), size: map.size,
                                       styleImageSize: { map.styleImageSize(id: $0) })
    }

    var hasAnnotationDelegate: Bool { router.has(role: PluginRole.annotationDelegate) }

    /// Carries out what the annotations asked for, in order.
    func route(_ outputs: [AnnotationMachine.Output]) {
        var asked = false
        for output in outputs {
            switch output {
            case .publish(let payload, let causation):
                publish(payload, causedBy: causation)
            case .describe(let batch):
                addRequest(role: PluginRole.annotationDelegate, purpose: .annotationQuestion(ids: batch.map(\.id)),
                           policy: configuration.decisionPolicy(timeoutMillis: configuration.annotationQuestionTimeoutMilliseconds)) {
                    $0.describeAnnotations = .with { $0.annotations = batch }
                }
                asked = true
            case .repaint:
                onMap { $0.requestRepaint() }
            }
        }
        if asked { dispatchWaiting() }
    }
}
