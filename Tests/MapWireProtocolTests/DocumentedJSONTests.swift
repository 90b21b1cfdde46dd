import MapWireProtocol
import Testing

/// Each payload's JSON form against the Mapbox MapEvents reference's documented data format, key for key and in order.
@Suite struct DocumentedJSONTests {
    let tile = Mapwire_V1_TileId.with { $0.z = 13; $0.x = 2100; $0.y = 3044 }

    @Test func emptyObjectEvents() {
        let empty: [Mapwire_V1_Envelope.OneOf_Payload] = [.mapLoaded(.init()), .mapIdle(.init()), .styleLoaded(.init()),
                                                         .renderFrameStarted(.init()), .cameraChanged(.init())]
        #expect(empty.map(\.documentedJSON.serialized) == Array(repeating: "{}", count: 5))
    }

    @Test func mapLoadingErrorWithAndWithoutItsOptionalKeys() {
        let style = Mapwire_V1_Envelope.OneOf_Payload.mapLoadingError(.with { $0.type = .style; $0.message = "bad \"json\"" })
        #expect(style.documentedJSON.serialized == #"{"type":"style","message":"bad \"json\""}"#)
        let tileError = Mapwire_V1_Envelope.OneOf_Payload.mapLoadingError(.with {
            $0.type = .tile; $0.message = "gone"; $0.sourceID = "streets"; $0.tileID = tile
        })
        #expect(tileError.documentedJSON.serialized ==
                #"{"type":"tile","message":"gone","source-id":"streets","tile-id":{"z":13,"x":2100,"y":3044}}"#)
    }

    @Test func styleAndSourceEvents() {
        #expect(Mapwire_V1_Envelope.OneOf_Payload.styleDataLoaded(.with { $0.type = .sprite }).documentedJSON.serialized == #"{"type":"sprite"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.styleImageMissing(.with { $0.id = "cafe-11" }).documentedJSON.serialized == #"{"id":"cafe-11"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.styleImageRemoveUnused(.with { $0.id = "x" }).documentedJSON.serialized == #"{"id":"x"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.sourceAdded(.with { $0.id = "a" }).documentedJSON.serialized == #"{"id":"a"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.sourceRemoved(.with { $0.id = "a" }).documentedJSON.serialized == #"{"id":"a"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.sourceDataLoaded(.with { $0.id = "a"; $0.type = .metadata }).documentedJSON.serialized
                == #"{"id":"a","type":"metadata"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.sourceDataLoaded(.with { $0.id = "a"; $0.type = .tile; $0.loaded = false; $0.tileID = tile })
            .documentedJSON.serialized == #"{"id":"a","type":"tile","loaded":false,"tile-id":{"z":13,"x":2100,"y":3044}}"#)
    }

    @Test func renderFrameFinished() {
        let finished = Mapwire_V1_Envelope.OneOf_Payload.renderFrameFinished(.with { $0.renderMode = .full; $0.placementChanged = true })
        #expect(finished.documentedJSON.serialized == #"{"render-mode":"full","needs-repaint":false,"placement-changed":true}"#)
    }

