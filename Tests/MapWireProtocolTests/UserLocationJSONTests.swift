import MapWireProtocol
import Testing

@Suite struct UserLocationJSONTests {
    @Test func updatedCarriesOnlyTheFieldsTheSourceKnew() {
        let event = Mapwire_V1_Envelope.OneOf_Payload.userLocationUpdated(.with {
            $0.location = .with {
                $0.latitude = 46.5
                $0.longitude = 13.75
                $0.altitude = 2332
                $0.speed = 1.5
                $0.timestampUnixNanos = 1_700_000_000_000_000_000
            }
        })
        #expect(event.documentedJSON.serialized ==
            #"{"location":{"latitude":46.5,"longitude":13.75,"altitude":2332,"speed":1.5,"timestamp":"2023-11-14T22:13:20.000000Z"}}"#)
    }

    @Test func everyOptionalFieldInDocumentedOrder() {
        let location = Mapwire_V1_UserLocation.with {
            $0.latitude = 1; $0.longitude = 2; $0.altitude = 3; $0.horizontalAccuracy = 4
            $0.course = 5; $0.speed = 6; $0.heading = 7
        }
        #expect(location.documentedJSON.serialized ==
            #"{"latitude":1,"longitude":2,"altitude":3,"horizontal-accuracy":4,"course":5,"speed":6,"heading":7,"timestamp":"1970-01-01T00:00:00.000000Z"}"#)
    }

    @Test func trackingModeAndFailure() {
        let mode = Mapwire_V1_Envelope.OneOf_Payload.trackingModeChanged(.with { $0.mode = .followWithCourse; $0.animated = true })
        #expect(mode.documentedJSON.serialized == #"{"mode":"follow-with-course","animated":true}"#)
        let failed = Mapwire_V1_Envelope.OneOf_Payload.didFailToLocateUser(.with { $0.error = "gpsd went away" })
        #expect(failed.documentedJSON.serialized == #"{"error":"gpsd went away"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.willStartLocatingUser(.init()).documentedJSON.serialized == "{}")
        #expect(Mapwire_V1_UserTrackingMode(documentedName: "follow-with-heading") == .followWithHeading)
    }
}
