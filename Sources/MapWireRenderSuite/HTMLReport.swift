import Foundation

/// A page showing expected, actual and diff images side by side, failures first.
enum HTMLReport {
    static func render(_ results: [RenderTestResult]) -> String {
        let tally = RenderTestTally(results)
        let rows = RenderTestReport.failuresFirst(results).map(row).joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>Render tests</title>
            <style>
            body { font-family: sans-serif; } table { border-collapse: collapse; }
            td { border-top: 1px solid #ccc; padding: 6px; vertical-align: top; }
            .failed, .errored { color: #b00; } .passed { color: #070; } img { image-rendering: pixelated; max-width: 256px; }
            </style></head><body>
            <h1>Render tests: \(tally.passed) passed, \(tally.failed) failed</h1>
            <table>
            <tr><th>test</th><th>expected</th><th>actual</th><th>diff</th></tr>
            \(rows)
            </table></body></html>

            """
    }

    private static func row(_ result: RenderTestResult) -> String {
        let status = result.status.rawValue
        var notes = ["<span class=\"\(status)\">\(status)</span>"]
        if let ratio = result.ratio {
            notes.append("ratio \(RenderTestReport.format(ratio)) (allowed \(RenderTestReport.format(result.testCase.allowed)))")
        }
        if let error = result.error { notes.append(escape(error)) }
        if let reason = result.testCase.ignoredReason { notes.append("upstream: " + escape(reason)) }
        let expected = result.testCase.expectedImageURL.absoluteString
        let actual = link(result.testCase, RenderTestOutputFolder.actualFileName)
        let diff = link(result.testCase, RenderTestOutputFolder.diffFileName)
        return """
            <tr><td><b>\(escape(result.id))</b><br>\(notes.joined(separator: "<br>"))</td>\
            <td><img loading="lazy" src="\(escape(expected))" alt="expected"></td>\
            <td><img loading="lazy" src="\(escape(actual))" alt="actual"></td>\
            <td><img loading="lazy" src="\(escape(diff))" alt="diff"></td></tr>
            """
    }

    /// A relative link to an output image; test names such as "mapbox-gl-js#3365" need their "#" encoded.
    private static func link(_ testCase: RenderTestCase, _ fileName: String) -> String {
        let path = RenderTestOutputFolder.relativePath(testCase, fileName)
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "#?")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
