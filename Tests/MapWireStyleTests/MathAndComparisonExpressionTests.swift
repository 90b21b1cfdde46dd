import Foundation
import Testing
@testable import MapWireStyle

struct MathExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["+", 1, 2]"#, n(3)),
        ExpressionCase(#"["+", 1, 2, 3.5]"#, n(6.5)),
        ExpressionCase(#"["*", 2, 3, 4]"#, n(24)),
        ExpressionCase(#"["-", 5]"#, n(-5)),
        ExpressionCase(#"["-", 5, 7]"#, n(-2)),
        ExpressionCase(#"["/", 7, 2]"#, n(3.5)),
        ExpressionCase(#"["/", 1, 0]"#, n(.infinity)),
        ExpressionCase(#"["%", 7, 3]"#, n(1)),
        ExpressionCase(#"["%", -7, 3]"#, n(-1)),
        ExpressionCase(#"["^", 2, 10]"#, n(1024)),
        ExpressionCase(#"["^", 4, 0.5]"#, n(2)),
        ExpressionCase(#"["sqrt", 16]"#, n(4)),
        ExpressionCase(#"["log10", 1000]"#, n(3)),
        ExpressionCase(#"["ln", ["e"]]"#, n(1)),
        ExpressionCase(#"["log2", 8]"#, n(3)),
        ExpressionCase(#"["sin", 0]"#, n(0)),
        ExpressionCase(#"["cos", 0]"#, n(1)),
        ExpressionCase(#"["tan", ["/", ["pi"], 4]]"#, n(1)),
        ExpressionCase(#"["asin", 1]"#, n(Double.pi / 2)),
        ExpressionCase(#"["acos", 1]"#, n(0)),
        ExpressionCase(#"["atan", 1]"#, n(Double.pi / 4)),
        ExpressionCase(#"["pi"]"#, n(Double.pi)),
        ExpressionCase(#"["e"]"#, n(M_E)),
        ExpressionCase(#"["ln2"]"#, n(M_LN2)),
        ExpressionCase(#"["abs", -2.5]"#, n(2.5)),
        ExpressionCase(#"["ceil", 1.2]"#, n(2)),
        ExpressionCase(#"["floor", -1.2]"#, n(-2)),
        ExpressionCase(#"["round", 2.5]"#, n(3)),
        ExpressionCase(#"["round", -2.5]"#, n(-3)),
        ExpressionCase(#"["round", 1.4]"#, n(1)),
        ExpressionCase(#"["min", 3, 1, 2]"#, n(1)),
        ExpressionCase(#"["max", 3, 1, 2]"#, n(3)),
        ExpressionCase(#"["max", 3]"#, n(3)),
        ExpressionCase(#"["min"]"#, n(.infinity)),
        ExpressionCase(#"["max"]"#, n(-.infinity)),
        ExpressionCase(#"["+", ["get", "num"], 1]"#, n(6)),
        // Values of the wrong type make the whole expression null (the property then uses its default).
        ExpressionCase(#"["+", ["get", "missing"], 1]"#, .null),
        ExpressionCase(#"["*", ["get", "str"], 2]"#, .null),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    @Test(arguments: [#"["+", 1, "a"]"#, #"["sqrt", "4"]"#])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }

    @Test(arguments: [#"["sqrt", -1]"#, #"["ln", -1]"#, #"["asin", 2]"#, #"["%", 1, 0]"#])
    func notANumber(_ expression: String) throws {
        #expect(try evaluate(expression).number?.isNaN == true)
    }
}

struct ComparisonExpressionTests {
    @Test(arguments: [
        ExpressionCase(#"["==", 1, 1]"#, b(true)),
        ExpressionCase(#"["==", ["get", "num"], ["get", "str"]]"#, b(false)),
        ExpressionCase(#"["!=", ["get", "num"], ["get", "str"]]"#, b(true)),
        ExpressionCase(#"["==", "a", "a"]"#, b(true)),
        ExpressionCase(#"["==", true, false]"#, b(false)),
        ExpressionCase(#"["==", ["get", "missing"], null]"#, b(true)),
        ExpressionCase(#"["!=", ["get", "class"], "park"]"#, b(false)),
        ExpressionCase(#"["==", ["get", "num"], 5]"#, b(true)),
        ExpressionCase(#"["==", ["get", "num"], 5, ["collator", {"case-sensitive": true}]]"#, b(true)),
        ExpressionCase(#"["<", 1, 2]"#, b(true)),
        ExpressionCase(#"["<", 2, 1]"#, b(false)),
        ExpressionCase(#"["<=", 2, 2]"#, b(true)),
        ExpressionCase(#"[">", 3, 2]"#, b(true)),
        ExpressionCase(#"[">=", 2, 2]"#, b(true)),
        ExpressionCase(#"["<", "a", "b"]"#, b(true)),
        ExpressionCase(#"["<", "B", "a"]"#, b(true)),
        ExpressionCase(#"[">", "abc", "ab"]"#, b(true)),
        ExpressionCase(#"["<", "a", "b", ["collator", {}]]"#, b(true)),
        ExpressionCase(#"["<", ["get", "num"], ["get", "str"]]"#, .null),
        ExpressionCase(#"["<", ["get", "missing"], 2]"#, .null),
        ExpressionCase(#"["!", true]"#, b(false)),
        ExpressionCase(#"["!", ["has", "missing"]]"#, b(true)),
        ExpressionCase(#"["all"]"#, b(true)),
        ExpressionCase(#"["all", true, true]"#, b(true)),
        ExpressionCase(#"["all", true, false]"#, b(false)),
        ExpressionCase(#"["all", false, ["boolean", ["get", "num"]]]"#, b(false)),
        ExpressionCase(#"["all", true, ["boolean", ["get", "num"]]]"#, .null),
        ExpressionCase(#"["any"]"#, b(false)),
        ExpressionCase(#"["any", false, true]"#, b(true)),
        ExpressionCase(#"["any", true, ["boolean", ["get", "num"]]]"#, b(true)),
        ExpressionCase(#"["any", false, ["boolean", ["get", "str"]]]"#, .null),
    ])
    func evaluates(_ test: ExpressionCase) throws { try test.check() }

    /// Types known to differ, collators on numbers, and non-boolean logic do not compile.
    @Test(arguments: [
        #"["==", 1, "1"]"#, #"["!=", 1, "1"]"#, #"["==", 1, 1, ["collator", {"case-sensitive": true}]]"#, #"["<", 1, "2"]"#,
        #"["!", 1]"#, #"["all", false, 1]"#, #"["all", true, 1]"#, #"["any", true, 1]"#, #"["any", false, "x"]"#,
    ])
    func doesNotCompile(_ expression: String) {
        #expect(failsToCompile(expression))
    }
}
