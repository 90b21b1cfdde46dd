/// Pass counts per property and in total, shared by the summary and the reports.
struct RenderTestTally {
    struct Property: Codable {
        var property: String
        var passed: Int
        var total: Int
    }

    /// Sorted by property name.
    let properties: [Property]
    let passed: Int
    let failed: Int
    /// Among the failed: those that errored (see `RenderTestResult.Status`).
    let errored: Int
    var total: Int { passed + failed }

    init(_ results: [RenderTestResult]) {
        var byProperty: [String: Property] = [:]
        for result in results {
            var entry = byProperty[result.testCase.property] ?? Property(property: result.testCase.property, passed: 0, total: 0)
            entry.total += 1
            if result.passed { entry.passed += 1 }
            byProperty[result.testCase.property] = entry
        }
        properties = byProperty.values.sorted { $0.property < $1.property }
        passed = results.filter(\.passed).count
        failed = results.count - passed
        errored = results.filter { $0.status == .errored }.count
    }
}
