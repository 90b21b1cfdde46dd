import Foundation
import MapEngine
import MapWireProtocol

/// Added style images that frames stopped using: a plugin with role "style-image-remover" decides
/// whether they go (MGLMapViewDelegate's shouldRemoveStyleImage). Without one, or without an answer in time,
/// the image is kept (CoreSession+Requests.swift): removing it is then the client's call.
extension CoreSession {
    func askWhetherToRemove(_ imageID: String) {
        addRequest(role: PluginRole.styleImageRemover, purpose: .styleImageQuestion(imageID: imageID),
                   policy: configuration.decisionPolicy(timeoutMillis: configuration.styleImageQuestionTimeoutMilliseconds)) {
            $0.shouldRemoveStyleImage = .with { $0.id = imageID }
        }
        dispatchWaiting()
    }
}
