import MapWireProtocol
import Testing

/// `mapwire state` prints the get-state snapshot by the same rules as event data (PROTOCOL.md 7.3.3):
/// proto field names in kebab case, in .proto order, every field, 64-bit numbers exact.
@Suite struct StateJSONTests {
    @Test func keysFollowTheProtoFieldNames() {
        let snapshot = Mapwire_V1_CoreStateSnapshot.with {
            $0.epoch = 0xFEDC_BA98_7654_3210
            $0.mapID = "map"
            $0.lastSequence = 42
            $0.sourceIds = ["town"]
            $0.camera = .with { $0.center = .with { $0.longitude = 14.5; $0.latitude = 46.05 }; $0.zoom = 14; $0.width = 512; $0.height = 512 }
            $0.loadStatus = .with { $0.statuses = [.with { $0.target = "map"; $0.status = .loaded }] }
            $0.plugins = [.with { $0.pluginID = "mapwire-loader-1"; $0.name = "mapwire-loader"; $0.roles = ["loader"]; $0.pid = 7 }]
            $0.counters = .with { $0.eventsPublished = 42 }
            $0.networkStatus = .online
        }
        let json = snapshot.documentedJSON.serialized
        #expect(json.hasPrefix(#"{"epoch":18364758544493064720,"map-id":"map","last-sequence":42,"style-uri":"","load-phase":"","source-ids":["town"],"#))
        #expect(json.contains(#""camera":{"center":{"longitude":14.5,"latitude":46.05},"zoom":14,"bearing":0,"pitch":0,"width":512,"height":512}"#))
        #expect(json.contains(#""load-status":{"statuses":[{"target":"map","status":"loaded"}]}"#))
        #expect(json.contains(#""plugins":[{"plugin-id":"mapwire-loader-1","name":"mapwire-loader","roles":["loader"],"pid":7,"in-flight":0}]"#))
        #expect(json.contains(#""events-published":42,"#))
        #expect(json.hasSuffix(#""subscribers":0,"pending-requests":0,"network-status":"online"}"#))
    }

    @Test func theLocationAuthorizationIsAbsentUntilReported() {
        var snapshot = Mapwire_V1_CoreStateSnapshot.with { $0.networkStatus = .online }
        #expect(!snapshot.documentedJSON.serialized.contains("location-authorization"))
        snapshot.locationAuthorization = .with { $0.status = .authorizedWhenInUse; $0.accuracy = .reduced }
        #expect(snapshot.documentedJSON.serialized.hasSuffix(
            #""network-status":"online","location-authorization":{"status":"authorized-when-in-use","accuracy":"reduced"}}"#))
    }
}
