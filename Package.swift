// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "MapWire",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mapwire", targets: ["mapwire"]),
        .executable(name: "mapwire-core", targets: ["mapwire-core"]),
        .executable(name: "mapwire-core-bench", targets: ["mapwire-core-bench"]),
        .executable(name: "mapwire-loader", targets: ["mapwire-loader"]),
        .executable(name: "mapwire-renderer", targets: ["mapwire-renderer"]),
        .executable(name: "mapwire-loadstatus", targets: ["mapwire-loadstatus"]),
        .executable(name: "mapwire-location", targets: ["mapwire-location"]),
        .library(name: "MapWirePluginKit", targets: ["MapWirePluginKit"]),
        .library(name: "MapWireClient", targets: ["MapWireClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // HTTP(S) in MapWireHTTP (Foundation's URLSession on Linux wraps libcurl: teardown crashes).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // AsyncHTTPClient's own dependencies, named for their types (headers, TLS, decompression limits).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // `mapwire serve`: the HTTP server and its Prometheus /metrics.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // `mapwire serve`'s live view: frames and events pushed to the browser.
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", exact: "2.8.1"),
    ],
    targets: [
        // C shims: the only modules that reach C libraries.
        .systemLibrary(name: "CZeroMQ", pkgConfig: "libzmq", providers: [.apt(["libzmq3-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // MCAP chunk compression (mapwire record). librsvg2-dev already pulls libzstd-dev in.
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // glibc's malloc_trim/mallinfo2: the core gives back what a departed subscriber's queue held.
        .systemLibrary(name: "CMalloc"),
        // fork, PR_SET_PDEATHSIG and exec: children that die with the process that started them.
        .systemLibrary(name: "CSpawn"),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        // GNU FriBidi: Arabic shaping and right-to-left reordering of labels.
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // PNG, JPEG and WebP in C: libpng and libjpeg report errors by longjmp, which Swift cannot take.
        // Debian: libpng-dev, libjpeg62-turbo-dev, libwebp-dev, zlib1g-dev (headers in /usr/include); zlib for the PNG
        // data deflated in pieces on several threads (png_scanlines.c).
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("z")]),

        // Libraries.
        // The one JSON value type and the one way to read JSONSerialization's numbers and booleans.
        .target(name: "MapWireJSON"),
        // The one civil-date algorithm (days since 1970 to year-month-day and back), for every timestamp format.
        .target(name: "MapWireCalendar"),
        // Where things are on the map and the screen: Web Mercator, the camera and its transform, screen
        // projection, tile ids and tile cover, the clippers. Below the engine, so the renderer and tilers use
        // them without the engine.
        .target(name: "MapWireGeometry"),
        // This process and its children: start a child, wait with a deadline, stop by pid; the monotonic and
        // wall clocks; SIGINT and SIGTERM turned into a stop flag.
        .target(name: "MapWireProcess", dependencies: ["CSpawn"]),
        // Checked number conversions for values read from data (no dependencies: every reader uses it).
        .target(name: "MapWireNumerics"),
        // The one protobuf wire-format reader and writer (varints, keys, fixed and length-delimited values)
        // for the hand-written fast paths; no dependencies, so tile readers and the protocol both use it.
        .target(name: "MapWireWireFormat"),
        // SwiftProtobuf: a message serialized straight into a libzmq message (ZMQMessageBytes).
        .target(name: "MapWireBus", dependencies: ["CZeroMQ", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        // MCAP recordings (mapwire record, replay): the records, a chunking writer, a front-to-back reader.
        .target(name: "MapWireMCAP", dependencies: ["CZstd", "CZlib"]),
        // The bus to MCAP and back: envelopes read without decoding, the recorder, replay timing, topic statistics.
        .target(
            name: "MapWireRecording",
            dependencies: ["MapWireMCAP", "MapWireProtocol", "MapWireWireFormat", "MapWireBus", "MapWireJSON", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .target(
            name: "MapWireProtocol",
            dependencies: ["MapWireJSON", "MapWireCalendar", "MapWireWireFormat", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .target(
            name: "MapWireVectorTile",
            dependencies: ["MapWireJSON", "MapWireGeometry", "MapWireNumerics", "MapWireWireFormat", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Proto"]),
        .target(name: "MapWireFormats", dependencies: ["CZlib", "CSQLite", "CImageCodecs"]),
        .target(name: "MapEngine", dependencies: ["MapWireJSON", "MapWireGeometry", "MapWireNumerics", "MapWireStyle", "MapWireVectorTile"]),
        // The ambient cache and offline regions: one SQLite file shared by every loader (WAL).
        .target(name: "MapWireCache", dependencies: ["MapWireFormats", "CSQLite"]),
        .target(name: "MapWireStyle", dependencies: ["MapWireJSON", "MapWireGeometry"]),
        // What a style's labels say, below the renderer: a feature's label text and fonts, Arabic shaping and
        // bidi order (FriBidi), and the glyph ranges labels need, which offline downloads fetch.
        .target(name: "MapWireLabels", dependencies: ["CFriBidi", "MapWireStyle", "MapWireVectorTile"]),
        .target(name: "MapWireCanvas", dependencies: ["CCairo", "MapWireFormats", "MapWireNumerics"]),
        .target(name: "MapWireSprite", dependencies: ["CRsvg", "MapWireFormats", "MapWireNumerics"]),
        .target(
            name: "MapWireRenderer",
            dependencies: ["MapWireCanvas", "MapWireLabels", "MapWireStyle", "MapWireVectorTile", "MapWireJSON", "MapWireGeometry", "MapWireNumerics",
                           .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .target(name: "MapWireRenderSuite", dependencies: ["MapWireFormats", "MapWireJSON"]),
        // maplibre-style-spec's expression tests judged as its harness judges them, on MapWire's evaluator.
        .target(name: "MapWireExpressionSuite", dependencies: ["MapWireStyle", "MapWireJSON", "MapWireGeometry", "MapWireRenderSuite"]),
        // The plugin runtime: registration, heartbeats, the request loop and its replies.
        .target(
            name: "MapWirePluginKit",
            dependencies: ["MapWireBus", "MapWireProtocol", "MapWireWireFormat", "MapWireProcess", .product(name: "Logging", package: "swift-log")]),
        // Talking to a core from outside it (the CLI, `mapwire serve`, tests): commands and the event stream.
        .target(name: "MapWireClient", dependencies: ["MapWireBus", "MapWireProtocol", "MapWireProcess"]),
        // The core's whole state machine, without sockets: inputs and the time in, outputs out.
        .target(
            name: "MapWireSession",
            dependencies: ["MapEngine", "MapWireGeometry", "MapWireProtocol", "MapWireStyle", "MapWireWireFormat", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "MapWireCore",
            dependencies: [
                "MapWireSession", "MapWireBus", "MapWireClient", "MapWireProtocol", "MapWireWireFormat", "MapWireProcess", "CMalloc",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The core's command line (its options, start checks and run), shared by mapwire-core and mapwire-core-bench.
        .target(
            name: "MapWireCoreCommand",
            dependencies: [
                "MapWireCore", "MapWireBus", "MapWirePluginKit", "MapWireProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The benchmark commands (bench-publish, bench-requests), built around the core's shell.
        .target(name: "MapWireCoreBench", dependencies: ["MapWireCore", "MapWireSession", "MapWireProtocol", "MapEngine", "MapWireGeometry"]),
        // Offline regions: which resources a style, a box and a zoom range need (a step function).
        .target(name: "MapWireOffline", dependencies: ["MapEngine", "MapWireGeometry", "MapWireLabels", "MapWireVectorTile", "MapWireFormats"]),
        .target(
            name: "MapWireDemo",
            dependencies: ["MapWireVectorTile", "MapWireFormats", "MapWireGeometry", "MapWireNumerics"]),
        .target(
            name: "MapWireRendererPlugin",
            dependencies: ["MapWireRenderer", "MapWireLabels", "MapWireCanvas", "MapWirePluginKit", "MapWireProtocol", "MapWireVectorTile", "MapWireGeometry",
                           "MapWireStyle", .product(name: "SwiftProtobuf", package: "swift-protobuf"), .product(name: "Logging", package: "swift-log")],
            path: "Plugins/Renderer/Sources/MapWireRendererPlugin"),
        // HTTP(S) fetching as the loader does it (AsyncHTTPClient: redirects, decompression, proxies, the
        // ambient cache's freshness rules), shared by the loader, `mapwire offline` and `mapwire serve`.
        .target(
            name: "MapWireHTTP",
            dependencies: [
                "MapWireCache", "MapWireProtocol", "MapWireCalendar", "MapWireNumerics",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .target(
            name: "MapWireLoader",
            dependencies: ["MapWirePluginKit", "MapWireHTTP", "MapWireFormats", "MapWireProtocol", "MapWireWireFormat", .product(name: "Logging", package: "swift-log")],
            path: "Plugins/Loader/Sources/MapWireLoader"),
        .target(
            name: "MapWireLoadStatus",
            dependencies: ["MapWirePluginKit", "MapWireClient", "MapWireProtocol", "MapWireBus", "MapWireProcess", .product(name: "Logging", package: "swift-log")],
            path: "Plugins/LoadStatus/Sources/MapWireLoadStatus"),
        // Location provider sources: GPX/NMEA/GeoJSON readers, replay timing, the gpsd client.
        .target(name: "MapWireLocation", dependencies: ["MapWireJSON", "MapWireCalendar"], path: "Plugins/Location/Sources/MapWireLocation"),

        // The options every plugin executable shares (run directory, TCP and keys, log level).
        .target(
            name: "MapWirePluginOptions",
            dependencies: ["MapWireBus", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // `mapwire serve`: tileserver-gl's URLs over a core's render-view command (routes, tile maths,
        // the tile LRU and the bridge to the core's control socket).
        // What `mapwire serve` reads from its clients, as pure functions of the bytes (its routes, request
        // lines, Origin and Host, the live view's gesture messages): the serve fuzz target links it alone.
        .target(name: "MapWireServeInput", dependencies: ["MapWireProtocol"]),
        .target(
            name: "MapWireServe",
            dependencies: [
                "MapWireBus", "MapWireClient", "MapWireProtocol", "MapWireProcess", "MapWireFormats", "MapWireServeInput",
                // The style of a URL, fetched for style.json as the loader fetches it.
                "MapWireHTTP",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The guarded HTTP channel: its own child channel around Hummingbird's, and NIO's parser errors.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Executables.
        .executableTarget(
            name: "mapwire-core",
            dependencies: ["MapWireCoreCommand", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // The core with the benchmark commands around its shell, for `mapwire bench`; not the product's core.
        .executableTarget(
            name: "mapwire-core-bench",
            dependencies: ["MapWireCoreCommand", "MapWireCoreBench", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "mapwire-loader",
            dependencies: [
                "MapWirePluginOptions",
                "MapWireLoader", "MapWireHTTP", "MapWireCache", "MapWirePluginKit", "MapWireBus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/Loader/Sources/mapwire-loader"),
        .executableTarget(
            name: "mapwire-renderer",
            dependencies: [
                "MapWirePluginOptions",
                "MapWireRendererPlugin", "MapWirePluginKit", "MapWireBus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/Renderer/Sources/mapwire-renderer"),
        .executableTarget(
            name: "mapwire-loadstatus",
            dependencies: [
                "MapWirePluginOptions",
                "MapWireLoadStatus", "MapWirePluginKit", "MapWireBus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/LoadStatus/Sources/mapwire-loadstatus"),
        .executableTarget(
            name: "mapwire-location",
            dependencies: [
                "MapWirePluginOptions",
                "MapWireLocation", "MapWirePluginKit", "MapWireClient", "MapWireBus", "MapWireProtocol", "MapWireProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/Location/Sources/mapwire-location"),
        .executableTarget(
            name: "mapwire",
            dependencies: [
                "MapWireBus", "MapWireProtocol", "MapWireClient", "MapWireDemo", "MapWireRenderSuite", "MapWireExpressionSuite", "MapWireProcess", "MapWireFormats", "MapWireSprite", "MapWireRenderer", "MapWireVectorTile", "MapWireCanvas", "MapEngine", "MapWireGeometry", "MapWireJSON", "MapWireCache", "MapWireHTTP", "MapWireOffline", "MapWireSession", "MapWireMCAP", "MapWireRecording", "MapWireServe", "MapWireServeInput", "MapWireWireFormat", "MapWireNumerics", "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Helpers for the tests of any module: the session on a hand clock (SessionHarness, FakePlugin), a plugin
        // run in the test's process against a real core (InProcessPlugin), approximate geometry comparisons.
        .target(
            name: "MapWireTesting",
            dependencies: [
                "MapWireSession", "MapWirePluginKit", "MapWireProcess", "MapWireProtocol", "MapWireNumerics", "MapWireGeometry",
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Tests: one folder per module, plus end-to-end tests that run the real processes.
        .testTarget(name: "MapWireJSONTests", dependencies: ["MapWireJSON"]),
        .testTarget(name: "MapWireCalendarTests", dependencies: ["MapWireCalendar"]),
        .testTarget(name: "MapWireGeometryTests", dependencies: ["MapWireGeometry", "MapWireTesting"]),
        .testTarget(name: "MapWireProcessTests", dependencies: ["MapWireProcess", "MapWireTesting"]),
        .testTarget(name: "MapWireClientTests", dependencies: ["MapWireClient", "MapWireProtocol"]),
        .testTarget(name: "MapWireBusTests", dependencies: ["MapWireBus", "MapWireProtocol", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "MapWireMCAPTests", dependencies: ["MapWireMCAP"]),
        .testTarget(name: "MapWireRecordingTests", dependencies: ["MapWireRecording", "MapWireMCAP", "MapWireProtocol"]),
        .testTarget(name: "MapWirePluginKitTests", dependencies: ["MapWirePluginKit", "MapWireBus", "MapWireProtocol", "MapWireTesting"]),
        .testTarget(name: "MapWireProtocolTests", dependencies: ["MapWireProtocol", "MapWireNumerics", "MapWireWireFormat", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "MapWireFormatsTests", dependencies: ["MapWireFormats", "MapWireProcess"]),
        .testTarget(name: "MapWireNumericsTests", dependencies: ["MapWireNumerics"]),
        .testTarget(name: "MapWireWireFormatTests", dependencies: ["MapWireWireFormat", "MapWireNumerics"]),
        .testTarget(name: "MapWireCacheTests", dependencies: ["MapWireCache", "MapWireFormats"]),
        .testTarget(name: "MapEngineTests", dependencies: ["MapEngine", "MapWireGeometry", "MapWireTesting", "MapWireVectorTile"]),
        // The session with a hand-advanced clock: no sockets, no processes, no sleeps.
        .testTarget(
            name: "MapWireSessionTests",
            dependencies: ["MapWireSession", "MapWireTesting", "MapEngine", "MapWireGeometry", "MapWireProtocol", "MapWireDemo", "MapWireNumerics", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "MapWireCoreTests", dependencies: ["MapWireCore"]),
        .testTarget(name: "MapWireCoreBenchTests", dependencies: ["MapWireCoreBench", "MapWireCore", "MapWireSession", "MapWireProtocol", "MapWireTesting"]),
        .testTarget(name: "MapWireOfflineTests", dependencies: ["MapWireOffline", "MapWireGeometry", "MapWireDemo"]),
        .testTarget(name: "MapWireDemoTests", dependencies: ["MapWireDemo", "MapWireVectorTile", "MapWireFormats"]),
        .testTarget(
            name: "MapWireLoaderTests",
            dependencies: [
                "MapWireLoader", "MapWireHTTP", "MapWireFormats", "MapWireProtocol", "MapWireWireFormat", "MapWireProcess",
            ]),
        .testTarget(
            name: "MapWireHTTPTests",
            dependencies: [
                "MapWireHTTP", "MapWireCache", "MapWireProtocol",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]),
        .testTarget(name: "MapWireLoadStatusTests", dependencies: ["MapWireLoadStatus", "MapWireProtocol", .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "MapWireLocationTests", dependencies: ["MapWireLocation"]),
        .testTarget(name: "MapWireVectorTileTests", dependencies: ["MapWireVectorTile", "MapWireNumerics", "MapWireJSON"],
                    // MapLibre Tile fixtures, read from the source tree by path (MLTFixtures), not bundled.
                    exclude: ["Fixtures"]),
        .testTarget(name: "MapWireStyleTests", dependencies: ["MapWireStyle", "MapWireGeometry"]),
        .testTarget(name: "MapWireLabelsTests", dependencies: ["MapWireLabels", "MapWireStyle", "MapWireVectorTile"]),
        .testTarget(name: "MapWireCanvasTests", dependencies: ["MapWireCanvas", "MapWireFormats"]),
        .testTarget(name: "MapWireSpriteTests", dependencies: ["MapWireSprite", "MapWireFormats"]),
        .testTarget(name: "MapWireRendererTests", dependencies: ["MapWireRenderer", "MapWireLabels", "MapWireCanvas", "MapWireFormats", "MapWireVectorTile", "MapEngine", "MapWireGeometry", "MapWireRenderSuite", "MapWireStyle", "MapWireJSON"],
                    // Read from the source tree by path (GLPeerSceneTests), not bundled.
                    exclude: ["Fixtures"]),
        .testTarget(
            name: "MapWireRendererPluginTests",
            dependencies: ["MapWireRendererPlugin", "MapWireProtocol", "MapWireFormats", "MapWireGeometry", .product(name: "Logging", package: "swift-log"),
                           .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "MapWireServeTests", dependencies: ["MapWireServe", "MapWireServeInput", "MapWireProtocol", "MapWireTesting"]),
        .testTarget(name: "MapWireRenderSuiteTests", dependencies: ["MapWireRenderSuite", "MapWireFormats", "MapWireJSON"]),
        .testTarget(name: "MapWireExpressionSuiteTests", dependencies: ["MapWireExpressionSuite", "MapWireJSON"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["MapWireBus", "MapWireProtocol", "MapWirePluginKit", "MapWireClient", "MapWireTesting", "MapWireFormats", "MapEngine", "MapWireGeometry", "MapWireLocation", "MapWireProcess", "MapWireCache", "MapWireHTTP", "MapWireJSON",
                           .product(name: "Logging", package: "swift-log"), .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "HummingbirdWSClient", package: "hummingbird-websocket")],
            exclude: ["Support/http-fault-server.py"]),
    ],
    swiftLanguageModes: [.v6]
)
