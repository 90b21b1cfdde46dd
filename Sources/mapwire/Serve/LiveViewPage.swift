import Foundation

/// The page at `/` (the live view comes with part 2 of issue 18): for now the list of endpoints.
enum LiveViewPage {
    static let html = Data("""
        <!doctype html>
        <html><head><meta charset="utf-8"><title>mapwire serve</title></head>
        <body><h1>mapwire serve</h1>
        <p>Tiles: <code>/styles/{id}/{z}/{x}/{y}[@2x].png</code>, static images:
        <code>/styles/{id}/static/{lon},{lat},{zoom}/{w}x{h}.png</code>, TileJSON: <code>/styles/{id}.json</code>,
        <a href="/health">health</a>, <a href="/metrics">metrics</a>.</p>
        </body></html>
        """.utf8)
}