    @Test func resourceRequestCompletedAndCancelled() {
        let info = Mapwire_V1_ResourceRequestInfo.with {
            $0.url = "file:///t/1.pbf"; $0.kind = .spriteJson; $0.priority = .low; $0.loadingMethod = [.cache, .network]
        }
        let done = Mapwire_V1_Envelope.OneOf_Payload.resourceRequest(.with {
            $0.dataSource = .fileSystem
            $0.request = info
            $0.response = .with {
                $0.source = .localFile; $0.size = 12; $0.modified = "Sat, 21 Nov 2026 10:00:00 GMT"; $0.etag = "\"e\""
                $0.error = .with { $0.reason = .notFound; $0.message = "no such file" }
            }
        })
        #expect(done.documentedJSON.serialized == """
            {"data-source":"file-system","request":{"url":"file:///t/1.pbf","kind":"sprite-json","priority":"low",\
            "loading-method":["cache","network"]},"response":{"no-content":false,"not-modified":false,"must-revalidate":false,\
            "source":"local-file","size":12,"modified":"Sat, 21 Nov 2026 10:00:00 GMT","etag":"\\"e\\"",\
            "error":{"reason":"not-found","message":"no such file"}},"cancelled":false}
            """)
        let cancelled = Mapwire_V1_Envelope.OneOf_Payload.resourceRequest(.with { $0.dataSource = .resourceLoader; $0.request = info; $0.cancelled = true })
        #expect(cancelled.documentedJSON.serialized.hasSuffix(#"]},"cancelled":true}"#))
        #expect(!cancelled.documentedJSON.serialized.contains("response"))
    }

    @Test func enumsCarryExactlyTheDocumentedStrings() {
        func names<E: DocumentedEnum>(_: E.Type) -> [String] { E.allCases.map(\.documentedName).filter { $0 != "unspecified" } }
        // The reference's five types, then MapWire's own: a frame the renderer failed to draw.
        #expect(names(Mapwire_V1_MapLoadingError.TypeEnum.self) == ["style", "sprite", "source", "tile", "glyphs", "renderer"])
        #expect(names(Mapwire_V1_StyleDataLoaded.TypeEnum.self) == ["style", "sprite", "sources"])
        #expect(names(Mapwire_V1_SourceDataLoaded.TypeEnum.self) == ["metadata", "tile"])
        #expect(names(Mapwire_V1_RenderFrameFinished.RenderMode.self) == ["partial", "full"])
        #expect(names(Mapwire_V1_DataSource.self) == ["resource-loader", "network", "database", "asset", "file-system"])
        #expect(names(Mapwire_V1_ResourceKind.self) == ["unknown", "style", "source", "tile", "glyphs", "sprite-image", "sprite-json", "image"])
        #expect(names(Mapwire_V1_ResourcePriority.self) == ["regular", "low"])
        #expect(names(Mapwire_V1_LoadingMethod.self) == ["cache", "network"])
        #expect(names(Mapwire_V1_ResponseSource.self) == ["network", "cache", "tile-store", "local-file"])
        #expect(names(Mapwire_V1_ErrorReason.self) == ["success", "not-found", "server", "connection", "rate-limit", "in-offline-mode", "other"])
        #expect(Mapwire_V1_ResourceKind(documentedName: "sprite-image") == .spriteImage)
        #expect(Mapwire_V1_ResourceKind(documentedName: "nope") == nil)
    }

    @Test func annotationEvents() {
        #expect(Mapwire_V1_Envelope.OneOf_Payload.didAddAnnotationViews(.with { $0.ids = ["shop", "park"] }).documentedJSON.serialized
            == #"{"ids":["shop","park"]}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.didSelectAnnotation(.with { $0.id = "shop" }).documentedJSON.serialized == #"{"id":"shop"}"#)
        #expect(Mapwire_V1_Envelope.OneOf_Payload.calloutAccessoryControlTapped(.with { $0.id = "shop"; $0.control = .right })
            .documentedJSON.serialized == #"{"id":"shop","control":"right"}"#)
    }

    @Test func monitorLineHasSeqTimeTypeAndData() {
        let envelope = Mapwire_V1_Envelope.with {
            $0.sequence = 3
            $0.beginUnixNanos = 1_795_341_123_456_789_000
            $0.payload = .styleDataLoaded(.with { $0.type = .style })
        }
        #expect(envelope.monitorJSON?.serialized ==
                #"{"seq":3,"time":"2026-11-22T09:52:03.456789Z","type":"style-data-loaded","data":{"type":"style"}}"#)
    }

    @Test func rfc3339AroundTheEpochAndLeapYears() {
        #expect(RFC3339.format(unixNanos: 0) == "1970-01-01T00:00:00.000000Z")
        #expect(RFC3339.format(unixNanos: 951_782_400_000_000_000) == "2000-02-29T00:00:00.000000Z")
        #expect(RFC3339.format(unixNanos: -1_000) == "1969-12-31T23:59:59.999999Z")
    }

    @Test func jsonStringsAreEscaped() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").serialized == #""a\"b\\c\n\u0001""#)
        #expect(JSONValue.number(2.5).serialized == "2.5" && JSONValue.number(3).serialized == "3")
    }
}

@Suite struct ViewportJSONTests {
    @Test func statusChangeIsTaggedByStatus() {
        let event = Mapwire_V1_Envelope.OneOf_Payload.viewportStatusChanged(.with {
            $0.from = .with { $0.transition = .with { $0.from = "idle"; $0.to = "follow-puck" } }
            $0.to = .with { $0.state = "follow-puck" }
        })
        #expect(event.documentedJSON.serialized ==
            #"{"from":{"status":"transition","from":"idle","to":"follow-puck"},"to":{"status":"state","state":"follow-puck"}}"#)
        let idle = Mapwire_V1_ViewportStatus.with { $0.idle = .init() }
        #expect(idle.documentedJSON.serialized == #"{"status":"idle"}"#)
    }

    @Test func targetCameraCarriesStateAndCamera() {
        let event = Mapwire_V1_Envelope.OneOf_Payload.viewportTargetCamera(.with {
            $0.state = "overview"
            $0.camera = .with { $0.longitude = 2.5; $0.latitude = 48; $0.zoom = 10; $0.bearing = 0; $0.pitch = 30 }
        })
        #expect(event.documentedJSON.serialized ==
            #"{"state":"overview","camera":{"center":[2.5,48],"zoom":10,"bearing":0,"pitch":30}}"#)
    }
}
