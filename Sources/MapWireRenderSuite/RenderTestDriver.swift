import MapWireFormats

/// Renders one test case: loads its style, applies its operations, returns the image
/// (`imageWidth × imageHeight` pixels). Implemented by whatever drives the real engine.
///
/// `RenderTestRunner.run` calls it on the caller's thread, one test at a time, so a driver
/// need not be `Sendable` and may keep mutable state (processes, sockets) without locks.
public protocol RenderTestDriver {
    func render(_ testCase: RenderTestCase) throws -> RGBAImage

    /// What the last `render` could not load (a tile set's tiles, a source, the sprite, glyphs),
    /// each with its cause; empty when everything loaded. Asked only when the image did not match,
    /// so a test whose data did not load is reported as an error naming why, not as a blank failure.
    func loadErrors() -> [String]
}

extension RenderTestDriver {
    public func loadErrors() -> [String] { [] }
}
