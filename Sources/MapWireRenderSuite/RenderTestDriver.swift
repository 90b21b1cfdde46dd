import MapWireFormats

/// Renders one test case: loads its style, applies its operations, returns the image
/// (`imageWidth × imageHeight` pixels). Implemented by whatever drives the real engine.
///
/// `RenderTestRunner.run` calls it on the caller's thread, one test at a time, so a driver
/// need not be `Sendable` and may keep mutable state (processes, sockets) without locks.
public protocol RenderTestDriver {
    func render(_ testCase: RenderTestCase) throws -> RGBAImage
}
