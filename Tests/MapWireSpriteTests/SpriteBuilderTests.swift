import Foundation
import MapWireFormats
import Testing
@testable import MapWireSprite

@Suite struct SpriteBuilderTests {
    private let icons = [
        "square-11.svg": SVGFolder.redSquare, "circle.svg": SVGFolder.blueCircle, "bar.svg": SVGFolder.greenBar,
    ]

    @Test func buildsASheetWithEveryIconInside() throws {
        let folder = try SVGFolder(icons)
        defer { folder.remove() }
        let (png, index) = try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 1)
        let sheet = try ImageDecoder.decode(png)

        #expect(Set(index.keys) == ["square-11", "circle", "bar"])
        #expect(index["square-11"] == SpriteEntry(x: index["square-11"]!.x, y: index["square-11"]!.y, width: 11, height: 11, pixelRatio: 1))
        #expect(index["circle"]?.width == 15 && index["circle"]?.height == 15)
        #expect(index["bar"]?.width == 20 && index["bar"]?.height == 4)
        for (name, entry) in index {
            #expect(entry.x >= 0 && entry.y >= 0, "\(name)")
            #expect(entry.x + entry.width <= sheet.width && entry.y + entry.height <= sheet.height, "\(name)")
            #expect(entry.sdf == nil)
        }
        try expectNoOverlap(index, padding: 1)
    }

    @Test func iconPixelsLandAtTheirEntries() throws {
        let folder = try SVGFolder(icons)
        defer { folder.remove() }
        let (png, index) = try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 1)
        let sheet = try ImageDecoder.decode(png)

        let square = try #require(index["square-11"])
        for y in square.y..<(square.y + square.height) {
            for x in square.x..<(square.x + square.width) {
                let p = sheet.pixel(x: x, y: y)
                #expect(p.r == 255 && p.g == 0 && p.b == 0 && p.a == 255, "pixel \(x),\(y)")
            }
        }
        let circle = try #require(index["circle"])
        let centre = sheet.pixel(x: circle.x + 7, y: circle.y + 7)
        #expect(centre.b == 255 && centre.a == 255 && centre.r == 0)
        #expect(sheet.pixel(x: circle.x, y: circle.y).a == 0)  // corner, outside the circle
        let bar = try #require(index["bar"])
        #expect(sheet.pixel(x: bar.x + 10, y: bar.y + 2).g == 255)
    }

    @Test func doubleRatioDoublesEveryIcon() throws {
        let folder = try SVGFolder(icons)
        defer { folder.remove() }
        let one = try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 1)
        let two = try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 2)
        for (name, entry) in one.index {
            let doubled = try #require(two.index[name])
            #expect(doubled.width == entry.width * 2 && doubled.height == entry.height * 2, "\(name)")
            #expect(doubled.pixelRatio == 2)
        }
        let sheet = try ImageDecoder.decode(two.png)
        let square = try #require(two.index["square-11"])
        let p = sheet.pixel(x: square.x + 21, y: square.y + 21)
        #expect(p.r == 255 && p.a == 255)
    }

    @Test func writeCreatesBothRatios() throws {
        let folder = try SVGFolder(icons)
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out/sprite")
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try SpriteBuilder.write(svgFolder: folder.url, output: output)

        for suffix in ["", "@2x"] {
            let png = try Data(contentsOf: URL(fileURLWithPath: output.path + suffix + ".png"))
            let json = try Data(contentsOf: URL(fileURLWithPath: output.path + suffix + ".json"))
            let index = try JSONDecoder().decode([String: SpriteEntry].self, from: json)
            #expect(index.count == 3)
            #expect(index["bar"]?.pixelRatio == (suffix.isEmpty ? 1 : 2))
            _ = try ImageDecoder.decode(png)
            #expect(!String(decoding: json, as: UTF8.self).contains("sdf"))
        }
    }

    @Test func missingFolderIsAClearError() {
        let missing = URL(fileURLWithPath: "/nonexistent/mapwire-icons")
        #expect(throws: SpriteError.folderNotFound(missing.path)) {
            try SpriteBuilder.build(svgFolder: missing, pixelRatio: 1)
        }
        #expect(SpriteError.folderNotFound(missing.path).description.contains("/nonexistent/mapwire-icons"))
    }

    @Test func folderWithoutSVGsIsAnError() throws {
        let folder = try SVGFolder(["readme.txt": "hello"])
        defer { folder.remove() }
        #expect(throws: SpriteError.noSVGFiles(folder.url.path)) {
            try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 1)
        }
    }

    @Test func invalidSVGIsReportedByBuildAndSkippedBySheet() throws {
        var files = icons
        files["broken.svg"] = "<svg this is not xml"
        files["sizeless.svg"] = #"<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>"#
        // Its pixel size does not fit Int: it trapped before the size check.
        files["vast.svg"] = #"<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1e30"><rect width="5" height="5"/></svg>"#
        let folder = try SVGFolder(files)
        defer { folder.remove() }

        do {
            _ = try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 1)
            Issue.record("build should reject the broken SVGs")
        } catch SpriteError.invalidSVGs(let skipped) {
            #expect(skipped.map(\.file) == ["broken.svg", "sizeless.svg", "vast.svg"])
        }

        let sheet = try SpriteBuilder.sheet(svgFolder: folder.url, pixelRatio: 1)
        #expect(Set(sheet.index.keys) == ["square-11", "circle", "bar"])
        #expect(sheet.skipped.map(\.file) == ["broken.svg", "sizeless.svg", "vast.svg"])
        #expect(sheet.skipped.allSatisfy { !$0.reason.isEmpty })
        #expect(sheet.skipped.last?.reason.hasPrefix("unusable size") == true, "\(sheet.skipped.last?.reason ?? "")")

        let output = folder.url.appendingPathComponent("sprite")
        #expect(throws: SpriteError.self) { try SpriteBuilder.write(svgFolder: folder.url, output: output) }
        let skipped = try SpriteBuilder.write(svgFolder: folder.url, output: output, skipInvalid: true)
        #expect(skipped.count == 3)
    }

    @Test func invalidPixelRatioIsRejected() throws {
        let folder = try SVGFolder(icons)
        defer { folder.remove() }
        #expect(throws: SpriteError.invalidPixelRatio(0)) {
            try SpriteBuilder.build(svgFolder: folder.url, pixelRatio: 0)
        }
    }

    @Test(.enabled(if: SharedFixtures.makiIcons != nil, SharedFixtures.makiSkipMessage))
    func buildsTheMakiIconsBrightUses() throws {
        let folder = try #require(SharedFixtures.makiIcons)
        let svgCount = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".svg") }.count
        for ratio in [1, 2] {
            let (png, index) = try SpriteBuilder.build(svgFolder: folder, pixelRatio: ratio)
            #expect(index.count == svgCount)
            // bright-v9 uses "{maki}-11" for POIs and "motorway_{reflen}" for shields.
            for name in ["airport-11", "rail-metro-11", "park-11", "restaurant-11", "motorway_1", "motorway_6"] {
                #expect(index[name] != nil, "\(name) missing")
            }
            #expect(index["airport-11"]?.width == 17 * ratio)
            let sheet = try ImageDecoder.decode(png)
            for entry in index.values {
                #expect(entry.x + entry.width <= sheet.width && entry.y + entry.height <= sheet.height)
            }
            try expectNoOverlap(index, padding: 1)
        }
    }

    private func expectNoOverlap(_ index: [String: SpriteEntry], padding: Int) throws {
        let entries = index.sorted { $0.key < $1.key }
        for (i, a) in entries.enumerated() {
            for b in entries[(i + 1)...] {
                let apart = a.value.x + a.value.width + padding <= b.value.x
                    || b.value.x + b.value.width + padding <= a.value.x
                    || a.value.y + a.value.height + padding <= b.value.y
                    || b.value.y + b.value.height + padding <= a.value.y
                #expect(apart, "\(a.key) and \(b.key) overlap or touch")
            }
        }
    }
}
