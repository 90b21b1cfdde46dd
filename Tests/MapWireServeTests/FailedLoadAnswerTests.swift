import Foundation
import MapWireProtocol
import Testing
@testable import MapWireServe

/// An image drawn without data it needed is never a success: 502 when the upstream answered with an
/// error, 503 when it did not answer; with Retry-After and no-store, and never in the image cache.
@Suite struct FailedLoadAnswerTests {
    func load(_ reason: Mapwire_V1_ErrorReason, _ message: String = "", type: Mapwire_V1_MapLoadingError.TypeEnum = .tile) -> Mapwire_V1_FailedLoad {
        .with {
            $0.type = type
            $0.reason = reason
            $0.message = message
            $0.sourceID = "v"
            $0.tileID = .with { $0.z = 3; $0.x = 4; $0.y = 5 }
        }
    }

    @Test func nothingFailedIsNoFailure() {
        #expect(FailedLoadAnswer.failure([]) == nil)
    }

    @Test func anUpstreamErrorIs502AndNoAnswerIs503() throws {
        for reason in [Mapwire_V1_ErrorReason.server, .notFound, .rateLimit] {
            let failure = try #require(FailedLoadAnswer.failure([load(reason)]))
            #expect(failure.status == 502 && failure.retryAfterSeconds != nil, "\(reason)")
        }
        #expect(FailedLoadAnswer.failure([load(.other, "HTTP status 403: http://t/3/4/5.pbf")])?.status == 502)
        for (reason, message) in [(Mapwire_V1_ErrorReason.connection, "connection refused"), (.other, "no answer within 30000 ms")] {
            let failure = try #require(FailedLoadAnswer.failure([load(reason, message)]))
            #expect(failure.status == 503 && failure.retryAfterSeconds != nil, "\(message)")
        }
        // One upstream error among unreachable loads: the upstream's answer wins.
        #expect(FailedLoadAnswer.failure([load(.connection), load(.server)])?.status == 502)
    }

    @Test func theMessageNamesWhatFailed() throws {
        let failure = try #require(FailedLoadAnswer.failure([load(.server, "HTTP 500 server error: http://t/3/4/5.pbf"), load(.server)]))
        #expect(failure.message.contains("2 loads") && failure.message.contains("tile of source \"v\" 3/4/5") && failure.message.contains("HTTP 500"))
    }

    @Test func aFailureIsAnsweredWithNoStoreAndRetryAfter() throws {
        let response = ServeFailure(status: 503, message: "down").response(redacting: ServerPaths(roots: []))
        #expect(response.status == 503 && response.header("Cache-Control") == "no-store" && response.header("Retry-After") == "2")
        #expect(ServeFailure(status: 404, message: "none").response(redacting: ServerPaths(roots: [])).header("Retry-After") == nil)
    }
}
