import Foundation
import Testing
@testable import MapWireServe

/// No answer shows where the server keeps its files.
@Suite struct ServerPathsTests {
    @Test func fileURLsKeepOnlyTheirLastComponent() {
        let paths = ServerPaths(roots: [])
        #expect(paths.redact("could not load the style file:///srv/maps/bright/style.json: gone") == "could not load the style file:///…/style.json: gone")
        #expect(paths.redact(#"{"sprite":"file:///home/ann/sprites/sprite","glyphs":"file:///x/{fontstack}/{range}.pbf"}"#)
                == #"{"sprite":"file:///…/sprite","glyphs":"file:///…/{range}.pbf"}"#)
    }

    @Test func pathsUnderKnownRootsAreCut() {
        let paths = ServerPaths(roots: ["/srv/maps", "/tmp/run/"])
        #expect(paths.redact("cannot read /srv/maps/bright/style.json (errno 2)") == "cannot read …/style.json (errno 2)")
        #expect(paths.redact("the core in /tmp/run/demo exited") == "the core in …/demo exited")
        #expect(paths.redact("/srv/mapsother stays, /styles/demo/1/0/0.png stays") == "/srv/mapsother stays, /styles/demo/1/0/0.png stays")
    }

    @Test func theStandardRootsIncludeTheTemporaryAndHomeFolders() {
        let paths = ServerPaths.standard([])
        let home = NSHomeDirectory()
        #expect(!paths.redact("a file at \(home)/secret/x.json").contains(home))
    }
}
