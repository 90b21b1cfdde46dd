import Foundation
import MapWireExpressionSuite

/// `mapwire render-tests` on an expression suite: no processes, the style evaluator in this one.
struct ExpressionTestsRun {
    let root: URL
    let filter: String?
    let output: String
    let verbose: Bool

    func run() throws {
        let cases = try ExpressionSuite.load(root: root, filter: filter)
        let results = ExpressionTestRunner.run(cases) { result in
            if verbose || result.error != nil { Output.line(ExpressionTestRunner.line(result)) }
        }
        let outputRoot = URL(fileURLWithPath: output).standardizedFileURL
        try ExpressionTestRunner.writeReport(results, to: outputRoot)
        Output.line(ExpressionTestRunner.summary(results))
        Output.line("report: \(outputRoot.path)")
    }
}
