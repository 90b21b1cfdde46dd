import Foundation
import MapEngine
import MapWireProtocol

/// How a request to a plugin ended: its first reply, or why none came (RequestRouter).
enum RequestOutcome {
    case answered(PluginAnswer, bytes: Int, from: Data)
    case failed(String)

    /// What a machine asking a question sees of the outcome.
    var question: QuestionOutcome {
        switch self {
        case .answered(let reply, _, _): .answered(reply.kind)
        case .failed(let why): .unanswered(why)
        }
    }

    /// A load's outcome as the map takes it: the resource, or why there is none.
    func resourceResult(role: String) -> ResourceResult {
        switch self {
        case .failed(let why):
            return .failure(.other, why)
        case .answered(.resource(let resource), _, _):
            return ResourceResult(resource)
        case .answered(.other(let reply), _, _):
            if case .error(let error) = reply.kind { return .failure(.other, "the \(role) plugin failed: \(error.message)") }
            return .failure(.other, "the \(role) plugin sent a reply of an unexpected kind")
        }
    }
}
