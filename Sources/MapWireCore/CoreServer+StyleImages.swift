import Foundation
import MapEngine
import MapWireProtocol
import MapWirePluginKit

/// Added style images that frames stopped using: a plugin with role "style-image-remover" decides
/// whether they go (seed 004 shouldRemoveStyleImage). Without one, or without an answer in time,
/// the image is kept: removing it is then the client's call (remove-style-image).
extension CoreServer {
    static let imageQuestionTimeoutMilliseconds: Int64 = 50

    func askWhetherToRemove(_ imageID: String) {
        guard let plugin = registry.next(for: PluginRole.styleImageRemover) else { return }
        let id = takeControlID()
        imageQuestions[id] = (imageID, monotonicMillis() + Self.imageQuestionTimeoutMilliseconds)
        send(.with {
            $0.request = .with {
                $0.id = id
                $0.shouldRemoveStyleImage = .with { $0.id = imageID }
            }
        }, to: plugin.identity)
    }

    func handleImageDecision(_ reply: Mapwire_V1_PluginReply) {
        guard let question = imageQuestions.removeValue(forKey: reply.id) else { return }
        guard case .styleImageDecision(let decision) = reply.kind, !decision.keep else { return }
        try? map.removeStyleImage(id: question.imageID)
    }

    /// Questions past their deadline: the image stays; a late answer is dropped.
    func expireImageQuestions(now: Int64) {
        for (id, question) in imageQuestions where question.deadlineMillis <= now {
            imageQuestions[id] = nil
        }
    }
}
