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
        properties = PassCounts.byGroup(results, group: \.testCase.property, passed: \.passed).map {
            Property(property: $0.name, passed: $0.passed, total: $0.total)
        }
        passed = results.filter(\.passed).count
        failed = results.count - passed
        errored = results.filter { $0.status == .errored }.count
    }
}
