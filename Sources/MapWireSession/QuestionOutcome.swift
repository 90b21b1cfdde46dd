import MapWireProtocol

/// How a question to a plugin ended, as a machine sees it: the reply's kind, or why no reply came (no
/// plugin could answer, or none did by the deadline). Machines decide on this, never on the request table.
enum QuestionOutcome {
    case answered(Mapwire_V1_PluginReply.OneOf_Kind?)
    case unanswered(String)
}
