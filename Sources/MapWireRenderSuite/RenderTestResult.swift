/// The outcome of one render test.
public struct RenderTestResult: Sendable, Equatable {
    public var testCase: RenderTestCase
    /// The differing-pixel ratio was at most `testCase.allowed`, and nothing went wrong.
    public var passed: Bool
    /// Share of differing pixels; `nil` when no comparison happened (render failed, no expected.png).
    public var ratio: Double?
    public var differentPixels: Int?
    /// What went wrong, if anything: the test then fails.
    public var error: String?
    public var durationMs: Double

    public init(
        testCase: RenderTestCase, passed: Bool, ratio: Double? = nil, differentPixels: Int? = nil,
        error: String? = nil, durationMs: Double = 0
    ) {
        self.testCase = testCase
        self.passed = passed
        self.ratio = ratio
        self.differentPixels = differentPixels
        self.error = error
        self.durationMs = durationMs
    }

    public var id: String { testCase.id }

    public enum Status: String, Sendable, Codable {
        case passed, failed
        /// The test could not be judged on its own merits: it did not render, its data did not
        /// load, or its output could not be written; `error` says why.
        case errored
    }

    public var status: Status { passed ? .passed : (error == nil ? .failed : .errored) }
}
