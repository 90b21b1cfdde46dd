import MapWireLoadStatus
import MapWireProtocol
import Testing

/// The tracker on synthetic event sequences shaped like the core's (the loading order of the Mapbox
/// MapEvents reference).
@Suite struct LoadStatusTrackerTests {
    /// style → sprite → metadata → style-loaded → tiles → map-loaded → map-idle.
    let normalLoad: [Mapwire_V1_Envelope.OneOf_Payload] = [
        Event.styleRequest(), Event.styleData(.style), Event.styleData(.sprite), Event.metadata("town"), Event.metadata("points"),
        Event.styleData(.sources), .styleLoaded(.init()), Event.tile("town", loaded: false), Event.tile("town", loaded: true),
        .renderFrameFinished(.init()), Event.mapLoaded, Event.mapIdle,
    ]

    @Test func aNormalLoadGoesNotLoadedLoadingLoadedForTheMapAndEachSource() {
        var tracker = LoadStatusTracker()
        #expect(tracker.map == .notLoaded)
        #expect(tracker.feed(normalLoad) == [
            "map:not-loaded>loading", "town:not-loaded>loading", "points:not-loaded>loading", "town:loading>loaded",
            // "points" has no tiles (GeoJSON-like): loaded once the map is.
            "map:loading>loaded", "points:loading>loaded",
        ])
        #expect(tracker.sources.mapValues(\.status) == ["town": .loaded, "points": .loaded])
    }

    @Test func cameraMovesAfterLoadingDoNotMakeTheMapLoadingAgain() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed(normalLoad)
        #expect(tracker.feed([.cameraChanged(.init()), Event.tile("town", loaded: false), Event.mapIdle]) == [])
    }

    @Test func aBrokenStyleFailsTheMapWithItsErrorAndAGoodOneRecovers() {
        var tracker = LoadStatusTracker()
        let broken = tracker.apply(Event.styleRequest(error: true)) + tracker.apply(Event.error(.style, "could not load the style: no such file"))
        #expect(broken == [
            LoadStatusChange(target: "map", old: .notLoaded, new: .loading),
            LoadStatusChange(target: "map", old: .loading, new: .failed, error: "could not load the style: no such file"),
        ])
        #expect(tracker.map == .failed && tracker.mapError == "could not load the style: no such file")
        #expect(tracker.feed([Event.mapIdle]) == [], "a failed map is not loaded by idle")
        #expect(tracker.feed(normalLoad).prefix(1) == ["map:failed>loading"])
        #expect(tracker.map == .loaded && tracker.mapError == nil)
    }

    @Test func aStyleRetriedAfterFailingStaysFailedUntilARetrySucceeds() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed([Event.styleRequest(error: true), Event.error(.style, "could not load the style: busy (server)")])
        // The core's later failed attempts are resource-request events only (no second map-loading-error).
        #expect(tracker.feed([Event.styleRequest(error: true), Event.styleRequest(error: true)]) == [])
        #expect(tracker.map == .failed)
        #expect(tracker.feed(normalLoad).prefix(1) == ["map:failed>loading"])
        #expect(tracker.map == .loaded)
    }

    @Test func anInlineStyleStartsLoadingAtStyleDataLoaded() {
        var tracker = LoadStatusTracker()
        #expect(tracker.feed([Event.styleData(.style)]) == ["map:not-loaded>loading"])
    }

    @Test func aSourceErrorFailsThatSourceOnly() {
        var tracker = LoadStatusTracker()
        let changes = tracker.feed([Event.styleRequest(), Event.styleData(.style), Event.metadata("town"),
                                    Event.error(.source, "could not load source \"roads\"", source: "roads"),
                                    Event.tile("town", loaded: true), Event.mapLoaded])
        #expect(changes == ["map:not-loaded>loading", "town:not-loaded>loading", "roads:not-loaded>failed",
                            "town:loading>loaded", "map:loading>loaded"])
        #expect(tracker.sources["roads"]?.error == "could not load source \"roads\"")
    }

    @Test func aSourceWhoseNeededTilesFailedIsFailedWithHowManyAndTheFirst() {
        var tracker = LoadStatusTracker()
        let changes = tracker.feed([Event.styleData(.style), Event.metadata("town"), Event.tile("town", loaded: false, x: 1)]
                                   + Event.failedTile("town", x: 0, complete: false) + Event.failedTile("town", x: 2, complete: true)
                                   + [Event.mapIdle])
        #expect(changes == ["map:not-loaded>loading", "town:not-loaded>loading", "town:loading>failed", "map:loading>loaded"])
        #expect(tracker.sources["town"]?.error == "2 tiles failed to load (1/0/0: could not load tile 1/0/0)")
    }

    @Test func aTileThatLoadsOnARetryMakesItsSourceLoadedAgain() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed([Event.styleData(.style), Event.metadata("town")] + Event.failedTile("town", x: 0, complete: true))
        #expect(tracker.sources["town"]?.status == .failed)
        // The core's later failed attempts are resource-request events only; the one that succeeds is
        // followed by the tile's source-data-loaded (PROTOCOL.md 7.8).
        #expect(tracker.feed([Event.tileRequest(x: 0, failed: true), Event.tileRequest(x: 0), Event.tile("town", loaded: true, x: 0)])
                == ["town:failed>loaded"])
        #expect(tracker.sources["town"]?.error == nil)
    }

    @Test func aFailedTileTheMapNoLongerWantsNoLongerFailsItsSource() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed([Event.styleData(.style), Event.metadata("town")] + Event.failedTile("town", x: 0, complete: false)
                         + Event.failedTile("town", x: 1, complete: true))
        #expect(tracker.feed([Event.tileRequest(x: 0, cancelled: true)]) == ["town:failed>failed"])
        #expect(tracker.sources["town"]?.error == "1 tile failed to load (1/1/0: could not load tile 1/1/0)")
        #expect(tracker.feed([Event.tileRequest(x: 1, cancelled: true)]) == ["town:failed>loaded"])
    }

    @Test func aLoadedSourceWhoseNewTilesFailIsFailedWhenItCompletes() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed(normalLoad)
        #expect(tracker.feed([.cameraChanged(.init())] + Event.failedTile("town", x: 3, complete: false)) == [], "loaded stays while tiles load")
        #expect(tracker.feed([Event.tile("town", loaded: true, x: 4)]) == ["town:loaded>failed"])
    }

    @Test func aSourceWithFailedMetadataStaysFailedWhateverItsTilesDo() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed([Event.styleData(.style), Event.error(.source, "no TileJSON", source: "roads")])
        #expect(tracker.feed([Event.tile("roads", loaded: true), Event.mapIdle]) == ["map:loading>loaded"])
        #expect(tracker.sources["roads"]?.error == "no TileJSON")
    }

    @Test func aNewStyleResetsEverySource() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed(normalLoad)
        #expect(tracker.feed([Event.styleRequest(), Event.styleData(.style)])
                == ["map:loaded>loading", "points:loaded>not-loaded", "town:loaded>not-loaded"])
        #expect(tracker.feed([Event.metadata("town")]) == ["town:not-loaded>loading"])
    }

    @Test func addedSourcesLoadAndRemovedOnesAreForgotten() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed(normalLoad)
        #expect(tracker.feed([.sourceAdded(.with { $0.id = "extra" }), Event.metadata("extra"), Event.tile("extra", loaded: true)])
                == ["extra:not-loaded>loading", "extra:loading>loaded"])
        #expect(tracker.feed([.sourceRemoved(.with { $0.id = "extra" })]) == [])
        #expect(tracker.sources["extra"] == nil)
        #expect(tracker.feed([.sourceAdded(.with { $0.id = "extra" })]) == ["extra:not-loaded>loading"])
    }

    @Test func aSourceAddedBeforeAnyStyleStartsTheMapLoading() {
        var tracker = LoadStatusTracker()
        #expect(tracker.feed([.sourceAdded(.with { $0.id = "a" })]) == ["map:not-loaded>loading", "a:not-loaded>loading"])
    }

    @Test func aBrokenStyleAfterALoadedOneLeavesNoSourcesBehind() {
        var tracker = LoadStatusTracker()
        _ = tracker.feed(normalLoad)
        #expect(tracker.feed([Event.styleRequest(error: true), Event.error(.style, "bad")])
                == ["map:loaded>loading", "points:loaded>not-loaded", "town:loaded>not-loaded", "map:loading>failed"])
        #expect(tracker.sources.isEmpty)
    }
}
