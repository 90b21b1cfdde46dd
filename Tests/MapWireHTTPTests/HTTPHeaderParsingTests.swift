import MapWireCache
import Foundation
import Testing
@testable import MapWireHTTP

/// HTTP dates in their three formats, cache headers and Retry-After: pure functions of text and time.
struct HTTPHeaderParsingTests {
    @Test func httpDatesInAllThreeFormats() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(HTTPDate.parse("Tue, 29 Feb 2000 00:00:00 GMT") == 951_782_400)
        #expect(HTTPDate.parse("Thursday, 01-Jan-37 00:00:00 GMT") == 2_114_380_800)
        // What RFC1123.format writes reads back.
        #expect(HTTPDate.parse(RFC1123.format(Date(timeIntervalSince1970: 1_700_000_000))) == 1_700_000_000)
    }

    @Test func badDatesAreNil() {
        for text in ["", "0", "-1", "yesterday", "Sun, 31 Feb 2000 00:00:00 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
                     "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    @Test func maxAgeWinsOverExpires() {
        let headers = ["Cache-Control": "public, max-age=600", "Expires": "Sun, 06 Nov 1994 08:49:37 GMT",
                       "ETag": "\"abc\"", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"]
        let policy = CachePolicy(now: 1000) { headers[$0] }
        #expect(policy == CachePolicy(expires: 1600, mustRevalidate: false, etag: "\"abc\"", modified: 784_111_777))
    }

    @Test func expiresAloneAndUnreadableExpires() {
        #expect(CachePolicy(now: 5) { $0 == "Expires" ? "Sun, 06 Nov 1994 08:49:37 GMT" : nil }.expires == 784_111_777)
        // "0" and other junk mean already expired.
        #expect(CachePolicy(now: 5) { $0 == "Expires" ? "0" : nil }.expires == 5)
        #expect(CachePolicy(now: 5) { _ in nil } == CachePolicy())
    }

    @Test func mustRevalidateAndNoCache() {
        let revalidate = CachePolicy(now: 100) { $0 == "Cache-Control" ? "max-age=60, Must-Revalidate" : nil }
        #expect(revalidate.expires == 160 && revalidate.mustRevalidate)
        let noCache = CachePolicy(now: 100) { $0 == "Cache-Control" ? "no-cache, max-age=60" : nil }
        #expect(noCache.expires == 100 && noCache.mustRevalidate)
    }

    @Test func cachedCopiesAreFreshStaleOrMustBeRevalidated() {
        let data = Data("x".utf8)
        #expect(CachedResource(data: data, policy: CachePolicy(expires: 200)).entry.freshness(now: 100) == .fresh)
        #expect(CachedResource(data: data, policy: CachePolicy(expires: 200, mustRevalidate: true)).entry.freshness(now: 100) == .fresh)
        #expect(CachedResource(data: data, policy: CachePolicy(expires: 100)).entry.freshness(now: 100) == .stale)
        // Nothing says it ever goes stale (MapLibre's reading).
        #expect(CachedResource(data: data, policy: CachePolicy()).entry.freshness(now: 100) == .fresh)
        #expect(CachedResource(data: data, policy: CachePolicy(expires: 50, mustRevalidate: true)).entry.freshness(now: 100) == .mustRevalidate)
        #expect(CachedResource(data: data, policy: CachePolicy(mustRevalidate: true)).entry.freshness(now: 100) == .mustRevalidate)
    }

    @Test func retryAfterInSecondsOrAsADateElseRateLimitReset() {
        #expect(RetryAfter.milliseconds(retryAfter: "3", rateLimitReset: nil, now: 0) == 3000)
        #expect(RetryAfter.milliseconds(retryAfter: " 0 ", rateLimitReset: nil, now: 0) == 0)
        #expect(RetryAfter.milliseconds(retryAfter: "Sun, 06 Nov 1994 08:49:47 GMT", rateLimitReset: nil, now: 784_111_777) == 10_000)
        // A date in the past: retry now.
        #expect(RetryAfter.milliseconds(retryAfter: "Sun, 06 Nov 1994 08:49:37 GMT", rateLimitReset: nil, now: 784_111_800) == 0)
        #expect(RetryAfter.milliseconds(retryAfter: nil, rateLimitReset: "1000007", now: 1_000_000) == 7000)
        #expect(RetryAfter.milliseconds(retryAfter: "soon", rateLimitReset: "1000002", now: 1_000_000) == 2000)
        #expect(RetryAfter.milliseconds(retryAfter: nil, rateLimitReset: nil, now: 0) == nil)
        #expect(RetryAfter.milliseconds(retryAfter: "junk", rateLimitReset: "junk", now: 0) == nil)
        // A hostile value is capped at a day.
        #expect(RetryAfter.milliseconds(retryAfter: "99999999999", rateLimitReset: nil, now: 0) == 86_400_000)
    }
}
