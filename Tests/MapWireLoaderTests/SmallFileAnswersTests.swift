import Foundation
import MapWireProtocol
import MapWireWireFormat
import Testing
@testable import MapWireLoader

/// Small files' answers kept between loads (SmallFileAnswers.swift): the same answer as a fresh read,
/// and a file changed in any way stat sees is read again.
@Suite struct SmallFileAnswersTests {
    let folder: URL = {
        let url = URL(fileURLWithPath: "/tmp/mwsmall-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func request(_ path: String) -> Mapwire_V1_LoadResource {
        .with { $0.request = .with { $0.url = "file://\(path)"; $0.kind = .tile } }
    }

    /// A loader that keeps answers of files changed just now (the settle time is for coarse file times).
    func loader() -> ResourceLoader {
        let loader = ResourceLoader(configuration: .init())
        loader.smallFiles.settleNanos = 0
        return loader
    }

    @Test func aKeptAnswerIsTheAnswerOfAFreshRead() throws {
        let file = folder.appendingPathComponent("a.bin")
        try Data(repeating: 7, count: 300).write(to: file)
        let loader = loader()
        let first = try #require(loader.loadSmallFile(request(file.path), limit: 4096))
        #expect(loader.smallFiles.count == 1)
        #expect(loader.loadSmallFile(request(file.path), limit: 4096) == first)
        #expect(ResourceLoader(configuration: .init()).load(request(file.path)) == first)
    }

    @Test func aFileWrittenAgainOrReplacedIsReadAgain() throws {
        let file = folder.appendingPathComponent("b.bin")
        try Data("first".utf8).write(to: file)
        let loader = loader()
        #expect(loader.loadSmallFile(request(file.path), limit: 4096)?.data == Data("first".utf8))
        // Another size: the identity differs whatever the clock's granularity.
        try Data("second!".utf8).write(to: file)
        #expect(loader.loadSmallFile(request(file.path), limit: 4096)?.data == Data("second!".utf8))
        // The same size, through another file renamed over it: a new inode.
        let other = folder.appendingPathComponent("b.new")
        try Data("third!!".utf8).write(to: other)
        #expect(rename(other.path, file.path) == 0)
        #expect(loader.loadSmallFile(request(file.path), limit: 4096)?.data == Data("third!!".utf8))
        // Gone: not found, not the kept bytes.
        try FileManager.default.removeItem(at: file)
        #expect(loader.loadSmallFile(request(file.path), limit: 4096)?.response.error.reason == .notFound)
    }

    @Test func aFileChangedJustNowIsNotKeptAndErrorsNeverAre() throws {
        let file = folder.appendingPathComponent("c.bin")
        try Data("fresh".utf8).write(to: file)
        let loader = ResourceLoader(configuration: .init())
        loader.smallFiles.settleNanos = 3_600 * 1_000_000_000
        #expect(loader.loadSmallFile(request(file.path), limit: 4096)?.data == Data("fresh".utf8))
        #expect(loader.smallFiles.count == 0, "changed within the settle time: its times may not show the next write")
        let quick = self.loader()
        _ = quick.loadSmallFile(request(folder.path + "/missing.bin"), limit: 4096)
        #expect(quick.smallFiles.count == 0)
    }

    @Test func theTableStaysWithinItsBounds() throws {
        var answers = SmallFileAnswers()
        answers.settleNanos = 0
        answers.maxEntries = 3
        answers.maxBytes = 1000
        var info = stat()
        for index in 0..<10 {
            info.st_ino = ino_t(index)
            answers.keep(.with { $0.data = Data(count: 300) }, for: "/f\(index)", .init(info), nowNanos: 0)
            #expect(answers.count <= 3)
        }
        answers.keep(.with { $0.data = Data(count: 2000) }, for: "/big", .init(info), nowNanos: 0)
        #expect(answers.answer(for: "/big", .init(info)) == nil, "larger than the whole table")
    }

    /// The runner's wire path (`answerSmallFile`, written by `Mapwire_V1_ControlMessage.writeReply`) writes the reply
    /// the usual path sends (`LoaderPlugin.answer`, `ControlCodec.encode`): fresh, kept, missing; and it
    /// declines what the usual path must answer (folders, larger files, glyphs, other schemes).
    @Test func theWirePathWritesTheUsualReply() throws {
        let file = folder.appendingPathComponent("wire.bin")
        try Data(repeating: 0x2a, count: 64).write(to: file)
        let wire = loader(), usual = loader()
        for (path, id) in [(file.path, UInt64(7)), (file.path, 1 << 40), (folder.path + "/missing.bin", 9)] {
            let request = Mapwire_V1_PluginRequest.with { $0.id = id; $0.loadResource = self.request(path) }
            var written = ProtobufRawWriter()
            let answered = wire.answerSmallFile(url: "file://\(path)", kind: .tile, limit: 4096) { resource in
                Mapwire_V1_ControlMessage.writeReply(ResourceReply(id: id, resource: resource), to: &written)
            }
            #expect(answered)
            let reply = try #require(LoaderPlugin.answer(request, with: usual))
            #expect(Data(written.bytes) == ControlCodec.encode(.with { $0.reply = reply }), "\(path)")
        }
        #expect(wire.smallFiles.count == 1)
        let big = folder.appendingPathComponent("big.bin")
        try Data(count: 5000).write(to: big)
        for (url, kind) in [("file://\(folder.path)", Mapwire_V1_ResourceKind.tile), ("file://\(big.path)", .tile),
                            ("file://\(file.path)", .glyphs), ("mbtiles://\(file.path)", .tile), ("https://example.com/a", .tile)] {
            #expect(!wire.answerSmallFile(url: url, kind: kind, limit: 4096) { _ in Issue.record("answered \(url)") })
        }
    }

    /// The in-place path of a plain `file:///` URL is `path(fromFileURL:)`'s; anything unusual is left to it.
    @Test func aPlainFileURLsPathIsReadInPlace() {
        let plain = ["file:///tmp/a.bin", "file:///", "file:///a b/{z}/1.pbf"]
        let other = ["file://relative/a", "file:///a%20b", "file:///caf\u{E9}", "file:///\u{301}x", "file:///a\u{0}b",
                     "mbtiles:///a.mbtiles", "file:/", "file:", ""]
        for url in plain + other {
            let inPlace = url.withCString { ResourceLoader.plainFilePath(inURL: $0, utf8Count: url.utf8.count).map { String(cString: $0) } }
            if plain.contains(url) {
                #expect(inPlace != nil && inPlace == ResourceLoader.path(fromFileURL: url), "\(url)")
            } else {
                #expect(inPlace == nil, "\(url)")
            }
        }
    }
}
