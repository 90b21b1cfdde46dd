import Foundation
import MapWireFormats
import Testing
@testable import MapWireRenderSuite

/// The 155 mapbox-gl-test-suite render tests in ../shared/fixtures/render-tests.
@Suite(.enabled(if: SharedFixtures.isAvailable, SharedFixtures.skipMessage))
struct SharedRenderSuiteTests {
    let root = SharedFixtures.renderTests!

    @Test func loadsEveryTest() throws {
        let cases = try RenderSuite.load(root: root, filter: nil)
        #expect(cases.count == 155)
        #expect(Set(cases.map(\.property)).count == 38)
        // 40 ignored and 31 skipped upstream, 8 of them both.
        #expect(cases.filter { $0.ignoredReason != nil }.count == 63)
        #expect(cases.filter { $0.allowed != RenderTestCase.defaultAllowed }.count == 12)
        let lineJoin = try #require(cases.first { $0.id == "line-join/round" })
        #expect(lineJoin.allowed == 0.00075)
    }

    @Test func everyOperationIsKnown() throws {
        let cases = try RenderSuite.load(root: root, filter: nil)
        let operations = cases.flatMap(\.operations)
        #expect(operations.count == 112)
        for testCase in cases {
            for case .unknown(let text) in testCase.operations {
                Issue.record("\(testCase.id): unknown operation \(text)")
            }
        }
        let image = try #require(try RenderSuite.load(root: root, filter: "runtime-styling/image-add").first)
        guard case .addImage(let id, let path, _, _) = image.operations.first else {
            Issue.record("image-add should start with addImage")
            return
        }
        #expect(id == "marker")
        #expect(path == root.appendingPathComponent("image/marker.png").standardizedFileURL)
        #expect(FileManager.default.fileExists(atPath: path.path))
    }

    @Test func localURLsPointAtExistingFiles() throws {
        let prefix = LocalURLRewriter.fileURLPrefix(root)
        for testCase in try RenderSuite.load(root: root, filter: nil) {
            let style = String(decoding: testCase.styleJSON, as: UTF8.self)
            #expect(!style.contains("local://"), "\(testCase.id) still has local:// URLs")
            // Every rewritten URL without a template names a file of the suite.
            for url in Self.quotedStrings(in: style, startingWith: prefix) where !url.contains("{") {
                let file = try #require(URL(string: url))
                #expect(FileManager.default.fileExists(atPath: file.path), "\(testCase.id): \(url)")
            }
        }
    }

    /// Each expected.png has the metadata's size, and matches itself.
    @Test func expectedImagesMatchThemselves() throws {
        for testCase in try RenderSuite.load(root: root, filter: nil) {
            let expected = try ImageDecoder.decode(try Data(contentsOf: testCase.expectedImageURL))
            #expect(expected.width == testCase.imageWidth && expected.height == testCase.imageHeight, "\(testCase.id)")
            let result = ImageDiff.compare(expected, expected)
            #expect(result.differentPixels == 0 && result.ratio <= testCase.allowed, "\(testCase.id)")
        }
    }

    /// The regressions tests have "#" in their names: the runner must still write and link their images.
    @Test func runnerPassesRendersThatAreTheExpectedImage() throws {
        let output = try TemporaryDirectory()
        let cases = try RenderSuite.load(root: root, filter: "regressions/")
        let driver = FakeDriver()
        driver.matching = Set(cases.map(\.id))
        let results = RenderTestRunner.run(cases, driver: driver, outputRoot: output.url, progress: nil)
        #expect(results.count == 10 && results.allSatisfy(\.passed))
        #expect(RenderTestRunner.summary(results) == "regressions: 10/10\nrender tests: 10 passed, 0 failed")
        let actual = output.url.appendingPathComponent("regressions/mapbox-gl-js#3365/actual.png")
        #expect(FileManager.default.fileExists(atPath: actual.path))
    }

    private static func quotedStrings(in text: String, startingWith prefix: String) -> [String] {
        text.components(separatedBy: "\"" + prefix).dropFirst().compactMap { rest in
            rest.split(separator: "\"", maxSplits: 1).first.map { prefix + $0 }
        }
    }
}
