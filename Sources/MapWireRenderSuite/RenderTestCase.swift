import Foundation

/// One render test: `tests/<property>/<name>/style.json` plus `expected.png`, with its metadata parsed.
public struct RenderTestCase: Sendable, Equatable {
    /// The folder under `tests/`, e.g. "fill-color".
    public var property: String
    /// The test's folder, e.g. "default".
    public var name: String
    /// The test's folder (read-only input).
    public var directory: URL
    /// The style.json bytes, with `local://` URLs rewritten to `file://` URLs of the suite folder.
    public var styleJSON: Data
    /// In CSS pixels; the image is `width × pixelRatio` by `height × pixelRatio`.
    public var width: Int
    public var height: Int
    public var pixelRatio: Double
    /// The largest share of differing pixels that still passes: `metadata.test.diff`, else 0.00015.
    public var allowed: Double
    public var operations: [RenderOperation]
    /// Why upstream ignored or skipped the test (`metadata.test.ignored` / `skipped`); the test still runs.
    public var ignoredReason: String?

    public init(
        property: String, name: String, directory: URL, styleJSON: Data,
        width: Int = 512, height: Int = 512, pixelRatio: Double = 1,
        allowed: Double = RenderTestCase.defaultAllowed, operations: [RenderOperation] = [],
        ignoredReason: String? = nil
    ) {
        self.property = property
        self.name = name
        self.directory = directory
        self.styleJSON = styleJSON
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.allowed = allowed
        self.operations = operations
        self.ignoredReason = ignoredReason
    }

    /// The upstream harness's default tolerance.
    public static let defaultAllowed = 0.00015

    /// "property/name", the test's identity in filters, reports and output folders.
    public var id: String { "\(property)/\(name)" }

    public var expectedImageURL: URL { directory.appendingPathComponent("expected.png") }

    /// The rendered image's size in device pixels.
    public var imageWidth: Int { Int((Double(width) * pixelRatio).rounded()) }
    public var imageHeight: Int { Int((Double(height) * pixelRatio).rounded()) }
}
