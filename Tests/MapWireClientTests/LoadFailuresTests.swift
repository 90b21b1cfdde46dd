import MapWireClient
import MapWireProtocol
import Testing

/// What `mapwire up --exit-when` and `mapwire snapshot` count as failed, on event sequences shaped like
/// the core's (PROTOCOL.md 6.1, 6.3, 7.8).
@Suite struct LoadFailuresTests {
    typealias Payload = Mapwire_V1_Envelope.OneOf_Payload

    static func request(_ kind: Mapwire_V1_ResourceKind, _ url: String, failed reason: Mapwire_V1_ErrorReason? = nil,
                        cancelled: Bool = false) -> Payload {
        .resourceRequest(.with {
            $0.request = .with { $0.kind = kind; $0.url = url }
            $0.cancelled = cancelled
            if let reason { $0.response = .with { $0.error = .with { $0.reason = reason; $0.message = "\(url): \(reason)" } } }
            else if !cancelled { $0.response = .init() }
        })
    }

    static func error(_ type: Mapwire_V1_MapLoadingError.TypeEnum, source: String? = nil, tileX: UInt32? = nil) -> Payload {
        .mapLoadingError(.with {
            $0.type = type
            $0.message = "could not load \(type.documentedName)"
            if let source { $0.sourceID = source }
            if let tileX { $0.tileID = .with { $0.z = 1; $0.x = tileX } }
        })
    }

    static func feed(_ events: [Payload]) -> LoadFailures {
        var failures = LoadFailures()
        events.forEach { failures.apply($0) }
        return failures
    }

    @Test func aTileThatFailedIsAFatalFailureNamedByItsError() {
        let failures = Self.feed([Self.request(.tile, "http://t/1/0/0.pbf", failed: .connection), Self.error(.tile, source: "v", tileX: 0)])
        #expect(failures.fatal.count == 1)
        #expect(failures.fatal.first?.line == "tile 1/0/0 of \"v\": http://t/1/0/0.pbf: connection")
        #expect(failures.fatal.first?.url == "http://t/1/0/0.pbf")
    }

    @Test func aLoadThatSucceedsOnARetryIsNoFailure() {
        // The style answered 429 and then 200 a second later (PROTOCOL.md 7.8).
        var failures = Self.feed([Self.request(.style, "http://s/style.json", failed: .rateLimit), Self.error(.style)])
        #expect(failures.styleFailedForGood == nil, "the core asks for it again")
        #expect(failures.fatal.count == 1)
        failures.apply(Self.request(.style, "http://s/style.json"))
        #expect(failures.failures.isEmpty)
    }

    @Test func aRetryThatFailsAgainKeepsTheLatestReason() {
        var failures = Self.feed([Self.request(.tile, "http://t/a", failed: .server), Self.error(.tile, source: "v", tileX: 0)])
        failures.apply(Self.request(.tile, "http://t/a", failed: .notFound))
        #expect(failures.fatal.first?.reason == .notFound)
        #expect(failures.fatal.first?.type == .tile)
    }

    @Test func aMissingStyleFailsForGood() {
        let failures = Self.feed([Self.request(.style, "file:///absent.json", failed: .notFound), Self.error(.style)])
        #expect(failures.styleFailedForGood?.url == "file:///absent.json")
    }

    @Test func anInvalidStyleIsAFailureOfContentThatStaysUntilANewStyle() {
        var failures = Self.feed([Self.request(.style, "file:///style.json"), Self.error(.style)])
        #expect(failures.styleFailedForGood?.url == nil && failures.fatal.count == 1)
        failures.apply(.mapWillStartLoading(.init()))
        #expect(failures.failures.isEmpty)
    }

    @Test func aCancelledLoadIsForgotten() {
        let failures = Self.feed([Self.request(.tile, "http://t/a", failed: .connection), Self.error(.tile, source: "v", tileX: 0),
                                  Self.request(.tile, "http://t/a", cancelled: true)])
        #expect(failures.failures.isEmpty)
    }

    @Test func spriteAndGlyphFailuresAreWarningsOnly() {
        // Both sprite requests finish before the sprite's errors (PROTOCOL.md 6.1 step 3).
        let failures = Self.feed([Self.request(.spriteJson, "file:///s.json", failed: .notFound), Self.request(.spriteImage, "file:///s.png"),
                                  Self.error(.sprite), Self.error(.glyphs)])
        #expect(failures.failures.map(\.type) == [.sprite, .glyphs])
        #expect(failures.failures.first?.url == "file:///s.json", "the error names the failed request, not a failure of its own")
        #expect(failures.fatal.isEmpty)
    }

    @Test func aRendererFailureEndsAtTheNextFullFrame() {
        var failures = Self.feed([Self.error(.renderer)])
        #expect(failures.fatal.count == 1)
        failures.apply(.renderFrameFinished(.with { $0.renderMode = .partial }))
        #expect(failures.fatal.count == 1)
        failures.apply(.renderFrameFinished(.with { $0.renderMode = .full }))
        #expect(failures.failures.isEmpty)
    }
}
