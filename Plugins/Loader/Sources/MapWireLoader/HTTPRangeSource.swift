import Foundation
import MapWireFormats
import MapWireHTTP
import MapWireProtocol

/// A remote PMTiles archive (`pmtiles://https://host/file.pmtiles`) read with HTTP Range requests
/// through the HTTP loader's slots. The reader keeps the header and directories it read; each tile
/// is one more Range request. A server that ignores Range (200 with the whole file) still works,
/// within the body limit.
struct HTTPRangeSource: PMTilesByteSource {
    let url: String
    let http: HTTPResourceLoader

    var name: String { url }

    func read(offset: UInt64, length: Int) async throws -> Data {
        guard length > 0 else { return Data() }
        let last = offset + UInt64(length) - 1
        // Identity: a Range counts bytes of the encoded body, which a gzip answer would change.
        let answer = await http.download(url, kind: .source, priority: .regular,
                                         headers: [("Range", "bytes=\(offset)-\(last)"), ("Accept-Encoding", "identity")])
        if let error = answer.error {
            throw PMTilesError.unreachable(name: url, reason: error.reason.documentedName, detail: error.message,
                                           retryAfterMilliseconds: answer.retryAfterMs)
        }
        guard let data = answer.data else { throw PMTilesError.readFailed(name: url, detail: "HTTP \(answer.status) to a Range request") }
        if answer.status == 206 { return data.prefix(length) }
        // 200: the whole archive; the part asked for (short at its end, as a file read would be).
        let start = Int(clamping: offset)
        guard start < data.count else { return Data() }
        return data.subdata(in: start..<min(data.count, start + length))
    }
}
