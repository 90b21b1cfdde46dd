import MapWirePluginKit
import MapWireProtocol
import Testing

@Suite struct RequestRefusalTests {
    @Test func aCancelGetsNoReply() {
        let cancel = Mapwire_V1_PluginRequest.with { $0.id = 7; $0.cancel = .with { $0.requestID = 3 } }
        #expect(RequestRefusal.answer(cancel, plugin: "loader", onlyDoes: "loads resources") == nil)
        #expect(RequestRefusal.answer(cancel, plugin: "location") == nil)
    }

    @Test func aKnownKindForAnotherRoleIsInvalid() throws {
        let frame = Mapwire_V1_PluginRequest.with { $0.id = 8; $0.renderFrame = .init() }
        let reply = try #require(RequestRefusal.answer(frame, plugin: "loader", onlyDoes: "loads resources"))
        #expect(reply.id == 8 && reply.error.inReplyTo == 8 && reply.error.code == .invalid)
        #expect(reply.error.message == "the loader plugin only loads resources")
        let none = try #require(RequestRefusal.answer(frame, plugin: "location"))
        #expect(none.error.code == .invalid && none.error.message == "the location plugin answers no requests")
    }

    @Test func aKindNewerThanThisBuildIsUnknown() throws {
        let newer = Mapwire_V1_PluginRequest.with { $0.id = 9 }
        let reply = try #require(RequestRefusal.answer(newer, plugin: "renderer", onlyDoes: "renders frames"))
        #expect(reply.id == 9 && reply.error.code == .unknownMessage && reply.error.inReplyTo == 9)
    }
}
