import Foundation
import MapWireJSON

/// The parts of a style's `metadata.test` that the runner needs, with the upstream defaults.
struct RenderTestMetadata {
    var width = 512
    var height = 512
    var pixelRatio = 1.0
    var allowed = RenderTestCase.defaultAllowed
    var operations: [RenderOperation] = []
    var ignoredReason: String?

    init(style: [String: Any], root: URL) {
        let test = (style["metadata"] as? [String: Any])?["test"] as? [String: Any] ?? [:]
        if let width = FoundationJSON.double(test["width"]) { self.width = Int(width) }
        if let height = FoundationJSON.double(test["height"]) { self.height = Int(height) }
        if let ratio = FoundationJSON.double(test["pixelRatio"]) { pixelRatio = ratio }
        // Upstream spelled the tolerance `diff`; later suites call it `allowed`.
        if let allowed = FoundationJSON.double(test["diff"]) ?? FoundationJSON.double(test["allowed"]) { self.allowed = allowed }
        operations = (test["operations"] as? [Any] ?? []).map { RenderOperationParser.parse($0, root: root) }
        let reasons = [Self.reason("ignored", test["ignored"]), Self.reason("skipped", test["skipped"])].compactMap { $0 }
        ignoredReason = reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// `{"native": "https://…"}` becomes "ignored (native): https://…"; a plain string or `true` is kept too.
    private static func reason(_ label: String, _ value: Any?) -> String? {
        switch value {
        case let byPlatform as [String: Any]:
            guard !byPlatform.isEmpty else { return nil }
            return byPlatform.keys.sorted().map { "\(label) (\($0)): \(JSONFragment.text(byPlatform[$0]!).trimmingCharacters(in: ["\""]))" }
                .joined(separator: "; ")
        case let text as String:
            return "\(label): \(text)"
        default:
            return FoundationJSON.bool(value) == true ? label : nil
        }
    }
}
