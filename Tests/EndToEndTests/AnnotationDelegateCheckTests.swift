import Foundation
import Testing

/// `mapwire plugin-check` on annotation delegates written in the test (Python, on the SDK's Plugin class,
/// which answers any request kind of the schema): a good one passes the role's rows, one that names ids it
/// was not asked about or answers a colour that does not parse fails them.
@Suite(.serialized, .enabled(if: Binaries.available, "build the executables first (swift build)"),
       .enabled(if: Prerequisites.pythonSDK, Prerequisites.pythonSDKMissing))
struct AnnotationDelegateCheckTests {
    static let pythonPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Plugins/python").path

    /// A delegate whose DescribeAnnotations answer for each annotation is `describe` (Python, `a` the
    /// annotation), after `firstDelay` seconds the first time (a JVM warming up).
    func delegate(_ run: TestRun, describe: String, firstDelay: Double = 0) throws -> String {
        let script = run.file("delegate.py")
        try """
            import sys, time
            sys.path.insert(0, \(String(reflecting: Self.pythonPath)))
            from mapwire_protocol import Plugin
            from mapwire.v1 import control_pb2
            plugin = Plugin("test-annotation-delegate", ["annotation-delegate"])
            delays = [\(firstDelay)]

            @plugin.handles("describe_annotations")
            def describe(question, _request):
                if delays:
                    time.sleep(delays.pop())
                return control_pb2.AnnotationDescriptions(descriptions=[\(describe) for a in question.annotations])

            @plugin.handles("describe_user_location")
            def user_location(question, _request):
                return control_pb2.UserLocationDescription(style=control_pb2.PuckStyle(puck_fill_color="orange"))

            plugin.run()
            """.write(to: script, atomically: true, encoding: .utf8)
        return script.path
    }

    func rows(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("annotation-delegate:") }
    }

    @Test func aGoodDelegatePassesTheRolesChecks() throws {
        let run = try TestRun()
        let script = try delegate(run, describe: ##"control_pb2.AnnotationDescription(id=a.id, fill_color="#00aa00" if a.attributes.get("kind") == "park" else "red", alpha=0.8)"##)
        let check = try run.mapwire(["plugin-check", "--", "python3", script], timeout: 90)
        let role = rows(check.stdout)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(role.count == 2, "\(check.stdout)")
        #expect(role.allSatisfy { $0.contains(" pass ") }, "\(check.stdout)")
        #expect(check.stdout.contains("2 description(s) of 2 asked"), "\(check.stdout)")
    }

    /// Slow the first time only: it passes on its median, and the check reports its slowest answer
    /// with a warning, since a core drops that answer and counts a timeout.
    @Test func aDelegateSlowAtFirstPassesWithItsSlowestAnswerReported() throws {
        let run = try TestRun()
        let script = try delegate(run, describe: #"control_pb2.AnnotationDescription(id=a.id)"#, firstDelay: 0.29)
        let check = try run.mapwire(["plugin-check", "--", "python3", script], timeout: 90)
        let row = rows(check.stdout).first { $0.contains("DescribeAnnotations") } ?? ""
        #expect(row.contains(" pass "), "\(check.stdout)")
        let slowest = row.range(of: "slowest ").map { Int(row[$0.upperBound...].prefix { $0.isNumber }) ?? 0 } ?? 0
        #expect(slowest >= 290, "\(row)")
        #expect(row.contains("warning: the slowest is past the 50 ms deadline"), "\(row)")
        figure("plugin-check, a delegate slow at first: \(row.split(separator: " ").suffix(24).joined(separator: " "))")
    }

    @Test(arguments: [#"control_pb2.AnnotationDescription(id="not-" + a.id)"#,
                      #"control_pb2.AnnotationDescription(id=a.id, stroke_color="not a colour")"#])
    func aDelegateAnsweringGarbageFailsDescribeAnnotations(describe: String) throws {
        let run = try TestRun()
        let check = try run.mapwire(["plugin-check", "--", "python3", try delegate(run, describe: describe)], timeout: 90)
        #expect(check.status == 1, "\(check.stdout)")
        let row = rows(check.stdout).first { $0.contains("DescribeAnnotations") } ?? ""
        #expect(row.contains("FAIL"), "\(check.stdout)")
        #expect(rows(check.stdout).contains { $0.contains("DescribeUserLocation") && $0.contains(" pass ") }, "\(check.stdout)")
    }
}
