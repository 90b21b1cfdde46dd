import MapWireProtocol
import Testing

/// load-status-changed in its documented JSON form: {"target", "status", "error"?}.
@Suite struct LoadStatusJSONTests {
    @Test func statusStringsAndTheOptionalError() {
        let loading = Mapwire_V1_Envelope.OneOf_Payload.loadStatusChanged(.with { $0.target = "map"; $0.status = .loading })
        #expect(loading.documentedJSON.serialized == #"{"target":"map","status":"loading"}"#)
        let failed = Mapwire_V1_Envelope.OneOf_Payload.loadStatusChanged(.with {
            $0.target = "town"; $0.status = .failed; $0.error = "no such file"
        })
        #expect(failed.documentedJSON.serialized == #"{"target":"town","status":"failed","error":"no such file"}"#)
        #expect(Mapwire_V1_LoadStatusChanged.Status.allCases.filter { $0 != .unspecified }.map(\.documentedName)
                == ["not-loaded", "loading", "loaded", "failed"])
        #expect(Mapwire_V1_LoadStatusChanged.Status(documentedName: "not-loaded") == .notLoaded)
    }
}
