import Foundation
import Testing
@testable import MapWireHTTP

/// The hand-made RFC 1123 formatter against known dates and against Foundation's DateFormatter.
struct RFC1123Tests {
    @Test func knownDates() {
        #expect(RFC1123.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(RFC1123.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(RFC1123.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(RFC1123.format(Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
    }

    @Test func modificationTimesBeyondFourDigitYearsAreClamped() {
        // A file's mtime can be anything a filesystem stores (64-bit seconds on tmpfs and xfs).
        #expect(RFC1123.format(Date(timeIntervalSince1970: 9.3e18)) == "Fri, 31 Dec 9999 23:59:59 GMT")
        #expect(RFC1123.format(Date(timeIntervalSince1970: -9.3e18)) == "Sat, 01 Jan 0 00:00:00 GMT")
        #expect(RFC1123.format(Date(timeIntervalSince1970: .nan)) == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test func agreesWithDateFormatter() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
            #expect(RFC1123.format(date) == formatter.string(from: date))
        }
    }
}
